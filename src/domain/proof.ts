// The Proof Report as data: leaf encodings, the signed payload and the digests that bind it to
// the project's spec, manifest and consensus results. Pure: no I/O (the database streams rows in,
// signing happens outside).
//
// Glossary
//   manifest leaf  JCS {checksum, datapointId}, one per datapoint, in ingestion order
//   results leaf   JCS of a terminal consensus, finalization order. Format 1 (reports signed as
//                  `assay.attestation/v1`): figures as fixed 6-decimal strings. Format 2
//                  (`assay.attestation/v2`): the exact doubles (SignedDecimal), the contested flag,
//                  the escalations and the leaf range of the datapoint's votes in the votes tree
//   vote leaf      (format 2) JCS of one vote of a decided datapoint: validator pseudonym, class,
//                  the weight it carried, rating, time, synthetic, gold, AI provenance; in vote
//                  order: decisions in finalization order, each one's votes by (time, id)
//   digests        config (SHA-256 of the JCS compiled spec), manifest, results (and votes) roots
//   attestationRoot  RFC 9162 MTH over the digests' 32 raw bytes: config, manifest, results (, votes)
// docs/decisions.md, "Votes as committed leaves", says why format 1 reports keep verifying as before.
import { canonicalBytes, canonicalJson, decimalString } from './canonical-json.ts';
import { MerkleRootBuilder, leafHash, leafHashOfText, merkleRoot, type Hash } from './merkle.ts';
import { signedDecimal, type ReportStatistics } from './statistics.ts';
import { PROOF_CHUNK_LEAVES } from './proof-chunks.ts';

/** The payload schema of reports built now (format 2: votes committed). */
export const PAYLOAD_SCHEMA = 'assay.attestation/v2';
/** Reports built before votes were committed: verify as they did. */
export const PAYLOAD_SCHEMA_V1 = 'assay.attestation/v1';
type PayloadSchema = typeof PAYLOAD_SCHEMA | typeof PAYLOAD_SCHEMA_V1;
/** The API field `schema` omits the service prefix (the API reference, section 2, Proof Report). */
export const apiSchemaOf = (schema: string): string => schema.replace(/^assay\./, '');
/** The leaf format a signed payload's trees use: 2 with votes committed, 1 before. */
export const leafFormatOf = (payload: { schema: string }): 1 | 2 => (payload.schema === PAYLOAD_SCHEMA ? 2 : 1);
const DIGEST_METHOD = 'rfc9162-sha256';

export const hex = (h: Hash): string => h.toString('hex');
export const prefixed = (h: Hash): string => `sha256:${h.toString('hex')}`;

export function parsePrefixed(value: unknown, what: string): Hash {
  if (typeof value !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(value))
    throw new Error(`${what} is not sha256:<64 hex>`);
  return Buffer.from(value.slice(7), 'hex');
}

// The leaves below are written member by member, keys in JCS order, each value as the JCS
// library writes it (a string is JSON.stringify of a well-formed string; true, false, null): the
// same bytes as canonicalBytes of the object without the generic walk, key sort and checks per
// leaf, which were most of a report build's and an inclusion proof's CPU besides hashing. A value
// of any other type takes canonicalBytes itself, so it is refused (or written) exactly as before;
// test/unit/proof.test.ts compares both on awkward values. A report build hashes the text
// straight from it (leafHashOfText), without a Buffer per leaf.
const jcsStr = (v: unknown): v is string => typeof v === 'string' && v.isWellFormed();
const jcsStrOrNull = (v: unknown): v is string | null => v === null || jcsStr(v);
const jcsBool = (v: unknown): v is boolean => typeof v === 'boolean';
const jcsInt = (v: unknown): v is number => Number.isSafeInteger(v);
const q = JSON.stringify;

const manifestLeafText = (d: { checksum: string; datapointId: string }): string =>
  jcsStr(d.checksum) && jcsStr(d.datapointId)
    ? `{"checksum":${q(d.checksum)},"datapointId":${q(d.datapointId)}}`
    : canonicalJson({ checksum: d.checksum, datapointId: d.datapointId });
export const manifestLeaf = (d: { checksum: string; datapointId: string }): Buffer =>
  Buffer.from(manifestLeafText(d), 'utf8');

export interface ResultRow {
  datapointId: string;
  consensusDecisionId: string;
  qualityRatingMean: number;
  qualityRatingMedian: number;
  consensusStrength: number;
}

/** Doubles enter the signed record as fixed decimal strings, so every language reads the same bytes. */
export const resultsLeaf = (r: ResultRow): Buffer =>
  canonicalBytes({
    consensusDecisionId: r.consensusDecisionId,
    consensusStrength: decimalString(r.consensusStrength),
    datapointId: r.datapointId,
    qualityRatingMean: decimalString(r.qualityRatingMean),
    qualityRatingMedian: decimalString(r.qualityRatingMedian),
  });

/** A results leaf of format 2: the decision as recorded, and where its votes are in the votes tree. */
export interface ResultRowV2 extends ResultRow {
  contested: boolean;
  escalations: number;
  /** Leaf indices [first, first + count) of the votes tree. */
  votes: { first: number; count: number };
}

/**
 * Format 2: figures as the exact doubles (SignedDecimal: the shortest decimal that reads back as
 * the same double), so a recomputation compares bit for bit.
 */
export const resultsLeafV2 = (r: ResultRowV2): Buffer => Buffer.from(resultsLeafV2Text(r, r.votes), 'utf8');

function resultsLeafV2Text(r: Omit<ResultRowV2, 'votes'>, votes: ResultRowV2['votes']): string {
  const strength = signedDecimal(r.consensusStrength);
  const mean = signedDecimal(r.qualityRatingMean);
  const median = signedDecimal(r.qualityRatingMedian);
  const { count, first } = votes;
  if (
    jcsStr(r.consensusDecisionId) &&
    jcsBool(r.contested) &&
    jcsStr(r.datapointId) &&
    jcsInt(r.escalations) &&
    jcsInt(count) &&
    jcsInt(first)
  )
    return (
      `{"consensusDecisionId":${q(r.consensusDecisionId)},"consensusStrength":${q(strength)},` +
      `"contested":${r.contested},"datapointId":${q(r.datapointId)},"escalations":${q(r.escalations)},` +
      `"qualityRatingMean":${q(mean)},"qualityRatingMedian":${q(median)},` +
      `"votes":{"count":${q(count)},"first":${q(first)}}}`
    );
  return canonicalJson({
    consensusDecisionId: r.consensusDecisionId,
    consensusStrength: strength,
    contested: r.contested,
    datapointId: r.datapointId,
    escalations: r.escalations,
    qualityRatingMean: mean,
    qualityRatingMedian: median,
    votes: { count, first },
  });
}

/** One vote of a decided datapoint as the votes tree commits it (format 2). */
export interface VoteLeaf {
  datapointId: string;
  /** The per-project pseudonym of the report's statistics (never an identity). */
  validator: string;
  classId: string | null;
  /** The weight the vote carried in its datapoint's decision. */
  weight: number;
  rating: number;
  votedAt: Date;
  synthetic: boolean;
  /** A vote on a gold item; such votes never enter a decision, so a committed vote has false. */
  gold: boolean;
  /** `sha256:<hex>` of the AI validator's provenance configuration, null for people and synthetic votes. */
  aiConfig: string | null;
}

export const voteLeaf = (v: VoteLeaf): Buffer => Buffer.from(voteLeafText(v), 'utf8');

function voteLeafText(v: VoteLeaf): string {
  const rating = signedDecimal(v.rating);
  const votedAt = v.votedAt.toISOString();
  const weight = signedDecimal(v.weight);
  if (
    jcsStrOrNull(v.aiConfig) &&
    jcsStrOrNull(v.classId) &&
    jcsStr(v.datapointId) &&
    jcsBool(v.gold) &&
    jcsBool(v.synthetic) &&
    jcsStr(v.validator)
  )
    return (
      `{"aiConfig":${q(v.aiConfig)},"classId":${q(v.classId)},"datapointId":${q(v.datapointId)},` +
      `"gold":${v.gold},"rating":${q(rating)},"synthetic":${v.synthetic},"validator":${q(v.validator)},` +
      `"votedAt":${q(votedAt)},"weight":${q(weight)}}`
    );
  return canonicalJson({
    aiConfig: v.aiConfig,
    classId: v.classId,
    datapointId: v.datapointId,
    gold: v.gold,
    rating,
    synthetic: v.synthetic,
    validator: v.validator,
    votedAt,
    weight,
  });
}

export interface Digests {
  method: typeof DIGEST_METHOD;
  config: string;
  manifest: string;
  manifestLeaves: number;
  results: string;
  resultsLeaves: number;
  /** Format 2 only: the votes tree's root and size. */
  votes?: string;
  votesLeaves?: number;
}

/**
 * attestationRoot = MTH(config, manifest, results) with each digest's raw 32 bytes as a leaf;
 * format 2 adds the votes root as a fourth leaf.
 */
export function attestationRootOf(d: Pick<Digests, 'config' | 'manifest' | 'results' | 'votes'>): Hash {
  const names = d.votes === undefined ? ['config', 'manifest', 'results'] : ['config', 'manifest', 'results', 'votes'];
  return merkleRoot(names.map((k) => leafHash(parsePrefixed(d[k as keyof typeof d], k))));
}

export interface ProofPayload {
  schema: PayloadSchema;
  reportId: string;
  issuedAt: string;
  issuer: string;
  orgId: string;
  orgCode: string;
  projectId: string;
  specId: string;
  specVersion: string;
  signingKeyId: string;
  qualityRating: number;
  consensusStrength: number;
  coverage: { datapointsFinalized: number; datapointsTotal: number; partial: boolean };
  testContaminated: boolean;
  digests: Digests;
  attestationRoot: string;
  /** The quality statistics (docs/quality.md); absent from reports built before them. */
  statistics?: ReportStatistics;
}

/** `PR-<yyyy>-<mmdd>-<ORG>-<seq4>` for the UTC day of `at`. */
export function reportId(at: Date, orgCode: string, seq: number): string {
  const iso = at.toISOString();
  return `PR-${iso.slice(0, 4)}-${iso.slice(5, 7)}${iso.slice(8, 10)}-${orgCode}-${String(seq).padStart(4, '0')}`;
}

/** Canonical UTC time, whole seconds: `2026-11-23T08:01:02Z`. */
export const canonicalTime = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Accumulates the trees and the headline sums while rows stream past. */
export class ReportAccumulator {
  readonly manifest = new MerkleRootBuilder();
  /** Both keep their chunk roots (blockRoots) as they hash: what inclusion proofs read one chunk by. */
  readonly results = new MerkleRootBuilder(PROOF_CHUNK_LEAVES);
  readonly votes = new MerkleRootBuilder(PROOF_CHUNK_LEAVES);
  private meanSum = 0;
  private strengthSum = 0;

  addDatapoint(d: { checksum: string; datapointId: string }): void {
    this.manifest.add(leafHashOfText(manifestLeafText(d)));
  }

  /** Adds a results leaf of format 1; returns its hash (the report's chunk roots are built from it too). */
  addResult(r: ResultRow): Hash {
    return this.addResultLeaf(r, resultsLeaf(r));
  }

  /**
   * Format 2: a decision with its votes, in vote order. The votes take the next leaves of the
   * votes tree and the results leaf names them. Returns both leaves' hashes (for chunk roots).
   */
  addDecision(
    r: ResultRow & { contested: boolean; escalations: number },
    votes: readonly VoteLeaf[],
  ): { result: Hash; votes: Hash[] } {
    const first = this.votes.size;
    const hashes = votes.map((v) => leafHashOfText(voteLeafText(v)));
    for (const h of hashes) this.votes.add(h);
    const result = this.addResultLeaf(r, resultsLeafV2Text(r, { first, count: votes.length }));
    return { result, votes: hashes };
  }

  private addResultLeaf(r: ResultRow, leaf: Buffer | string): Hash {
    const h = typeof leaf === 'string' ? leafHashOfText(leaf) : leafHash(leaf);
    this.results.add(h);
    this.meanSum += r.qualityRatingMean;
    this.strengthSum += r.consensusStrength;
    return h;
  }

  /** Headlines are round(mean of qualityRatingMean) and round(100 x mean consensusStrength). */
  headlines(): { qualityRating: number; consensusStrength: number } {
    const n = this.results.size;
    if (n === 0) return { qualityRating: 0, consensusStrength: 0 };
    return { qualityRating: Math.round(this.meanSum / n), consensusStrength: Math.round((100 * this.strengthSum) / n) };
  }

  /** The digests; with `format` 2 the votes tree's too. */
  digests(configSha256Hex: string, format: 1 | 2 = 2): Digests {
    return {
      method: DIGEST_METHOD,
      config: `sha256:${configSha256Hex}`,
      manifest: prefixed(this.manifest.root()),
      manifestLeaves: this.manifest.size,
      results: prefixed(this.results.root()),
      resultsLeaves: this.results.size,
      ...(format === 2 ? { votes: prefixed(this.votes.root()), votesLeaves: this.votes.size } : {}),
    };
  }
}

/**
 * The RFC 9162 audit path of leaf `index` in a tree of `size`, built from leaf hashes streamed in
 * order with O(log n) memory: the path is the roots of a few disjoint leaf ranges, each fed to
 * its own root builder as the leaves go by.
 */
export class StreamingAuditPath {
  private readonly ranges: { lo: number; hi: number; builder: MerkleRootBuilder }[] = [];
  private next = 0;

  constructor(index: number, size: number) {
    if (!Number.isInteger(index) || index < 0 || index >= size)
      throw new RangeError(`leaf index ${index} outside a tree of ${size}`);
    let lo = 0;
    let hi = size;
    while (hi - lo > 1) {
      let k = 1;
      while (k * 2 < hi - lo) k *= 2;
      if (index < lo + k) {
        this.ranges.push({ lo: lo + k, hi, builder: new MerkleRootBuilder() });
        hi = lo + k;
      } else {
        this.ranges.push({ lo, hi: lo + k, builder: new MerkleRootBuilder() });
        lo += k;
      }
    }
  }

  add(leaf: Hash): void {
    const i = this.next++;
    for (const r of this.ranges) if (i >= r.lo && i < r.hi) r.builder.add(leaf);
  }

  /** Bottom-up, as RFC 9162 §2.1.3.1 orders it. */
  path(): Hash[] {
    return this.ranges.map((r) => r.builder.root()).reverse();
  }
}

/**
 * Whether a report being built extends the project's previous one: while the new trees grow, it
 * records their roots at the previous report's sizes, which must be the previous report's digests
 * (RFC 9162: a tree of m leaves is consistent with one of n >= m exactly when it is the first m
 * leaves). The service signs nothing that fails this (src/services/proof-reports.ts).
 */
export class ExtendsPrevious {
  private manifestRoot: Hash | null = null;
  private resultsRoot: Hash | null = null;
  private votesRoot: Hash | null = null;
  private readonly previous: { reportId: string; digests: Digests } | null;
  /** Whether the previous report's results (and votes) are leaves of the same format as the new ones. */
  private readonly sameFormat: boolean;

  /**
   * `previous.format` 1 with a new report of format 2: the results leaves changed form once (the
   * format change of docs/decisions.md), so only the manifest is held to extend the previous one;
   * from then on the results and votes trees are too.
   */
  constructor(previous: { reportId: string; digests: Digests; format?: 1 | 2 } | null, format: 1 | 2 = 2) {
    this.previous = previous;
    this.sameFormat = (previous?.format ?? 1) === format;
  }

  /** Call after each leaf added to `acc`. */
  afterDatapoint(acc: ReportAccumulator): void {
    if (this.previous && acc.manifest.size === this.previous.digests.manifestLeaves)
      this.manifestRoot = acc.manifest.root();
  }

  afterResult(acc: ReportAccumulator): void {
    if (this.previous && acc.results.size === this.previous.digests.resultsLeaves)
      this.resultsRoot = acc.results.root();
    // The votes tree reaches the previous size after some decision (its votes come in whole).
    if (this.previous && this.votesRoot === null && acc.votes.size === this.previous.digests.votesLeaves)
      this.votesRoot = acc.votes.root();
  }

  /** Why the new trees do not extend the previous report's, or null when they do (or there is none). */
  failure(): string | null {
    if (!this.previous) return null;
    const { reportId, digests } = this.previous;
    if (this.manifestRoot === null || prefixed(this.manifestRoot) !== digests.manifest)
      return `the manifest's first ${digests.manifestLeaves} leaves no longer hash to ${reportId}'s digest`;
    if (!this.sameFormat) return null;
    if (this.resultsRoot === null || prefixed(this.resultsRoot) !== digests.results)
      return `the results' first ${digests.resultsLeaves} leaves no longer hash to ${reportId}'s digest`;
    if (digests.votes !== undefined && (this.votesRoot === null || prefixed(this.votesRoot) !== digests.votes))
      return `the votes' first ${digests.votesLeaves} leaves no longer hash to ${reportId}'s digest`;
    return null;
  }
}
