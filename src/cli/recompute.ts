// `assay verify --recompute VOTES.jsonl`: every figure of a format 2 Proof Report recomputed from
// the committed leaves (the votes_jsonl export), streamed line by line so memory stays flat
// whatever the report's size (docs/verifying.md, "Recomputing every figure"):
//   - line 1 is the compiled spec: SHA-256 = digests.config; its consensus rules are the ones re-run
//   - then per decision its results leaf and the vote leaves it names (votes.first, votes.count):
//     every leaf folds into its tree's root, which must be digests.results / digests.votes
//   - each datapoint's mean, median and strength (src/domain/consensus.ts on the committed
//     ratings and weights) must be the signed doubles, its contested flag the rule's outcome, its
//     votes in time order, each class-weighted vote at its class's consensusWeight
//   - the headlines, and statistics.alpha, alphaByClass, alphaByType (the bootstrap from the
//     committed seed) must be the signed ones.
// A difference names the datapoint or the figure.
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { consensusFigures, type Vote } from '../domain/consensus.ts';
import { leafHash, MerkleRootBuilder } from '../domain/merkle.ts';
import { prefixed, PAYLOAD_SCHEMA } from '../domain/proof.ts';
import { AlphaAccumulator, DEFAULT_DRAWS } from '../domain/reliability.ts';
import { signedAlpha, signedDecimal } from '../domain/statistics.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import { schemaDefaults } from '../generated/operations.ts';

/** The consensus rules of a compiled spec, as a recomputation needs them. */
export interface RecomputeRules {
  method: string;
  minStrength: number;
  maxEscalations: number;
  classes: { id: string; type: string; consensusWeight: number }[];
}

// biome-ignore lint/suspicious/noExplicitAny: untrusted JSON, every field is checked where it is read.
type Json = any;

function rulesOf(config: Json): RecomputeRules {
  const c = config?.consensus ?? {};
  const classes = Array.isArray(config?.validators?.classes) ? config.validators.classes : [];
  return {
    // A compiled spec carries every rule; the contract's defaults for one that does not.
    method: typeof c.method === 'string' ? c.method : schemaDefaults.consensus.method,
    minStrength: typeof c.minStrength === 'number' ? c.minStrength : schemaDefaults.consensus.minStrength,
    maxEscalations: typeof c.maxEscalations === 'number' ? c.maxEscalations : schemaDefaults.consensus.maxEscalations,
    classes: classes.map((k: Json) => ({
      id: String(k.id),
      type: String(k.type),
      consensusWeight: typeof k.consensusWeight === 'number' ? k.consensusWeight : 1,
    })),
  };
}

const number = (s: unknown): number => (typeof s === 'string' && s !== '' ? Number(s) : Number.NaN);

/**
 * What differs between a results leaf and the figures its votes give under the rules (empty when
 * nothing does). `rules` null: mean, median and strength only (an inclusion proof without the config).
 */
export function datapointDifferences(result: Json, votes: Json[], rules: RecomputeRules | null): string[] {
  const out: string[] = [];
  if (votes.length === 0) return ['no votes'];
  const weighted: Vote[] = [];
  let previousTime = '';
  for (const [i, v] of votes.entries()) {
    if (v?.datapointId !== result.datapointId) out.push(`vote ${i} names datapoint ${v?.datapointId}`);
    const rating = number(v?.rating);
    const weight = number(v?.weight);
    // An AI vote cast in shadow carried weight 0: committed, in no decision (docs/quality.md).
    if (weight === 0 && v?.aiConfig != null) continue;
    if (!(rating >= 0 && rating <= 100) || !(weight > 0)) {
      out.push(`vote ${i} has rating ${v?.rating} and weight ${v?.weight}`);
      continue;
    }
    if (typeof v.votedAt !== 'string' || v.votedAt < previousTime) out.push(`vote ${i} is out of time order`);
    previousTime = String(v.votedAt);
    if (rules && rules.method === 'class_weighted') {
      const cls = v.classId === null ? null : rules.classes.find((c) => c.id === v.classId);
      if (cls === undefined) out.push(`vote ${i} has class ${v.classId}, not in the spec`);
      // An AI vote's weight may be scaled down by the spec's cap on the AI share.
      else if (v.aiConfig == null && weight !== (cls?.consensusWeight ?? 1))
        out.push(`vote ${i} carried weight ${v.weight}, its class's consensusWeight is ${cls?.consensusWeight ?? 1}`);
    }
    weighted.push({ rating, weight });
  }
  if (out.length) return out;
  const f = consensusFigures(weighted);
  const figures: [string, number][] = [
    ['qualityRatingMean', f.mean],
    ['qualityRatingMedian', f.median],
    ['consensusStrength', f.strength],
  ];
  for (const [name, value] of figures)
    if (result[name] !== signedDecimal(value))
      out.push(`${name} ${result[name]} recomputes to ${signedDecimal(value)}`);
  if (rules) {
    const weak = f.strength < rules.minStrength;
    if (result.contested !== weak) out.push(`contested is ${result.contested}, the rules give ${weak}`);
    if (weak && result.escalations !== rules.maxEscalations)
      out.push(`contested after ${result.escalations} escalations, the rules allow ${rules.maxEscalations}`);
    if (!weak && !(result.escalations >= 0 && result.escalations <= rules.maxEscalations))
      out.push(`escalations ${result.escalations} outside 0..${rules.maxEscalations}`);
  }
  return out;
}

export class RecomputeFailed extends Error {
  readonly check: string;
  constructor(check: string, reason: string) {
    super(reason);
    this.check = check;
  }
}

const MAX_NAMED = 20;

/**
 * Recomputes the verified payload of a format 2 report from its votes_jsonl export. Returns the
 * summary; throws RecomputeFailed naming the datapoints or figures that differ.
 */
export async function recomputeReport(payload: Json, votesPath: string): Promise<string> {
  const fail = (check: string, reason: string): never => {
    throw new RecomputeFailed(check, reason);
  };
  if (payload.schema !== PAYLOAD_SCHEMA)
    fail('recompute', `${payload.reportId} is a format 1 report (${payload.schema}): its votes are not committed`);
  const digests = payload.digests;
  const resultsRoot = new MerkleRootBuilder();
  const votesRoot = new MerkleRootBuilder();
  // Datapoint -> what differs, in the order found.
  const differing = new Map<string, string[]>();
  const note = (datapointId: string, why: string[]) => {
    differing.set(datapointId, [...(differing.get(datapointId) ?? []), ...why]);
  };
  const named = () =>
    [...differing.entries()]
      .slice(0, MAX_NAMED)
      .map(([id, why]) => `datapoint ${id}: ${why.join('; ')}`)
      .join(' | ') + (differing.size > MAX_NAMED ? ` (and ${differing.size - MAX_NAMED} more)` : '');
  let last: Json = null;
  let rules: RecomputeRules | null = null;
  let meanSum = 0;
  let strengthSum = 0;
  // Alpha over every vote, per class and per type of class, one unit (datapoint) at a time.
  const all = new AlphaAccumulator();
  const byClass = new Map<string, AlphaAccumulator>();
  const byType = { human: new AlphaAccumulator(), ai: new AlphaAccumulator() };

  let current: { result: Json; votes: Json[] } | null = null;
  let lineNo = 0;
  const finish = () => {
    if (!current) return;
    const { result, votes } = current;
    const why = datapointDifferences(result, votes, rules);
    if (why.length) note(String(result.datapointId), why);
    const ratings = votes.map((v) => number(v.rating));
    all.addUnit(ratings);
    for (const c of rules!.classes)
      byClass.get(c.id)!.addUnit(votes.filter((v) => v.classId === c.id).map((v) => number(v.rating)));
    for (const t of ['human', 'ai'] as const)
      byType[t].addUnit(
        votes
          .filter((v) => v.classId !== null && rules!.classes.find((c) => c.id === v.classId)?.type === t)
          .map((v) => number(v.rating)),
      );
    last = result;
    current = null;
  };

  const lines = createInterface({ input: createReadStream(votesPath), crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      lineNo++;
      const bytes = Buffer.from(line, 'utf8');
      if (lineNo === 1) {
        const sha = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
        if (sha !== digests.config) fail('config', `line 1 hashes to ${sha}, digests.config is ${digests.config}`);
        rules = rulesOf(JSON.parse(line));
        for (const c of rules.classes) byClass.set(c.id, new AlphaAccumulator());
        continue;
      }
      let leaf: Json;
      try {
        leaf = JSON.parse(line);
      } catch {
        return fail('votes', `line ${lineNo} is not JSON`);
      }
      if (current && current.votes.length < current.result.votes.count) {
        votesRoot.add(leafHash(bytes));
        current.votes.push(leaf);
        continue;
      }
      finish();
      // A results leaf: where its votes are must be where the stream is.
      if (typeof leaf?.votes?.first !== 'number' || typeof leaf.votes.count !== 'number') {
        // A vote of the datapoint just finished: one more than its results leaf names.
        if (last && leaf?.datapointId === last.datapointId) {
          note(String(last.datapointId), [`a vote beyond the ${last.votes.count} its results leaf names`]);
          votesRoot.add(leafHash(bytes));
          continue;
        }
        // With datapoints named already (a vote dropped before), they are what differs.
        return fail(
          differing.size ? 'recompute' : 'votes',
          `line ${lineNo} should be a results leaf (after ${resultsRoot.size} decisions, ${votesRoot.size} votes)` +
            `${leaf?.datapointId ? ` but is a vote of datapoint ${leaf.datapointId}` : ''}` +
            (differing.size ? `; before it: ${named()}` : ''),
        );
      }
      if (leaf.votes.first !== votesRoot.size)
        note(String(leaf.datapointId), [
          `its votes start at leaf ${leaf.votes.first}, the export at ${votesRoot.size}`,
        ]);
      resultsRoot.add(leafHash(bytes));
      meanSum += number(leaf.qualityRatingMean);
      strengthSum += number(leaf.consensusStrength);
      current = { result: leaf, votes: [] };
    }
  } catch (e) {
    if (e instanceof RecomputeFailed) throw e;
    if ((e as NodeJS.ErrnoException).code)
      fail('votes', `cannot read ${votesPath}: ${(e as NodeJS.ErrnoException).code}`);
    throw e;
  }
  if (lineNo === 0) fail('config', `${votesPath} is empty`);
  if (current && (current as { votes: Json[] }).votes.length < (current as { result: Json }).result.votes.count)
    note(String((current as { result: Json }).result.datapointId), ['the export ends before its votes do']);
  finish();
  if (differing.size > 0)
    fail('recompute', `${differing.size} datapoint(s) do not recompute from their votes: ${named()}`);
  if (resultsRoot.size !== digests.resultsLeaves || prefixed(resultsRoot.root()) !== digests.results)
    fail('results', `the ${resultsRoot.size} results leaves of the export do not hash to digests.results`);
  if (votesRoot.size !== digests.votesLeaves || prefixed(votesRoot.root()) !== digests.votes)
    fail('votes', `the ${votesRoot.size} vote leaves of the export do not hash to digests.votes`);

  // The headlines: round(mean of the means), round(100 x mean of the strengths), in leaf order.
  const n = resultsRoot.size;
  const quality = n === 0 ? 0 : Math.round(meanSum / n);
  const strength = n === 0 ? 0 : Math.round((100 * strengthSum) / n);
  if (quality !== payload.qualityRating)
    fail('headline', `qualityRating ${payload.qualityRating} recomputes to ${quality}`);
  if (strength !== payload.consensusStrength)
    fail('headline', `consensusStrength ${payload.consensusStrength} recomputes to ${strength}`);
  if (payload.coverage?.datapointsFinalized !== n)
    fail(
      'headline',
      `coverage.datapointsFinalized ${payload.coverage?.datapointsFinalized} differs from ${n} results leaves`,
    );

  let stats = '';
  const s = payload.statistics;
  if (s) {
    const seed = BigInt(`0x${String(digests.results).slice(7, 23)}`);
    const draws = typeof s.alpha?.draws === 'number' ? s.alpha.draws : DEFAULT_DRAWS;
    const same = (name: string, signed: Json, acc: AlphaAccumulator) => {
      const mine = canonicalJson(signedAlpha(acc.figures(seed, draws)));
      if (mine !== canonicalJson(signed)) fail('statistics', `${name} ${JSON.stringify(signed)} recomputes to ${mine}`);
    };
    same('alpha', s.alpha, all);
    for (const [i, c] of (s.alphaByClass ?? []).entries()) {
      const acc = byClass.get(c.classId);
      if (!acc) fail('statistics', `alphaByClass[${i}] names class ${c.classId}, not in the spec`);
      same(`alphaByClass[${i}] (${c.classId})`, c.alpha, acc!);
    }
    same('alphaByType.human', s.alphaByType?.human, byType.human);
    same('alphaByType.ai', s.alphaByType?.ai, byType.ai);
    stats = `, alpha ${s.alpha.value} with its interval`;
  }
  return `recomputed ${n} datapoints from ${votesRoot.size} votes (figures, headlines${stats})`;
}
