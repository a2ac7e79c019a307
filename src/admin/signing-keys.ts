// Report signing keys: the public halves in `signing_keys`, their lifecycle (pending -> active
// -> retired) and the published JWKS. Private keys are never stored here, printed or logged:
// `generate` writes the PKCS#8 PEM once, to a file the operator names, with mode 0600.
import { createPublicKey } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Sql } from '../db/client.ts';
import {
  generateSigningKeyPem,
  loadSigningKey,
  publicJwkOf,
  type PublicJwk,
  type SigningKey,
} from '../domain/signing.ts';
import { AdminError } from './admin.ts';

export type KeyStatus = 'pending' | 'active' | 'retired';
export interface SigningKeyInfo {
  kid: string;
  status: KeyStatus;
  createdAt: Date;
  activatedAt: Date | null;
  retiredAt: Date | null;
}

/**
 * Creates a key pair, writes the private key to `outFile` (refusing to overwrite) and registers the public key as
 * pending.
 */
export async function generateSigningKey(sql: Sql, outFile: string): Promise<SigningKeyInfo> {
  const pem = generateSigningKeyPem();
  const key = await loadSigningKey(pem);
  try {
    // 'wx': never clobber an existing key file; 0600: the private key is readable by its owner only.
    writeFileSync(outFile, pem, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    throw new AdminError(`cannot write ${outFile}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const [row] = await sql<SigningKeyInfo[]>`
    insert into signing_keys (kid, public_jwk, status) values (${key.kid}, ${sql.json(key.publicJwk as never)},
    'pending')
    returning kid, status, created_at as "createdAt", activated_at as "activatedAt", retired_at as "retiredAt"`;
  return row;
}

/** Registers a public key (from a PEM private key file's public half) as pending if it is unknown. */
export async function importPublicKey(sql: Sql, jwk: PublicJwk): Promise<void> {
  await sql`insert into signing_keys (kid, public_jwk, status) values (${jwk.kid}, ${sql.json(jwk as never)},
    'pending') on conflict (kid) do nothing`;
}

export async function activateSigningKey(sql: Sql, kid: string): Promise<SigningKeyInfo> {
  const [row] = await sql<SigningKeyInfo[]>`
    update signing_keys set status = 'active', activated_at = coalesce(activated_at, now()), retired_at = null
    where kid = ${kid} and status <> 'retired'
    returning kid, status, created_at as "createdAt", activated_at as "activatedAt", retired_at as "retiredAt"`;
  if (!row) {
    const [exists] = await sql`select 1 from signing_keys where kid = ${kid}`;
    // A retired key stays retired: reactivating it would let a key taken out of service sign again.
    throw new AdminError(
      exists ? `signing key ${kid} is retired and cannot be activated again` : `no signing key ${kid}`,
    );
  }
  return row;
}

export async function retireSigningKey(sql: Sql, kid: string): Promise<SigningKeyInfo> {
  const [row] = await sql<SigningKeyInfo[]>`
    update signing_keys set status = 'retired', retired_at = coalesce(retired_at, now())
    where kid = ${kid}
    returning kid, status, created_at as "createdAt", activated_at as "activatedAt", retired_at as "retiredAt"`;
  if (!row) throw new AdminError(`no signing key ${kid}`);
  return row;
}

export function listSigningKeys(sql: Sql): Promise<SigningKeyInfo[]> {
  return sql<SigningKeyInfo[]>`
    select kid, status, created_at as "createdAt", activated_at as "activatedAt", retired_at as "retiredAt"
    from signing_keys order by created_at, kid`;
}

/**
 * The configured SIGNING_KEY at server start: registered as active when unknown (so configuring a
 * key is enough to publish it). A key an operator retired is left retired, and then cannot sign.
 */
export async function registerConfiguredKey(sql: Sql, key: SigningKey): Promise<KeyStatus> {
  const [row] = await sql<{ status: KeyStatus }[]>`
    insert into signing_keys (kid, public_jwk, status, activated_at) values (${key.kid},
    ${sql.json(key.publicJwk as never)}, 'active', now())
    on conflict (kid) do update set status = case when signing_keys.status = 'pending' then 'active' else
    signing_keys.status end,
      activated_at = coalesce(signing_keys.activated_at, now())
    returning status`;
  return row.status;
}

/**
 * A published key with its validity window (docs/verifying.md): `nbf` (activation) and, once
 * retired, `exp` (retirement), as NumericDate seconds, rounded outwards; a compromised key also
 * carries `revoked` ({revoked_at, reason: "compromised"}, the shape of the JWK revocation draft).
 * Verifiers accept a report only when the key has a window, is not revoked, and
 * nbf <= issuedAt < exp.
 */
export type PublishedJwk = PublicJwk & {
  nbf: number;
  exp?: number;
  revoked?: { revoked_at: number; reason: 'compromised' };
};

/** Every activated key (active or retired), oldest first, with its validity window. */
export async function publishedJwks(sql: Sql): Promise<{ keys: PublishedJwk[] }> {
  const rows = await sql<{ public_jwk: PublicJwk; nbf: number; exp: number | null; revoked_at: number | null }[]>`
    select public_jwk,
      floor(extract(epoch from activated_at))::float8 as nbf,
      ceil(extract(epoch from retired_at))::float8 as exp,
      floor(extract(epoch from compromised_at))::float8 as revoked_at
    from signing_keys where status in ('active', 'retired') and activated_at is not null order by created_at, kid`;
  return {
    keys: rows.map((r) => ({
      ...r.public_jwk,
      nbf: Number(r.nbf),
      ...(r.exp !== null ? { exp: Number(r.exp) } : {}),
      ...(r.revoked_at !== null
        ? { revoked: { revoked_at: Number(r.revoked_at), reason: 'compromised' as const } }
        : {}),
    })),
  };
}

/**
 * Marks a key compromised: retired at once (it signs no more) and published as revoked, so that
 * verifiers refuse every report it signed. Its reports are issued again by the current key: no
 * request is answered with one any more (src/db/proof-reports.ts), and the stored artifacts of
 * the projects it signed for (Proof Report builds, exports that embed the signed attestation)
 * are marked failed in the same transaction, so the next request rebuilds them. `reissued`: how
 * many artifacts were marked.
 */
export async function markCompromised(sql: Sql, kid: string): Promise<SigningKeyInfo & { reissued: number }> {
  return sql.begin(async (tx) => {
    const [row] = await tx<SigningKeyInfo[]>`
      update signing_keys set status = 'retired', retired_at = coalesce(retired_at, now()), compromised_at =
      coalesce(compromised_at, now())
      where kid = ${kid}
      returning kid, status, created_at as "createdAt", activated_at as "activatedAt", retired_at as "retiredAt"`;
    if (!row) throw new AdminError(`no signing key ${kid}`);
    const marked = await tx`
      update report_artifacts a set status = 'failed', error_code = 'proof_report_signing_unavailable',
        error_message = 'The key that signed this artifact was marked compromised; it is issued again by the ' ||
          'current key.',
        updated_at = clock_timestamp()
      where a.status = 'ready' and exists (select 1 from proof_reports r where r.project_id = a.project_id and
        r.kid = ${kid})`;
    return { ...row, reissued: marked.count };
  });
}

export async function publicJwkOfPem(pem: string): Promise<PublicJwk> {
  try {
    return await publicJwkOf(createPublicKey(pem));
  } catch {
    throw new AdminError('the key file is not an Ed25519 PKCS#8 PEM');
  }
}
