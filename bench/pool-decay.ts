// The postgres.js pool decay, reproduced without the service: `max: 10`, 32 concurrent loops
// of `select 1`, rounds of 40,000 queries, queries/s per round. With postgres.js 3.4.9 as
// published, each round is slower than the one before (its connection queues never reset their
// backing arrays under steady load, and `remove()` scans them with indexOf); with the patch in
// patches/ the rounds stay flat. `BENCH=pool node bench/run.ts`. Heap used after each round is
// printed too: the never-reset arrays also grow by one slot per query.
import postgres from 'postgres';

export interface PoolDecayResult {
  rounds: { qps: number; heapMb: number }[];
  /** Last round's queries/s over the first round's. */
  ratio: number;
}

export async function poolDecayBench(
  databaseUrl: string,
  options: { rounds?: number; perRound?: number; loops?: number } = {},
): Promise<PoolDecayResult> {
  const rounds = options.rounds ?? Number(process.env.BENCH_POOL_ROUNDS ?? 6);
  const perRound = options.perRound ?? Number(process.env.BENCH_POOL_QUERIES ?? 40_000);
  const loops = options.loops ?? 32;
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  try {
    // Warm-up (connections, JIT), not counted.
    await Promise.all(
      Array.from({ length: loops }, async () => {
        for (let i = 0; i < 200; i++) await sql`select 1`;
      }),
    );
    const out: { qps: number; heapMb: number }[] = [];
    for (let r = 0; r < rounds; r++) {
      let left = perRound;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: loops }, async () => {
          while (left-- > 0) await sql`select 1`;
        }),
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      out.push({ qps: perRound / seconds, heapMb: process.memoryUsage().heapUsed / 1048576 });
    }
    return { rounds: out, ratio: out[out.length - 1].qps / out[0].qps };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function poolDecayLines(result: PoolDecayResult): string[] {
  return [
    '\npostgres.js pool, max 10, 32 loops of `select 1`\n',
    '| round | queries/s | heap used MB |',
    '|---|---|---|',
    ...result.rounds.map((r, i) => `| ${i + 1} | ${r.qps.toFixed(0)} | ${r.heapMb.toFixed(1)} |`),
    `\nlast round / first round: ${result.ratio.toFixed(2)}x (flat is >= 0.9x)`,
  ];
}
