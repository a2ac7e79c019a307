// Ed25519 signing of Proof Reports: compact JWS (alg EdDSA) over the JCS bytes of the payload,
// and the public JWK with kid = RFC 7638 thumbprint. The private key only ever exists as a
// KeyObject in memory and as PKCS#8 PEM in SIGNING_KEY or the admin CLI's store; it is never
// logged or serialized into a response.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { CompactSign, calculateJwkThumbprint, compactVerify, exportJWK, importJWK, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

export interface PublicJwk extends JWK {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

export async function loadSigningKey(pkcs8Pem: string): Promise<SigningKey> {
  const privateKey = createPrivateKey({ key: pkcs8Pem, format: 'pem' });
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('the signing key must be an Ed25519 PKCS#8 private key');
  const publicJwk = await publicJwkOf(createPublicKey(privateKey));
  return { kid: publicJwk.kid, privateKey, publicJwk };
}

export async function publicJwkOf(publicKey: KeyObject): Promise<PublicJwk> {
  const jwk = await exportJWK(publicKey);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x) throw new Error('not an Ed25519 public key');
  const kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk.x }, 'sha256');
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' };
}

const JWS_TYPE = 'assay.attestation+jws';

/** Compact JWS over exactly `payload` (the JCS bytes). */
export function signPayload(key: SigningKey, payload: Uint8Array): Promise<string> {
  return new CompactSign(payload)
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: JWS_TYPE })
    .sign(key.privateKey);
}

/** Verifies a compact JWS against a JWK and returns the exact signed bytes. */
export async function verifyJws(jws: string, jwk: JWK): Promise<{ payload: Uint8Array; kid: string | undefined }> {
  const key = await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA');
  const { payload, protectedHeader } = await compactVerify(jws, key, { algorithms: ['EdDSA'] });
  return { payload, kid: protectedHeader.kid };
}
