// C2SP signed notes (c2sp.org/signed-note) with Ed25519 signatures, and the transparency-log
// checkpoint they carry (c2sp.org/tlog-checkpoint). Pure: no I/O. A Proof Report's checkpoint is
// signed with the report's own Ed25519 key, so the JWKS that verifies the JWS verifies it too.
//
// Glossary
//   note text     UTF-8 lines, each ending in a newline; what the signature covers
//   signature line  "— <key name> base64(key id || signature)", after one blank line
//   key id        the first 4 bytes of SHA-256(key name || 0x0A || 0x01 || 32-byte public key)
//   verifier key  "<key name>+<key id hex>+base64(0x01 || public key)", what a verifier is given
//   checkpoint    note text "<origin>\n<tree size>\n<base64 root hash>\n"
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The signature type byte of Ed25519 in the signed-note registry. */
const ED25519 = 0x01;
const EM_DASH = '\u2014';

const validName = (name: string): boolean => name.length > 0 && !/[\s+]/u.test(name);

/** The 32 raw bytes of an Ed25519 public key. */
export function rawPublicKey(key: KeyObject): Buffer {
  const jwk = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return Buffer.from(jwk.x, 'base64url');
}

function publicKeyOf(raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

export function noteKeyId(name: string, publicKey: Buffer): Buffer {
  if (!validName(name)) throw new Error(`invalid key name ${JSON.stringify(name)}`);
  return createHash('sha256')
    .update(Buffer.from(`${name}\n`, 'utf8'))
    .update(Buffer.of(ED25519))
    .update(publicKey)
    .digest()
    .subarray(0, 4);
}

export function verifierKey(name: string, publicKey: Buffer): string {
  const id = noteKeyId(name, publicKey).toString('hex');
  return `${name}+${id}+${Buffer.concat([Buffer.of(ED25519), publicKey]).toString('base64')}`;
}

function checkText(text: string): void {
  if (!text.endsWith('\n')) throw new Error('note text must end with a newline');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
  if (/[\u0000-\u0009\u000b-\u001f]/.test(text)) throw new Error('note text holds a control character');
}

/** The signed note: the text, a blank line and one Ed25519 signature line by `name`. */
export function signNote(text: string, name: string, privateKey: KeyObject): string {
  checkText(text);
  const id = noteKeyId(name, rawPublicKey(privateKey));
  const signature = sign(null, Buffer.from(text, 'utf8'), privateKey);
  return `${text}\n${EM_DASH} ${name} ${Buffer.concat([id, signature]).toString('base64')}\n`;
}

/**
 * Opens a signed note with one verifier key: the text, once a signature by that key (name and
 * key id) verifies. Signatures by other keys are ignored, as the spec asks; a signature by this
 * key that does not verify rejects the note. Throws with the reason otherwise.
 */
export function openNote(note: string, vkey: string): string {
  // The name holds no '+'; the base64 key may.
  const m = /^([^+]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+={0,2})$/.exec(vkey);
  if (!m || !validName(m[1])) throw new Error('malformed verifier key');
  const [, name, idHex, keyB64] = m;
  const key = Buffer.from(keyB64, 'base64');
  if (key.length !== 33 || key[0] !== ED25519 || key.toString('base64') !== keyB64)
    throw new Error('verifier key is not an Ed25519 key');
  const publicKey = key.subarray(1);
  if (noteKeyId(name, publicKey).toString('hex') !== idHex) throw new Error('verifier key id does not match its key');
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new Error('malformed note');
  const text = note.slice(0, split + 1);
  checkText(text);
  const lines = note.slice(split + 2, -1).split('\n');
  let verified = false;
  for (const line of lines) {
    const m = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/u.exec(line);
    if (!m || /\+/.test(m[1])) throw new Error('malformed signature line');
    const sig = Buffer.from(m[2], 'base64');
    if (sig.length < 4) throw new Error('malformed signature line');
    if (m[1] !== name || sig.subarray(0, 4).toString('hex') !== idHex) continue;
    if (sig.length !== 68 || !verify(null, Buffer.from(text, 'utf8'), publicKeyOf(publicKey), sig.subarray(4)))
      throw new Error(`invalid signature for key ${name}+${idHex}`);
    verified = true;
  }
  if (!verified) throw new Error(`no signature by ${name}+${idHex}`);
  return text;
}

export interface Checkpoint {
  origin: string;
  size: number;
  /** The RFC 9162 root hash, 32 bytes. */
  root: Buffer;
}

export function checkpointText(c: Checkpoint): string {
  if (!validName(c.origin)) throw new Error(`invalid origin ${JSON.stringify(c.origin)}`);
  if (!Number.isSafeInteger(c.size) || c.size < 0) throw new Error(`invalid tree size ${c.size}`);
  if (c.root.length !== 32) throw new Error('the root hash is not 32 bytes');
  return `${c.origin}\n${c.size}\n${c.root.toString('base64')}\n`;
}

/** The three mandatory lines of a checkpoint's text (extension lines are ignored). */
export function parseCheckpoint(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.length < 4 || lines[lines.length - 1] !== '' || lines.slice(0, -1).some((l) => l === ''))
    throw new Error('a checkpoint is at least three non-empty lines');
  const [origin, size, root] = lines;
  if (!/^(0|[1-9][0-9]*)$/.test(size) || !Number.isSafeInteger(Number(size)))
    throw new Error('tree size is not a decimal number');
  const hash = Buffer.from(root, 'base64');
  if (hash.length !== 32 || hash.toString('base64') !== root) throw new Error('root hash is not base64 of 32 bytes');
  return { origin, size: Number(size), root: hash };
}

/**
 * The origin (and key name) of a project's log: the deployment's host and path without its
 * scheme, then the project, e.g. `assay.example.com/projects/<projectId>`.
 */
export function checkpointOrigin(issuer: string, projectId: string): string {
  const base = issuer.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');
  return `${base}/projects/${projectId}`;
}
