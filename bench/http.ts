// HTTP (`BENCH=http`): GET /projects/{id} and GET /projects?limit=20 with autocannon, 32
// connections, against Assay and against a hand-written express + postgres.js server doing the
// same key lookup and query (bench/baseline-server.ts). Each server runs in its own process. A
// round starts every server, warms each up, then loads them in turn in short slices (2 s,
// BENCH_HTTP_SLICE_SECONDS), rotating which goes first, until each had its BENCH_SECONDS: only one
// server is loaded at a time, and servers compared are measured seconds apart, not a whole run
// apart. A round's ratio is its requests over its seconds, server against server; the figure is
// the median of the rounds' ratios.
//
// Why slices: on this machine the CPU a request costs drifts by 10-20% within one server's
// 10 s run and from run to run (bench/README.md, "HTTP"), so two 10 s runs taken one after the
// other differ by more than the code does. Interleaving both servers at a 2 s grain puts both
// under the same drift.
//
// BENCH_HTTP_EARLIER=<checkout>: a third server in every round, Assay as another checkout builds
// it (`git worktree add ../earlier <commit>` with its own node_modules), on the same database and
// against the same baseline. "The benchmark keeps its ratio" is then read from one run: the two
// ratios side by side and, per round, this checkout's requests/s over the earlier one's, and the
// same over every pair of neighbouring slices.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startAssayServer, startChild, stopChild } from './children.ts';
import { median, quartiles } from './stats.ts';

const CONNECTIONS = 32;
const TARGET = 0.8;
/** The offered rate of the cost slices, as a share of the lowest throughput of the round's servers. */
const COST_RATE_SHARE = 0.6;

interface LoadRun {
  rps: number;
  p99: number;
  errors: number;
  /** The server's CPU per request, in microseconds. */
  cpuPerRequest: number;
}

/** One autocannon run: its figures and what they came from. */
type Slice = LoadRun & { requests: number; seconds: number; cpu: number };

/** The CPU time (user + system, all threads) a process has used, in milliseconds (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime
}

/**
 * One autocannon run: its figures and what they came from. With `rate`, autocannon offers that
 * many requests a second in all, and the figure that counts is the server's CPU per request.
 */
async function load(url: string, key: string, seconds: number, pid: number, rate?: number): Promise<Slice> {
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
    ...(rate ? { overallRate: rate } : {}),
  });
  const cpu = cpuMs(pid) - before;
  const errors = result.errors + result.timeouts + result.non2xx;
  const requests = result.requests.total;
  return {
    rps: requests / result.duration,
    p99: result.latency.p99,
    errors,
    requests,
    seconds: result.duration,
    cpu,
    cpuPerRequest: (cpu * 1000) / requests,
  };
}

/** A server's slices in one round, together: requests over seconds, the slices' median p99, errors summed. */
function together(slices: Slice[]): LoadRun {
  const requests = slices.reduce((n, x) => n + x.requests, 0);
  const seconds = slices.reduce((n, x) => n + x.seconds, 0);
  return {
    rps: requests / seconds,
    p99: median(slices.map((x) => x.p99)),
    errors: slices.reduce((n, x) => n + x.errors, 0),
    cpuPerRequest: (slices.reduce((n, x) => n + x.cpu, 0) * 1000) / requests,
  };
}

const times = (xs: number[]) => xs.map((x) => `${x.toFixed(2)}x`).join(', ');

type Server = 'assay' | 'baseline' | 'earlier';

export interface HttpOptions {
  env: NodeJS.ProcessEnv;
  apiKey: string;
  projectId: string;
  seconds: number;
  /** Each server's seconds of a round come in slices this long, the servers in turn. */
  sliceSeconds: number;
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
  const costRows: string[] = [];
  let met = true;
  for (const route of routes) {
    const rounds: Record<Server, LoadRun>[] = [];
    const costs: (Record<Server, LoadRun> & { rate: number })[] = [];
    /** This checkout's requests/s over the earlier one's, in neighbouring slices. */
    const sliceAgainst: number[] = [];
    const slices = Math.max(1, Math.round(o.seconds / o.sliceSeconds));
    for (let round = 0; round < o.rounds; round++) {
      const started: Partial<Record<Server, Awaited<ReturnType<typeof startChild>>>> = {};
      for (const which of servers)
        started[which] =
          which === 'baseline'
            ? await startChild('bench/baseline-server.ts', o.env)
            : await startAssayServer(o.env, which === 'earlier' ? o.earlier : undefined);
      const loadOf = (which: Server, seconds: number, rate?: number) =>
        load(started[which]!.url + route.path, o.apiKey, seconds, started[which]!.child.pid!, rate);
      for (const which of servers) await loadOf(which, 2); // warm-up: JIT, pool
      /** Slices of every server in turn, the order rotating: each is first, second (and third) equally often. */
      const inTurn = async (rate?: number) => {
        const runs = Object.fromEntries(servers.map((w) => [w, [] as Slice[]]));
        for (let slice = 0; slice < slices; slice++) {
          const turn = round * slices + slice;
          const order = servers.map((_, i) => servers[(i + turn) % servers.length]!);
          const got: Partial<Record<Server, Slice>> = {};
          for (const which of order) got[which] = await loadOf(which, o.sliceSeconds, rate);
          for (const which of servers) runs[which]!.push(got[which]!);
          if (got.earlier && !rate) sliceAgainst.push(got.assay!.rps / got.earlier.rps);
        }
        return Object.fromEntries(servers.map((w) => [w, together(runs[w]!)])) as Record<Server, LoadRun>;
      };
      const flat = await inTurn();
      rounds.push(flat);
      // The same servers at one offered rate every one of them kept up with: what a request costs
      // the server's CPU, whatever step of throughput (bench/README.md) a start landed on.
      const rate = Math.round(COST_RATE_SHARE * Math.min(...servers.map((w) => flat[w].rps)));
      const cost = await inTurn(rate);
      costs.push({ rate, ...cost });
      for (const which of servers) await stopChild(started[which]!.child);
    }
    const ratios = rounds.map((r) => r.assay.rps / r.baseline.rps);
    const ratio = median(ratios);
    const errors = rounds.reduce((n, r) => n + servers.reduce((m, s) => m + r[s].errors, 0), 0);
    if (errors || ratio < TARGET) met = false;
    // Cost ratios: the baseline's (or the earlier checkout's) CPU per request over this one's, so
    // that above 1 this checkout spends less, as a throughput ratio above 1 says it answers more.
    const costRatios = costs.map((c) => c.baseline.cpuPerRequest / c.assay.cpuPerRequest);
    const costErrors = costs.reduce((n, c) => n + servers.reduce((m, s) => m + c[s].errors, 0), 0);
    const us = (c: LoadRun) => c.cpuPerRequest.toFixed(0);
    costRows.push(
      `| ${route.name} | ${costs.map((c) => c.rate).join(', ')} | ` +
        `${costs.map((c) => `${us(c.assay)} / ${us(c.baseline)}`).join(', ')} | ` +
        `${times(costRatios)} | ${median(costRatios).toFixed(2)}x | ${costErrors} |` +
        (o.earlier
          ? ` ${costs.map((c) => us(c.earlier)).join(', ')} | ` +
            `${median(costs.map((c) => c.baseline.cpuPerRequest / c.earlier.cpuPerRequest)).toFixed(2)}x | ` +
            `${times(costs.map((c) => c.earlier.cpuPerRequest / c.assay.cpuPerRequest))} | ` +
            `${median(costs.map((c) => c.earlier.cpuPerRequest / c.assay.cpuPerRequest)).toFixed(2)}x |`
          : ''),
    );
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
      const q = quartiles(sliceAgainst);
      keeps.push(
        `| ${route.name} | ${earlierRps} | ${times(earlier)} | ${median(earlier).toFixed(2)}x | ` +
          `${ratio.toFixed(2)}x | ${times(against)} | ${median(against).toFixed(2)}x | ` +
          `${q[1].toFixed(2)}x (${q[0].toFixed(2)}-${q[2].toFixed(2)}x, ${sliceAgainst.length} pairs) |`,
      );
    }
  }
  const lines = [
    `\nHTTP, autocannon, ${CONNECTIONS} connections, ${o.rounds} rounds of ${o.seconds} s per server ` +
      `in slices of ${o.sliceSeconds} s\n`,
    '| route | Assay / baseline req/s, per round | ratio per round | median ratio | p99 Assay / baseline ' +
      '(medians) | errors | target |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ];
  if (o.earlier)
    lines.push(
      `\nThe same rounds, Assay at ${o.earlier} (the earlier checkout) measured beside them\n`,
      '| route | earlier req/s, per round | earlier / baseline, per round | earlier median ratio | ' +
        'this median ratio | this / earlier, per round | median this / earlier | ' +
        'this / earlier over neighbouring slices: median (quartiles) |',
      '|---|---|---|---|---|---|---|---|',
      ...keeps,
    );
  lines.push(
    `\nThe same rounds, every server at one offered rate (${COST_RATE_SHARE} of the round's lowest req/s above), ` +
      `server CPU per request (all threads, /proc), microseconds; cost ratio = baseline's over Assay's\n`,
    '| route | rate per round (req/s) | Assay / baseline us per request | cost ratio per round | median cost ratio | ' +
      'errors |' +
      (o.earlier
        ? ' earlier us per request | earlier median cost ratio | earlier / this, per round | median earlier / this |'
        : ''),
    `|---|---|---|---|---|---|${o.earlier ? '---|---|---|---|' : ''}`,
    ...costRows,
  );
  return { lines, met };
}
