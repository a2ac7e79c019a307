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
  // Twelve lists of 1 MB were made; the pool holds 3 MB. Copied after the frames that waited
  // received them, about 1 MB a list stayed past the collections (10.6 MB more after twelve lists,
  // measured); copied by the making, about one list's (its frames not collected yet), however
  // many lists were made.
  expect(pool).toBe(3 * 1024 * 1024);
  expect(arrayBuffers - pool).toBeLessThan(3 * 1024 * 1024);
});
