// DSSE v1 pre-authentication encoding against the example of secure-systems-lab/dsse protocol.md
// (test/vectors/dsse-pae.json): the bytes, and the published ECDSA P-256 envelope verifying over
// exactly those bytes (so the encoding is the one real DSSE signers sign).
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dssePae } from '../../src/domain/standard-exports.ts';

const V = JSON.parse(readFileSync(join(import.meta.dirname, '../vectors/dsse-pae.json'), 'utf8'));

const coordinate = (decimal: string): string =>
  Buffer.from(BigInt(decimal).toString(16).padStart(64, '0'), 'hex').toString('base64url');

describe('DSSE PAE', () => {
  it('encodes the protocol example byte for byte', () => {
    expect(dssePae(V.payloadType, Buffer.from(V.body)).toString('utf8')).toBe(V.pae);
  });

  it('is what the published envelope signed', () => {
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: coordinate(V.ecdsaP256.x), y: coordinate(V.ecdsaP256.y) },
      format: 'jwk',
    });
    const body = Buffer.from(V.envelope.payload, 'base64');
    expect(body.toString()).toBe(V.body);
    const sig = Buffer.from(V.envelope.signatures[0].sig, 'base64');
    const ok = (pae: Buffer) => verify('sha256', pae, { key, dsaEncoding: 'ieee-p1363' }, sig);
    expect(ok(dssePae(V.envelope.payloadType, body))).toBe(true);
    expect(ok(dssePae(V.envelope.payloadType, Buffer.from('hello world!')))).toBe(false);
    expect(ok(dssePae('http://example.com/Other', body))).toBe(false);
  });

  it('counts bytes, not characters', () => {
    expect(dssePae('t', Buffer.from('é', 'utf8')).toString('utf8')).toBe('DSSEv1 1 t 2 é');
  });
});
