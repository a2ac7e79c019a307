// Finished queries leave nothing for the young generation's collector to carry. With the arrow
// functions postgres.js made in each query's constructor (`this.resolve = x => ...`), every
// scavenge kept every finished query alive, with its rows and whoever awaited it, until the next
// full collection: the API's scavenges took 15-40 ms under a steady 200 requests a second, and
// they set every tenant's p99 (bench/README.md, hostile tenants). The patch (patches/) keeps the
// settling functions as they are and calls them from methods.
import { execFileSync } from 'node:child_process';
import { expect, inject, it } from 'vitest';

it('keeps next to nothing of 2,000 finished queries past a scavenge', () => {
  const out = execFileSync(process.execPath, ['--expose-gc', 'test/fixtures/query-survivors.ts'], {
    env: { ...process.env, DATABASE_URL: inject('adminUrl'), QUERIES: '2000' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const { kept } = JSON.parse(out.trim().split('\n').pop()!) as { kept: number[] };
  // Each query's row is about 0.6 KB, so keeping them all is over 1.2 MB; the patched driver
  // keeps about 0.1 MB (the measure's own noise) in every round.
  expect(Math.min(...kept)).toBeLessThan(400_000);
});

// postgres.js caches an Error per query template, for a query's `origin`. Until its stack was
// formatted, V8 kept the receivers of its frames, among them the template's first query, and with
// it that query's whole result, for the life of the process: a full session's file list (13 MB)
// the first time a server listed one. The patch formats the stack when the Error is cached.
it("frees a template's first result once nothing holds it", () => {
  const out = execFileSync(process.execPath, ['--expose-gc', 'test/fixtures/first-result.ts'], {
    env: { ...process.env, DATABASE_URL: inject('adminUrl') },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ freed: true });
});
