// Secrets the service must read back later (webhook signing secrets: we sign with them, so a
// hash will not do; sign-in tokens until their email is sent) are stored sealed with
// AES-256-GCM under SECRETS_KEY. The row's id is bound in as associated data, so a sealed value
// copied onto another row does not open.
//
// Rotation: SECRETS_KEY holds one key, or several separated by commas, newest first. The first
// seals; any of them opens. Each sealed value names the key it was sealed under (a key id: the
// first 4 bytes of the key's SHA-256), so opening picks its key directly, and a value sealed
// under a key no longer configured fails saying which. To rotate: put the new key first and keep
// the old one after it until nothing sealed under it is still needed.
//
// Layouts: version 2: 2 | 4-byte key id | 12-byte nonce | ciphertext | 16-byte tag.
//          version 1 (before key ids): 1 | 12-byte nonce | ciphertext | 16-byte tag; every
//          configured key is tried.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const V1 = 1;
const V2 = 2;

interface Key {
  id: Buffer;
  bytes: Buffer;
}

function keysOf(secretsKey: string | null): Key[] {
  // Fails closed: a process started without SECRETS_KEY cannot create or use sealed secrets.
  if (!secretsKey) throw new Error('SECRETS_KEY is not configured');
  return secretsKey.split(',').map((k) => {
    const bytes = Buffer.from(k.trim(), 'base64');
    return { id: createHash('sha256').update(bytes).digest().subarray(0, 4), bytes };
  });
}

/** The key id (hex) SECRETS_KEY's first key seals under: for logs and rotation checks. */
export const sealingKeyId = (secretsKey: string | null): string => keysOf(secretsKey)[0].id.toString('hex');

export function seal(secretsKey: string | null, plaintext: string, boundTo: string): Buffer {
  const key = keysOf(secretsKey)[0];
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, nonce);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([V2]), key.id, nonce, body, cipher.getAuthTag()]);
}

function decrypt(key: Buffer, nonce: Buffer, body: Buffer, tag: Buffer, boundTo: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export function open(secretsKey: string | null, sealed: Uint8Array, boundTo: string): string {
  const buf = Buffer.from(sealed);
  const keys = keysOf(secretsKey);
  if (buf[0] === V2 && buf.length >= 1 + 4 + 12 + 16) {
    const id = buf.subarray(1, 5);
    const key = keys.find((k) => k.id.equals(id));
    if (!key) throw new Error(`sealed under key ${id.toString('hex')}, which SECRETS_KEY does not hold`);
    return decrypt(
      key.bytes,
      buf.subarray(5, 17),
      buf.subarray(17, buf.length - 16),
      buf.subarray(buf.length - 16),
      boundTo,
    );
  }
  if (buf[0] === V1 && buf.length >= 1 + 12 + 16) {
    for (const key of keys) {
      try {
        return decrypt(
          key.bytes,
          buf.subarray(1, 13),
          buf.subarray(13, buf.length - 16),
          buf.subarray(buf.length - 16),
          boundTo,
        );
      } catch {
        // the next key
      }
    }
    throw new Error('sealed secret (version 1) does not open with any key of SECRETS_KEY');
  }
  throw new Error('sealed secret has an unknown layout');
}
