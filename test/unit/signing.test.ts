// Ed25519 compact JWS and RFC 7638 thumbprints.
import { describe, expect, it } from 'vitest';
import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import {
  generateSigningKeyPem,
  loadSigningKey,
  publicJwkOf,
  signPayload,
  verifyJws,
} from '../../src/domain/signing.ts';
import { canonicalBytes } from '../../src/domain/canonical-json.ts';

describe('RFC 7638 thumbprint', () => {
  it('matches the RFC 8037 Appendix A.3 example for the Ed25519 key', async () => {
    const x = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
    expect(await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x }, 'sha256')).toBe(
      'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
    );
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    expect((await publicJwkOf(key)).kid).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
  });
});

describe('signing', () => {
  it('signs JCS bytes and verifies them with the published JWK', async () => {
    const key = await loadSigningKey(generateSigningKeyPem());
    const payload = canonicalBytes({ schema: 'assay.attestation/v1', n: 3 });
    const jws = await signPayload(key, payload);
    const [header] = jws.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      kid: key.kid,
      typ: 'assay.attestation+jws',
    });
    const verified = await verifyJws(jws, key.publicJwk);
    expect(Buffer.from(verified.payload)).toEqual(payload);
    expect(verified.kid).toBe(key.kid);
    expect(key.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(JSON.stringify(key.publicJwk)).not.toContain('"d"');
  });

  it('fails on a changed payload byte, a changed signature or another key', async () => {
    const key = await loadSigningKey(generateSigningKeyPem());
    const other = await loadSigningKey(generateSigningKeyPem());
    const jws = await signPayload(key, canonicalBytes({ a: 1 }));
    const [h, p, s] = jws.split('.');
    const tamperedPayload = `${h}.${Buffer.from('{"a":2}').toString('base64url')}.${s}`;
    const sig = Buffer.from(s, 'base64url');
    sig[0] ^= 1;
    await expect(verifyJws(tamperedPayload, key.publicJwk)).rejects.toThrow();
    await expect(verifyJws(`${h}.${p}.${sig.toString('base64url')}`, key.publicJwk)).rejects.toThrow();
    await expect(verifyJws(jws, other.publicJwk)).rejects.toThrow();
  });

  it('refuses a key that is not Ed25519', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    await expect(loadSigningKey(pem)).rejects.toThrow(/Ed25519/);
  });
});
