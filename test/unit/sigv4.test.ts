// SigV4's last three steps (src/storage/sigv4.ts) against AWS's published examples
// (test/vectors/aws-sigv4.json): the derived signing key, the string to sign and the signature.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signature, signingKey, stringToSign } from '../../src/storage/sigv4.ts';

interface Example {
  secretAccessKey: string;
  date: string;
  region: string;
  service: string;
  amzDate: string;
  scope: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/aws-sigv4.json', import.meta.url), 'utf8'));
const examples: [string, Example][] = [
  ['S3 presigned GET', vectors.s3PresignedGet],
  ['get-vanilla-query-order-key-case', vectors.getVanillaQueryOrderKeyCase],
];

describe('SigV4', () => {
  it('derives the published signing key', () => {
    const v = vectors.derivedSigningKey;
    const key = signingKey(v.secretAccessKey, v.date, v.region, v.service);
    expect(key.export().toString('hex')).toBe(v.signingKeyHex);
  });

  it.each(examples)('gives the published string to sign and signature: %s', (_, v) => {
    expect(stringToSign(v.amzDate, v.scope, v.canonicalRequest)).toBe(v.stringToSign);
    const key = signingKey(v.secretAccessKey, v.date, v.region, v.service);
    expect(signature(key, v.amzDate, v.scope, v.canonicalRequest)).toBe(v.signature);
    // One byte changed anywhere in the request changes the signature.
    expect(signature(key, v.amzDate, v.scope, `${v.canonicalRequest} `)).not.toBe(v.signature);
  });
});
