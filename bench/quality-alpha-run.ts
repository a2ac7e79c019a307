// `make bench`'s part of bench/quality-alpha.ts: runs it in its own Node process (its heap
// measured alone, with --expose-gc) and turns its JSON line into the result table.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const TARGET_MS = 2000;

export async function qualityAlphaBench(): Promise<{ lines: string[]; met: boolean }> {
  const child = spawn(process.execPath, ['--expose-gc', 'bench/quality-alpha.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`bench/quality-alpha.ts exited ${code}`);
  const f = JSON.parse(out.trim().split('\n').pop()!);
  const met = f.alphaMs <= TARGET_MS;
  return {
    met,
    lines: [
      `\nAlpha with its bootstrap (1,000 replicates of ${f.pairsPerDraw.toLocaleString('en')} pairs), ` +
        `${f.datapoints.toLocaleString('en')} datapoints x 3 votes\n`,
      '| path | ms (CPU ms) | in use after the pass | target |',
      '|---|---|---|---|',
      `| alpha: one pass over the votes + bootstrap | ${f.alphaMs} (${f.alphaCpuMs}) | ${f.heldMiB} MiB ` +
        `(${f.heldMiBAtTenth} MiB at a tenth of the datapoints) | <= ${TARGET_MS} ms: ` +
        `${met ? 'met' : 'NOT met'} |`,
      `| of which the pass (closed form, coincidences) | ${f.passMs} | | |`,
      `| of which the bootstrap | ${f.bootstrapMs} | | |`,
      `| baseline: one pass summing the ratings and their squares | ${f.baselineMs} | | |`,
    ],
  };
}
