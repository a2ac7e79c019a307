// HTTP (`BENCH=http`): GET /projects/{id} and GET /projects?limit=20 with autocannon, 32
// connections, against Assay and against a hand-written express + postgres.js server doing the
// same key lookup and query (bench/baseline-server.ts). Each server runs alone in its own process
// while measured, in rounds of one run each, in rotating order; each round's ratio compares runs
// a few seconds apart and the figure is the median of the rounds' ratios.
//
// BENCH_HTTP_EARLIER=<checkout>: a third server in every round, Assay as another checkout builds
// it (`git worktree add ../earlier <commit>` with its own node_modules), on the same database and
// against the same baseline. "The benchmark keeps its ratio" is then read from one run: the two
// ratios side by side and, per round, this checkout's requests/s over the earlier one's. Ratios
// measured on other days are not comparable: on this machine a run's throughput comes in
// scheduler steps (bench/README.md, "HTTP").
import autocannon from 'autocannon';
import { startChild, stopChild } from './children.ts';
import { median } from './stats.ts';

const CONNECTIONS = 32;
const TARGET = 0.8;

interface LoadRun {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, key: string, seconds: number): Promise<LoadRun> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p99: result.latency.p99, errors };
}

const times = (xs: number[]) => xs.map((x) => `${x.toFixed(2)}x`).join(', ');

type Server = 'assay' | 'baseline' | 'earlier';

export interface HttpOptions {
  env: NodeJS.ProcessEnv;
  apiKey: string;
  projectId: string;
  seconds: number;
  rounds: number;
  /** A checkout of an earlier commit, measured beside this one in every round. */
  earlier?: string;
}

export async function httpBench(o: HttpOptions): Promise<{ lines: string[]; met: boolean }> {
  const routes = [
    { name: 'GET /projects/{projectId}', path: `/developer/v1/projects/${o.projectId}` },
    { name: 'GET /projects?limit=20', path: '/developer/v1/projects?limit=20' },
  ];
  const servers: Server[] = o.earlier ? ['assay', 'baseline', 'earlier'] : ['assay', 'baseline'];
  const rows: string[] = [];
  const keeps: string[] = [];
  let met = true;
  for (const route of routes) {
    const rounds: Record<Server, LoadRun>[] = [];
    for (let round = 0; round < o.rounds; round++) {
      // Rotating order: every server is first, second (and third) equally often.
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
      const runs: Partial<Record<Server, LoadRun>> = {};
      for (const which of order) {
        const { url, child } =
          which === 'baseline'
            ? await startChild('bench/baseline-server.ts', o.env)
            : await startChild('bench/assay-server.ts', o.env, which === 'earlier' ? o.earlier : undefined);
        await load(url + route.path, o.apiKey, 2); // warm-up: JIT, connection pool
        runs[which] = await load(url + route.path, o.apiKey, o.seconds);
        await stopChild(child);
      }
      rounds.push(runs as Record<Server, LoadRun>);
    }
    const ratios = rounds.map((r) => r.assay.rps / r.baseline.rps);
    const ratio = median(ratios);
    const errors = rounds.reduce((n, r) => n + servers.reduce((m, s) => m + r[s].errors, 0), 0);
    if (errors || ratio < TARGET) met = false;
    const perRound = rounds.map((r) => `${r.assay.rps.toFixed(0)} / ${r.baseline.rps.toFixed(0)}`).join(', ');
    rows.push(
      `| ${route.name} | ${perRound} | ${times(ratios)} | ${ratio.toFixed(2)}x | ` +
        `${median(rounds.map((r) => r.assay.p99))} / ${median(rounds.map((r) => r.baseline.p99))} ms | ${errors} | ` +
        `${ratio >= TARGET ? 'met' : 'NOT met'} (>= ${TARGET}x) |`,
    );
    if (o.earlier) {
      const earlier = rounds.map((r) => r.earlier.rps / r.baseline.rps);
      const against = rounds.map((r) => r.assay.rps / r.earlier.rps);
      const earlierRps = rounds.map((r) => r.earlier.rps.toFixed(0)).join(', ');
      keeps.push(
        `| ${route.name} | ${earlierRps} | ${times(earlier)} | ${median(earlier).toFixed(2)}x | ` +
          `${ratio.toFixed(2)}x | ${times(against)} | ${median(against).toFixed(2)}x |`,
      );
    }
  }
  const lines = [
    `\nHTTP, autocannon, ${CONNECTIONS} connections, ${o.seconds} s per run, ${o.rounds} rounds\n`,
    '| route | Assay / baseline req/s, per round | ratio per round | median ratio | p99 Assay / baseline ' +
      '(medians) | errors | target |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ];
  if (o.earlier)
    lines.push(
      `\nThe same rounds, Assay at ${o.earlier} (the earlier checkout) measured beside them\n`,
      '| route | earlier req/s, per round | earlier / baseline, per round | earlier median ratio | ' +
        'this median ratio | this / earlier, per round | median this / earlier |',
      '|---|---|---|---|---|---|---|',
      ...keeps,
    );
  return { lines, met };
}
