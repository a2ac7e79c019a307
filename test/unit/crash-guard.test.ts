// The crash guard (src/crash-guard.ts): a rejection from a lost connection that nobody awaited
// is logged and the process goes on; any other unhandled rejection still ends the process.
import { expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

const run = (kind: string) =>
  spawnSync(process.execPath, ['test/fixtures/unhandled-rejection.ts', kind], { encoding: 'utf8', timeout: 30_000 });

it("survives a lost connection's rejection, logging its code", () => {
  const r = run('connection');
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('alive');
  expect(r.stdout).toMatch(/"level":"warn".*"code":"ECONNRESET"/);
});

it('still ends the process on any other unhandled rejection', () => {
  const r = run('other');
  expect(r.status).not.toBe(0);
  expect(r.stdout).not.toContain('alive');
  expect(r.stderr).toContain('a bug');
});
