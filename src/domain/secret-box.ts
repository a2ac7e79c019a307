// Secrets the service must read back later (webhook signing secrets: we sign with them, so a
// hash will not do) are stored sealed with AES-256-GCM under SECRETS_KEY. The row's id is bound
// in as associated data, so a sealed value copied onto another row does not open.
// Layout: version byte 1 | 12-byte nonce | ciphertext | 16-byte tag.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;

function keyOf(secretsKey: string | null): Buffer {
  // Fails closed: a process started without SECRETS_KEY cannot create or use sealed secrets.
  if (!secretsKey) throw new Error('SECRETS_KEY is not configured');
  return Buffer.from(secretsKey, 'base64');
}

export function seal(secretsKey: string | null, plaintext: string, boundTo: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretsKey), nonce);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), nonce, body, cipher.getAuthTag()]);
}

export function open(secretsKey: string | null, sealed: Uint8Array, boundTo: string): string {
  const buf = Buffer.from(sealed);
  if (buf.length < 1 + 12 + 16 || buf[0] !== VERSION) throw new Error('sealed secret has an unknown layout');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretsKey), buf.subarray(1, 13));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(buf.subarray(buf.length - 16));
  return Buffer.concat([decipher.update(buf.subarray(13, buf.length - 16)), decipher.final()]).toString('utf8');
}
