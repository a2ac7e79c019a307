// `assay verify`: checks a Proof Report offline, one named check at a time, so a failure says
// exactly which property does not hold (the JWS shape, the header, the key, the signature, the
// canonical payload, the root, or the inclusion proof).
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { verifyJws } from '../domain/signing.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import { leafHash, verifyConsistency, verifyInclusion } from '../domain/merkle.ts';
import { attestationRootOf, parsePrefixed, prefixed, PAYLOAD_SCHEMA, PAYLOAD_SCHEMA_V1 } from '../domain/proof.ts';
import { configurationHash, type AiConfiguration } from '../domain/calibration.ts';
import { checkpointOrigin, openNote, parseCheckpoint, verifierKey } from '../domain/signed-note.ts';
import { datapointDifferences, recomputeReport, RecomputeFailed } from './recompute.ts';

export type Outcome = { ok: true; summary: string } | { ok: false; check: string; reason: string };

class CheckFailed extends Error {
  readonly check: string;
  constructor(check: string, reason: string) {
    super(reason);
    this.check = check;
  }
}

const fail = (check: string, reason: string): never => {
  throw new CheckFailed(check, reason);
};

async function readSource(src: string, what: string): Promise<string> {
  if (/^https?:\/\//.test(src)) {
    const res = await fetch(src).catch((e: Error) => fail(what, `cannot fetch ${src}: ${e.message}`));
    if (!res.ok) fail(what, `${src} answered ${res.status}`);
    return res.text();
  }
  try {
    return readFileSync(src, 'utf8');
  } catch (e) {
    return fail(what, `cannot read ${src}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: untrusted JSON, every field is checked where it is read.
function parseJson(text: string, what: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return fail(what, 'not valid JSON');
  }
}

/** Parsed untrusted JSON (see parseJson). */
type Untrusted = ReturnType<typeof parseJson>;

const b64url = (s: string, what: string): Buffer => {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) fail(what, 'not base64url');
  return Buffer.from(s, 'base64url');
};

export async function verifyReport(reportText: string, jwksText: string, proofText?: string): Promise<string> {
  return (await checkReport(reportText, jwksText, proofText)).summary;
}

/** Every check of one report; returns its summary and the verified signed payload. */
async function checkReport(
  reportText: string,
  jwksText: string,
  proofText?: string,
): Promise<{ summary: string; payload: Untrusted }> {
  const report = parseJson(reportText, 'report');
  const jwks = parseJson(jwksText, 'jwks');
  if (!Array.isArray(jwks?.keys)) fail('jwks', 'no "keys" array');
  const jws: unknown = report?.jws;
  if (typeof jws !== 'string') fail('report', 'no "jws" string');
  const parts = (jws as string).split('.');
  if (parts.length !== 3 || parts.some((p) => p === ''))
    fail('jws', `not a compact JWS (expected 3 non-empty parts, got ${parts.filter(Boolean).length})`);

  const header = parseJson(b64url(parts[0], 'header').toString('utf8'), 'header');
  if (header?.alg !== 'EdDSA') fail('header', `alg is ${JSON.stringify(header?.alg)}, expected "EdDSA"`);
  if (typeof header.kid !== 'string' || header.kid === '') fail('header', 'no kid');
  if (header.typ !== undefined && typeof header.typ !== 'string') fail('header', 'typ is not a string');

  const jwk = jwks.keys.find((k: { kid?: unknown }) => k?.kid === header.kid);
  if (!jwk) fail('kid', `${header.kid} is not in the JWKS`);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string')
    fail('kid', `${header.kid} is not an Ed25519 key`);

  let signed: Uint8Array;
  try {
    signed = (await verifyJws(jws as string, jwk)).payload;
  } catch {
    return fail('signature', `does not verify with key ${header.kid}`);
  }

  const text = Buffer.from(signed).toString('utf8');
  const payload = parseJson(text, 'payload');
  let canonical: string;
  try {
    canonical = canonicalJson(payload);
  } catch (e) {
    return fail('payload', `cannot be canonicalized: ${(e as Error).message}`);
  }
  if (canonical !== text) fail('payload', 'the signed bytes are not the RFC 8785 canonical form of the payload');
  if (report.payload !== undefined && !isDeepStrictEqual(report.payload, payload))
    fail('payload', 'report.payload differs from the signed payload');
  // The report format: v1 reports (before votes were committed) verify as they did.
  if (payload.schema !== PAYLOAD_SCHEMA && payload.schema !== PAYLOAD_SCHEMA_V1)
    fail('payload', `schema is ${JSON.stringify(payload.schema)}, expected ${PAYLOAD_SCHEMA} or ${PAYLOAD_SCHEMA_V1}`);
  if ((payload.schema === PAYLOAD_SCHEMA) !== (payload.digests?.votes !== undefined))
    fail('payload', `digests.votes is required by ${PAYLOAD_SCHEMA} and absent from ${PAYLOAD_SCHEMA_V1}`);
  if (payload.signingKeyId !== header.kid) fail('kid', 'payload.signingKeyId differs from the JWS kid');
  // The key's validity window (docs/verifying.md): a retired key must not vouch for reports
  // dated after its retirement, and a compromised one for none (its holder can pick any date).
  if (jwk.revoked !== undefined)
    fail('key', `${header.kid} was marked compromised: no report it signed can be trusted`);
  if (typeof jwk.nbf !== 'number') fail('key', `${header.kid} has no validity window (nbf) in the JWKS`);
  const issuedAt = Date.parse(payload.issuedAt) / 1000;
  if (!Number.isFinite(issuedAt)) fail('payload', 'issuedAt is not a date-time');
  if (issuedAt < jwk.nbf) fail('key', `the report was issued (${payload.issuedAt}) before ${header.kid} was activated`);
  if (typeof jwk.exp === 'number' && issuedAt >= jwk.exp)
    fail('key', `the report was issued (${payload.issuedAt}) after ${header.kid} was retired`);
  for (const field of ['reportId', 'attestationRoot', 'signingKeyId', 'qualityRating', 'consensusStrength'] as const) {
    if (report[field] !== undefined && report[field] !== payload[field])
      fail('payload', `report.${field} differs from the signed payload`);
  }

  let root: string;
  try {
    root = prefixed(attestationRootOf(payload.digests ?? {}));
  } catch (e) {
    return fail('root', (e as Error).message);
  }
  if (root !== payload.attestationRoot)
    fail(
      'root',
      `MTH(config, manifest, results${payload.digests.votes === undefined ? '' : ', votes'}) is ${root}, ` +
        `payload says ${payload.attestationRoot}`,
    );

  // Each AI configuration is committed: its hash is the SHA-256 of its JCS form (docs/quality.md).
  const ai: { configuration: unknown; configurationHash: unknown }[] = payload.statistics?.ai?.configurations ?? [];
  const committed = new Set(ai.map((c) => `sha256:${String(c.configurationHash)}`));
  for (const c of ai) {
    let hash: string | null = null;
    try {
      hash = configurationHash(c.configuration as AiConfiguration);
    } catch {
      // A configuration that cannot be canonicalized is not committed either.
    }
    if (hash !== c.configurationHash)
      fail('ai', `configuration ${String(c.configurationHash)} is not the SHA-256 of its committed form`);
  }
  let summary = `${payload.reportId} signed by ${header.kid}, attestationRoot ${root}`;
  if (proofText !== undefined) {
    const proof = parseJson(proofText, 'proof');
    if (proof?.reportId !== payload.reportId)
      fail('proof', `proof is for ${proof?.reportId}, report is ${payload.reportId}`);
    if (
      typeof proof.leaf !== 'string' ||
      !Array.isArray(proof.auditPath) ||
      !proof.auditPath.every((h: unknown) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h))
    ) {
      fail('proof', 'needs a leaf string and an auditPath of 64-hex hashes');
    }
    let resultsRoot: Buffer;
    try {
      resultsRoot = parsePrefixed(payload.digests.results, 'digests.results');
    } catch (e) {
      return fail('proof', (e as Error).message);
    }
    if (proof.treeSize !== payload.digests.resultsLeaves)
      fail('proof', `treeSize ${proof.treeSize} differs from digests.resultsLeaves ${payload.digests.resultsLeaves}`);
    const ok = verifyInclusion(
      leafHash(Buffer.from(proof.leaf, 'utf8')),
      proof.leafIndex,
      proof.treeSize,
      proof.auditPath.map((h: string) => Buffer.from(h, 'hex')),
      resultsRoot,
    );
    if (!ok) fail('proof', `leaf ${proof.leafIndex} does not fold to digests.results`);
    summary += `; datapoint ${proof.datapointId} included at ${proof.leafIndex} of ${proof.treeSize}`;
    if (payload.digests.votes !== undefined) {
      summary += checkProofVotes(proof, payload);
      checkAiConfigurations(proof.votes.leaves, committed);
    }
  }
  if (report.checkpoint !== undefined) summary += `; ${checkCheckpoint(report.checkpoint, payload, jwk)}`;
  return { summary, payload };
}

/**
 * An AI vote leaf's configuration (`aiConfig`) is one the payload commits in statistics.ai
 * (docs/quality.md, "AI validators"); the leaves were folded to digests.votes by checkProofVotes.
 */
function checkAiConfigurations(leaves: { leaf: string; leafIndex: number }[], committed: Set<string>): void {
  for (const l of leaves) {
    const aiConfig = (parseJson(l.leaf, 'proof') as { aiConfig?: unknown }).aiConfig ?? null;
    if (aiConfig !== null && !committed.has(String(aiConfig)))
      fail('ai', `vote leaf ${l.leafIndex} is an AI vote of configuration ${String(aiConfig)}, not committed`);
  }
}

/**
 * A format 2 proof's votes: the range its results leaf names, each vote leaf folding to
 * digests.votes, and the datapoint's mean, median and strength recomputed from them.
 */
function checkProofVotes(proof: Untrusted, payload: Untrusted): string {
  const v = proof.votes;
  const result = parseJson(proof.leaf, 'proof');
  if (!v || !Array.isArray(v.leaves)) return fail('proof', 'a format 2 report proves the votes too: no votes');
  if (v.first !== result?.votes?.first || v.count !== result?.votes?.count || v.leaves.length !== v.count)
    fail('proof', `the votes proven are not the ${result?.votes?.count} the results leaf names`);
  if (v.treeSize !== payload.digests.votesLeaves) fail('proof', 'votes.treeSize differs from digests.votesLeaves');
  const root = parsePrefixed(payload.digests.votes, 'digests.votes');
  for (const [i, l] of v.leaves.entries()) {
    const ok =
      typeof l?.leaf === 'string' &&
      l.leafIndex === v.first + i &&
      Array.isArray(l.auditPath) &&
      l.auditPath.every((h: unknown) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h)) &&
      verifyInclusion(
        leafHash(Buffer.from(l.leaf, 'utf8')),
        l.leafIndex,
        v.treeSize,
        l.auditPath.map((h: string) => Buffer.from(h, 'hex')),
        root,
      );
    if (!ok) fail('proof', `vote leaf ${v.first + i} does not fold to digests.votes`);
  }
  // A decision with no votes is nothing the service writes; there is nothing to recompute it from.
  if (v.count === 0) return ' with no votes committed (its figures cannot be recomputed)';
  const why = datapointDifferences(
    result,
    v.leaves.map((l: { leaf: string }) => parseJson(l.leaf, 'proof')),
    null,
  );
  if (why.length) fail('recompute', `datapoint ${proof.datapointId}: ${why.join('; ')}`);
  return ` with its ${v.count} votes, figures recomputed`;
}

/**
 * The report's C2SP checkpoint: a signed note by the report's key under the key name of its
 * origin, whose three lines are the origin of the report's issuer and project, resultsLeaves and
 * digests.results.
 */
function checkCheckpoint(note: unknown, payload: Untrusted, jwk: { x: string }): string {
  if (typeof note !== 'string') return fail('checkpoint', 'not a string');
  const origin = checkpointOrigin(String(payload.issuer), String(payload.projectId));
  let text: string;
  try {
    text = openNote(note, verifierKey(origin, Buffer.from(jwk.x, 'base64url')));
  } catch (e) {
    return fail('checkpoint', `the signed note does not verify as ${origin}: ${(e as Error).message}`);
  }
  let c: ReturnType<typeof parseCheckpoint>;
  try {
    c = parseCheckpoint(text);
  } catch (e) {
    return fail('checkpoint', (e as Error).message);
  }
  if (c.origin !== origin) fail('checkpoint', `origin is ${c.origin}, expected ${origin}`);
  if (c.size !== payload.digests.resultsLeaves)
    fail('checkpoint', `tree size ${c.size} differs from digests.resultsLeaves ${payload.digests.resultsLeaves}`);
  if (prefixed(c.root) !== payload.digests.results) fail('checkpoint', 'root hash differs from digests.results');
  return `checkpoint ${c.origin} at ${c.size}`;
}

/**
 * `assay verify --consistency OLD NEW`: both reports verify on their own, belong to the same
 * project of the same issuer, OLD is not later than NEW, and the consistency proof (from
 * getProofReportConsistency) links each of OLD's trees to NEW's (RFC 9162 §2.1.4.2).
 */
async function verifyReportConsistency(
  oldText: string,
  newText: string,
  jwksText: string,
  proofText: string,
): Promise<string> {
  const older = (await checkReport(oldText, jwksText)).payload;
  const newer = (await checkReport(newText, jwksText)).payload;
  if (older.projectId !== newer.projectId || older.issuer !== newer.issuer)
    fail('project', `${older.reportId} and ${newer.reportId} are reports of different projects or issuers`);
  const a = older.digests;
  const b = newer.digests;
  if (a.resultsLeaves > b.resultsLeaves || a.manifestLeaves > b.manifestLeaves || older.issuedAt > newer.issuedAt)
    fail('order', `${older.reportId} is later than ${newer.reportId}: give the earlier report first`);
  const proof = parseJson(proofText, 'consistency');
  if (proof?.from?.reportId !== older.reportId || proof?.to?.reportId !== newer.reportId)
    fail('consistency', `the proof links ${proof?.from?.reportId} to ${proof?.to?.reportId}`);
  if (proof.projectId !== newer.projectId) fail('consistency', `the proof is for project ${proof.projectId}`);
  if ((a.votes === undefined) !== (b.votes === undefined))
    fail('consistency', `${older.reportId} and ${newer.reportId} are of different formats: not linked`);
  // Format 2: the votes tree too (absent from the proof only when the earlier one is empty).
  const trees = a.votes !== undefined && (proof.votes !== undefined || a.votesLeaves > 0) ? ['votes'] : [];
  for (const tree of ['manifest', 'results', ...trees] as const) {
    const t = proof[tree];
    if (!Array.isArray(t?.proof) || !t.proof.every((h: unknown) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h)))
      fail('consistency', `${tree}.proof is not a list of 64-hex hashes`);
    const ok = verifyConsistency(
      a[`${tree}Leaves`],
      b[`${tree}Leaves`],
      t.proof.map((h: string) => Buffer.from(h, 'hex')),
      parsePrefixed(a[tree], `digests.${tree}`),
      parsePrefixed(b[tree], `digests.${tree}`),
    );
    if (!ok)
      fail(
        'consistency',
        `the ${tree} tree of ${older.reportId} (${a[`${tree}Leaves`]} leaves) is not a prefix of ${newer.reportId}'s`,
      );
  }
  return (
    `${newer.reportId} extends ${older.reportId}: manifest ${a.manifestLeaves} -> ${b.manifestLeaves}, ` +
    `results ${a.resultsLeaves} -> ${b.resultsLeaves}`
  );
}

export async function runVerifyConsistency(a: {
  older: string;
  newer: string;
  jwks: string;
  proof: string;
}): Promise<Outcome> {
  try {
    const older = await readSource(a.older, 'report');
    const newer = await readSource(a.newer, 'report');
    const jwks = await readSource(a.jwks, 'jwks');
    const proof = await readSource(a.proof, 'consistency');
    return { ok: true, summary: await verifyReportConsistency(older, newer, jwks, proof) };
  } catch (e) {
    if (e instanceof CheckFailed) return { ok: false, check: e.check, reason: e.message };
    throw e;
  }
}

export async function runVerify(a: {
  report: string;
  jwks: string;
  proof?: string;
  /** A votes_jsonl export: recompute every figure from it. */
  recompute?: string;
}): Promise<Outcome> {
  try {
    const report = await readSource(a.report, 'report');
    const jwks = await readSource(a.jwks, 'jwks');
    const proof = a.proof === undefined ? undefined : await readSource(a.proof, 'proof');
    const checked = await checkReport(report, jwks, proof);
    if (a.recompute === undefined) return { ok: true, summary: checked.summary };
    return { ok: true, summary: `${checked.summary}; ${await recomputeReport(checked.payload, a.recompute)}` };
  } catch (e) {
    if (e instanceof CheckFailed || e instanceof RecomputeFailed)
      return { ok: false, check: e.check, reason: e.message };
    throw e;
  }
}
