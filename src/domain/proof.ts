// The Proof Report as data: leaf encodings, the signed payload and the digests that bind it to
// the project's spec, manifest and consensus results. Pure: no I/O (the database streams rows in,
// signing happens outside).
//
// Glossary
//   manifest leaf  JCS {checksum, datapointId}, one per datapoint, in ingestion order
//   results leaf   JCS of a terminal consensus (figures as fixed 6-decimal strings), finalization order
//   digests        config (SHA-256 of the JCS compiled spec), manifest and results Merkle roots
//   attestationRoot  RFC 9162 MTH over the three digests' 32 raw bytes, in that order
import { canonicalBytes, decimalString } from './canonical-json.ts';
import { MerkleRootBuilder, leafHash, merkleRoot, type Hash } from './merkle.ts';
import type { ReportStatistics } from './statistics.ts';

export const PAYLOAD_SCHEMA = 'assay.attestation/v1';
/** The API field `schema` omits the service prefix (the API reference, section 2, Proof Report). */
export const API_SCHEMA = 'attestation/v1';
const DIGEST_METHOD = 'rfc9162-sha256';

export const hex = (h: Hash): string => h.toString('hex');
export const prefixed = (h: Hash): string => `sha256:${h.toString('hex')}`;

export function parsePrefixed(value: unknown, what: string): Hash {
  if (typeof value !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(value))
    throw new Error(`${what} is not sha256:<64 hex>`);
  return Buffer.from(value.slice(7), 'hex');
}

export const manifestLeaf = (d: { checksum: string; datapointId: string }): Buffer =>
  canonicalBytes({ checksum: d.checksum, datapointId: d.datapointId });

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

export interface Digests {
  method: typeof DIGEST_METHOD;
  config: string;
  manifest: string;
  manifestLeaves: number;
  results: string;
  resultsLeaves: number;
}

/** attestationRoot = MTH(config, manifest, results) with each digest's raw 32 bytes as a leaf. */
export function attestationRootOf(d: Pick<Digests, 'config' | 'manifest' | 'results'>): Hash {
  return merkleRoot(
    [d.config, d.manifest, d.results].map((v, i) => leafHash(parsePrefixed(v, ['config', 'manifest', 'results'][i]))),
  );
}

export interface ProofPayload {
  schema: typeof PAYLOAD_SCHEMA;
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

/** Accumulates both trees and the headline sums while rows stream past. */
export class ReportAccumulator {
  readonly manifest = new MerkleRootBuilder();
  readonly results = new MerkleRootBuilder();
  private meanSum = 0;
  private strengthSum = 0;

  addDatapoint(d: { checksum: string; datapointId: string }): void {
    this.manifest.add(leafHash(manifestLeaf(d)));
  }

  /** Adds a results leaf; returns its hash (the report's chunk roots are built from it too). */
  addResult(r: ResultRow): Hash {
    const h = leafHash(resultsLeaf(r));
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

  digests(configSha256Hex: string): Digests {
    return {
      method: DIGEST_METHOD,
      config: `sha256:${configSha256Hex}`,
      manifest: prefixed(this.manifest.root()),
      manifestLeaves: this.manifest.size,
      results: prefixed(this.results.root()),
      resultsLeaves: this.results.size,
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
  private readonly previous: { reportId: string; digests: Digests } | null;

  constructor(previous: { reportId: string; digests: Digests } | null) {
    this.previous = previous;
  }

  /** Call after each leaf added to `acc`. */
  afterDatapoint(acc: ReportAccumulator): void {
    if (this.previous && acc.manifest.size === this.previous.digests.manifestLeaves)
      this.manifestRoot = acc.manifest.root();
  }

  afterResult(acc: ReportAccumulator): void {
    if (this.previous && acc.results.size === this.previous.digests.resultsLeaves)
      this.resultsRoot = acc.results.root();
  }

  /** Why the new trees do not extend the previous report's, or null when they do (or there is none). */
  failure(): string | null {
    if (!this.previous) return null;
    const { reportId, digests } = this.previous;
    if (this.manifestRoot === null || prefixed(this.manifestRoot) !== digests.manifest)
      return `the manifest's first ${digests.manifestLeaves} leaves no longer hash to ${reportId}'s digest`;
    if (this.resultsRoot === null || prefixed(this.resultsRoot) !== digests.results)
      return `the results' first ${digests.resultsLeaves} leaves no longer hash to ${reportId}'s digest`;
    return null;
  }
}
