// The CI verdict (scripts/test-summary.mjs + test/verdict/reporter.ts) cannot say "passed"
// wrongly: it is run on probe files that pass, skip, leak an unhandled rejection or fail in a
// hook, and its last line and exit code are checked.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function verdict(probe: string, ci: boolean): { last: string; status: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PROBE: `test/verdict/probe/${probe}.probe.ts` };
  delete env.CI;
  if (ci) env.CI = 'true';
  const r = spawnSync(
    process.execPath,
    ['scripts/test-summary.mjs', '--config', 'test/verdict/probe/vitest.config.ts'],
    { env, encoding: 'utf8', timeout: 60_000 },
  );
  const out = `${r.stdout}${r.stderr}`;
  const lines = r.stdout.trim().split('\n');
  return { last: lines[lines.length - 1]!, status: r.status, out };
}

describe('the test verdict', { timeout: 120_000 }, () => {
  it('passes a clean run', () => {
    const v = verdict('passes', true);
    expect(v.last, v.out).toBe('1 passed, 0 failed');
    expect(v.status).toBe(0);
  });

  it('fails a skip that is not on the allow-list, in CI and outside', () => {
    for (const ci of [true, false]) {
      const v = verdict('skips', ci);
      expect(v.last, v.out).toBe('1 passed, 1 failed');
      expect(v.status).toBe(1);
      expect(v.out).toMatch(/FAIL unexpected skip.*is skipped/);
    }
  });

  it('fails an unhandled rejection in a passing test', () => {
    const v = verdict('leaks', false);
    expect(v.last, v.out).toBe('1 passed, 1 failed');
    expect(v.status).toBe(1);
    expect(v.out).toMatch(/FAIL unhandled error: .*unhandled on purpose/);
  });

  it('fails a file whose hook fails though every test passed', () => {
    const v = verdict('hook-fails', false);
    expect(v.last, v.out).toBe('1 passed, 1 failed');
    expect(v.status).toBe(1);
    expect(v.out).toMatch(/failed outside any test: .*teardown fails on purpose/);
  });
});
