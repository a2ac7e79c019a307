// API key material. A key is `assay_live_` + 32 base62 characters (about 190 bits of entropy).
// Only its SHA-256 is stored: a database leak does not leak usable keys, and because the key is
// high-entropy a plain (unsalted) hash is enough and keeps lookup a single indexed equality.
import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'assay_live_';
export const KEY_PATTERN = /^assay_live_[0-9A-Za-z]{32}$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function generateApiKey(): string {
  let out = '';
  while (out.length < 32) {
    for (const byte of randomBytes(48)) {
      // Rejection sampling: 248 = 4 * 62, so bytes below it map uniformly onto base62.
      if (byte < 248 && out.length < 32) out += BASE62[byte % 62];
    }
  }
  return KEY_PREFIX + out;
}

export const hashApiKey = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();
