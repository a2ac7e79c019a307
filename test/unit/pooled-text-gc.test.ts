// A file list's pieces die young (src/domain/pooled-text.ts `keep`): copied into the pool by the
// making itself, in the turn they arrived. Passed on through the frames and promises that waited
// for the build budget (promoted by then), they were kept by every young collection until a full
// one, and their external memory started the full collections that set every tenant's p99 while
// an organization read full sessions in turn (bench/README.md, hostile tenants, fifth session).
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('leaves only the pool after lists made behind a budget wait and two young collections', () => {
  const out = execFileSync(process.execPath, ['--expose-gc', 'test/fixtures/file-list-survivors.ts'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const { arrayBuffers, pool } = JSON.parse(out.trim().split('\n').pop()!) as { arrayBuffers: number; pool: number };
  // Eight lists of 4 MB were made; the pool holds 12 MB. Copied after the wait's frames received
  // them, 24.8 MB more stayed (measured); copied by the making, the last list's 4 MB (its frames
  // not yet collected), whatever the number of lists.
  expect(pool).toBe(12 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(8 * 1024 * 1024);
});
