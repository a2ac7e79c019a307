// `assay verify --recompute` benchmark (BENCH=recompute): a signed format 2 Proof Report of
// BENCH_RECOMPUTE_DATAPOINTS decided datapoints (default 1,000,000), three votes each, and its
// votes_jsonl export (config line, then each results leaf and its vote leaves), written to a
// temporary directory by this process with the service's own leaf and payload code (no database:
// the verifier only reads files). Then, each in a fresh Node child, one after the other:
//   recompute: `assay verify REPORT --jwks JWKS --recompute VOTES` (the whole CLI: JWS,
//              every leaf against both roots, every datapoint's figures, headlines, alpha with its
//              1,000-draw bootstrap), wall time and peak RSS (GNU time);
//   baseline:  the same file read line by line and SHA-256(0x00 || line) of every leaf, nothing else.
// Memory flat means the peak RSS does not grow with the size: the run at N/10 is printed beside it.
//
// Run as a script (`node bench/recompute.ts --baseline-child FILE`) it is the baseline child.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, mkdtempSync, openSync, closeSync, writeSync, writeFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import { compileSpec } from '../src/domain/spec-compiler.ts';
import { consensusFigures } from '../src/domain/consensus.ts';
import { leafHash, MerkleRootBuilder } from '../src/domain/merkle.ts';
import {
  attestationRootOf,
  canonicalTime,
  manifestLeaf,
  PAYLOAD_SCHEMA,
  prefixed,
  resultsLeafV2,
  voteLeaf,
  type ProofPayload,
} from '../src/domain/proof.ts';
import { AlphaAccumulator } from '../src/domain/reliability.ts';
import { seedOfResults, signedAlpha } from '../src/domain/statistics.ts';
import { canonicalJson } from '../src/domain/canonical-json.ts';
import { generateSigningKeyPem, loadSigningKey, signPayload } from '../src/domain/signing.ts';

const N = Number(process.env.BENCH_RECOMPUTE_DATAPOINTS ?? 1_000_000);

/** Writes report.json, jwks.json and votes.jsonl for n datapoints; returns the directory. */
async function generate(n: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'assay-recompute-bench-'));
  const { compiled, sha256 } = compileSpec({
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
  });
  const fd = openSync(join(dir, 'votes.jsonl'), 'w');
  writeSync(fd, `${canonicalize(compiled)}\n`);
  const manifest = new MerkleRootBuilder();
  const results = new MerkleRootBuilder();
  const votes = new MerkleRootBuilder();
  const alpha = new AlphaAccumulator();
  let meanSum = 0;
  let strengthSum = 0;
  let lines: string[] = [];
  const t0 = Date.parse('2026-11-25T00:00:00Z');
  for (let i = 0; i < n; i++) {
    const datapointId = `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    manifest.add(leafHash(manifestLeaf({ datapointId, checksum: createHash('sha256').update(`${i}`).digest('hex') })));
    const ratings = [i % 98, (i * 7) % 101, ((i * 13) % 90) + 5];
    const f = consensusFigures(ratings.map((rating) => ({ rating, weight: 1 })));
    const result = resultsLeafV2({
      datapointId,
      consensusDecisionId: `00000000-0000-4000-9000-${i.toString(16).padStart(12, '0')}`,
      qualityRatingMean: f.mean,
      qualityRatingMedian: f.median,
      consensusStrength: f.strength,
      // minStrength 0.7, maxEscalations 2: a weak decision is contested after both escalations.
      contested: f.strength < 0.7,
      escalations: f.strength < 0.7 ? 2 : 0,
      votes: { first: votes.size, count: 3 },
    });
    results.add(leafHash(result));
    meanSum += f.mean;
    strengthSum += f.strength;
    lines.push(result.toString('utf8'));
    ratings.forEach((rating, k) => {
      const leaf = voteLeaf({
        datapointId,
        validator: `v-${k.toString(16).padStart(12, '0')}`,
        classId: null,
        weight: 1,
        rating,
        votedAt: new Date(t0 + i * 10 + k),
        synthetic: false,
        gold: false,
        aiConfig: null,
      });
      votes.add(leafHash(leaf));
      lines.push(leaf.toString('utf8'));
    });
    alpha.addUnit(ratings);
    if (lines.length >= 8192) {
      writeSync(fd, `${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length) writeSync(fd, `${lines.join('\n')}\n`);
  closeSync(fd);
  const digests = {
    method: 'rfc9162-sha256' as const,
    config: `sha256:${sha256}`,
    manifest: prefixed(manifest.root()),
    manifestLeaves: n,
    results: prefixed(results.root()),
    resultsLeaves: n,
    votes: prefixed(votes.root()),
    votesLeaves: 3 * n,
  };
  const none = () => signedAlpha(new AlphaAccumulator().figures(seedOfResults(digests.results)));
  const key = await loadSigningKey(generateSigningKeyPem());
  const payload: ProofPayload = {
    schema: PAYLOAD_SCHEMA,
    reportId: 'PR-2026-1125-BENCH-0001',
    issuedAt: canonicalTime(new Date()),
    issuer: 'https://bench.invalid',
    orgId: '00000000-0000-4000-8000-000000000001',
    orgCode: 'BENCH',
    projectId: '00000000-0000-4000-8000-000000000002',
    specId: '00000000-0000-4000-8000-000000000003',
    specVersion: '1.0.0',
    signingKeyId: key.kid,
    qualityRating: Math.round(meanSum / n),
    consensusStrength: Math.round((100 * strengthSum) / n),
    coverage: { datapointsFinalized: n, datapointsTotal: n, partial: false },
    testContaminated: false,
    digests,
    attestationRoot: prefixed(attestationRootOf(digests)),
    // The figures the verifier recomputes; the rater model's are not (docs/decisions.md).
    statistics: {
      alpha: signedAlpha(alpha.figures(seedOfResults(digests.results))),
      alphaByClass: [],
      alphaByType: { human: none(), ai: none() },
      raterModel: { method: 'alternating-projection', inconsistencyFloor: '2', priorVotes: '3', maxPrecision: '4' },
      validators: [],
      agreement: [],
    },
  };
  const jws = await signPayload(key, Buffer.from(canonicalJson(payload)));
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ jws }));
  const nbf = Math.floor(Date.now() / 1000) - 60;
  writeFileSync(join(dir, 'jwks.json'), JSON.stringify({ keys: [{ ...key.publicJwk, nbf }] }));
  return dir;
}

/** A Node child's wall time, peak RSS (GNU time's %M) and output. */
async function timedChild(args: string[]): Promise<{ ms: number; rssMb: number; out: string }> {
  const start = performance.now();
  const child = spawn('/usr/bin/time', ['-f', 'MAXRSS %M', process.execPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await once(child, 'exit');
  const ms = performance.now() - start;
  const m = /MAXRSS (\d+)/.exec(out);
  return { ms, rssMb: m ? Number(m[1]) / 1024 : Number.NaN, out: out.replace(/MAXRSS \d+\s*$/, '').trim() };
}

async function baselineChild(file: string): Promise<void> {
  let leaves = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
    leafHash(Buffer.from(line, 'utf8'));
    leaves++;
  }
  console.log(`hashed ${leaves} lines`);
}

async function measure(
  n: number,
): Promise<{ gen: number; rec: Awaited<ReturnType<typeof timedChild>>; base: Awaited<ReturnType<typeof timedChild>> }> {
  const g = performance.now();
  const dir = await generate(n);
  const gen = performance.now() - g;
  try {
    const rec = await timedChild([
      // The CLI's entry on this Node 24, as bin/assay.js runs it (without the signal-forwarding parent).
      'src/cli/assay.ts',
      'verify',
      join(dir, 'report.json'),
      '--jwks',
      join(dir, 'jwks.json'),
      '--recompute',
      join(dir, 'votes.jsonl'),
    ]);
    if (!rec.out.includes('assay verify: OK') || !rec.out.includes(`recomputed ${n} datapoints from ${3 * n} votes`))
      throw new Error(`recompute did not pass: ${rec.out.slice(0, 2000)}`);
    const base = await timedChild(['bench/recompute.ts', '--baseline-child', join(dir, 'votes.jsonl')]);
    return { gen, rec, base };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Result table lines: the small size first (memory reference), then N. */
export async function recomputeBench(): Promise<string[]> {
  const small = Math.max(1000, Math.floor(N / 10));
  const a = await measure(small);
  const b = await measure(N);
  const row = (n: number, r: Awaited<ReturnType<typeof measure>>, target: boolean) =>
    `| ${n.toLocaleString('en')} datapoints, ${(3 * n).toLocaleString('en')} votes | ` +
    `${(r.rec.ms / 1000).toFixed(1)} | ` +
    `${r.rec.rssMb.toFixed(0)} MB | ${(r.base.ms / 1000).toFixed(1)} (${r.base.rssMb.toFixed(0)} MB) | ` +
    `${(r.rec.ms / r.base.ms).toFixed(1)}x | ${target ? `<= 60 s: ${r.rec.ms <= 60_000 ? 'met' : 'NOT met'}` : ''} |`;
  return [
    `\nassay verify --recompute (the export generated in ${(b.gen / 1000).toFixed(0)} s and ` +
      `${(a.gen / 1000).toFixed(0)} s, not timed)\n`,
    '| report | recompute s | peak RSS | baseline: read + SHA-256 every line, s (RSS) | ratio | target |',
    '|---|---|---|---|---|---|',
    row(small, a, false),
    row(N, b, true),
  ];
}

if (process.argv.includes('--generate-only')) console.log(await generate(N));
else if (process.argv.includes('--baseline-child'))
  await baselineChild(process.argv[process.argv.indexOf('--baseline-child') + 1]!);
else if (import.meta.url === `file://${process.argv[1]}`) for (const l of await recomputeBench()) console.log(l);
