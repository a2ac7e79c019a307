// AWS Signature Version 4, the three steps after the canonical request: its hash, the string to
// sign and the HMAC under the derived signing key. presignPuts (s3.ts) signs the URLs of a batch
// with these after the SDK signed its first one; the SDK stays the reference, as every batch
// checks its first URL against the SDK's before signing the rest (docs/decisions.md). Known
// answers: AWS's published examples (test/vectors/aws-sigv4.json, test/unit/sigv4.test.ts).
import { createHmac, createSecretKey, hash, type KeyObject } from 'node:crypto';

/** The signing key of one day, region and service: HMAC-SHA256 chained from `AWS4` + the secret. */
export function signingKey(secretAccessKey: string, date: string, region: string, service: string): KeyObject {
  const step = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
  const key = step(step(step(step(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createSecretKey(key);
}

/**
 * The string to sign of a canonical request made at `amzDate` (`YYYYMMDDTHHMMSSZ`) in `scope`. The
 * request's hash in one call (crypto.hash, UTF-8 as createHash's `update(s, 'utf8')`): a hash
 * object per URL cost a declare's 1,000 signatures about 3 of their 10 ms.
 */
export function stringToSign(amzDate: string, scope: string, canonicalRequest: string): string {
  return `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${hash('sha256', canonicalRequest, 'hex')}`;
}

/** The signature (lowercase hex) of a canonical request. */
export function signature(key: KeyObject, amzDate: string, scope: string, canonicalRequest: string): string {
  return createHmac('sha256', key)
    .update(stringToSign(amzDate, scope, canonicalRequest), 'utf8')
    .digest('hex');
}
