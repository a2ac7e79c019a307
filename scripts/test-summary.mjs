// Runs vitest and prints, as the very last line, `N passed, N failed` computed from what the
// run really did (test/verdict/reporter.ts writes it), never from vitest's exit code alone.
// Counted as failures, besides failed tests:
// - a file that failed outside any test (load error, failing beforeAll/afterAll);
// - each unhandled error (a rejected promise in a teardown, a crashed worker);
// - each failure of the global teardown (stopping the database, S3 or DNS servers);
// - each skipped or todo test, when CI=true; outside CI, each one not on the allow-list in
//   test/verdict/allowed-skips.ts (a skip there must say why it is allowed); tests left out by
//   a -t name filter on a targeted run outside CI are not counted;
// - a run that was interrupted, or that ran no test at all.
// Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowedSkips } from '../test/verdict/allowed-skips.ts';

const ci = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const dir = mkdtempSync(join(tmpdir(), 'assay-vitest-'));
const verdictFile = join(dir, 'verdict.json');
const result = spawnSync(
  'vitest',
  ['run', '--reporter=default', '--reporter=./test/verdict/reporter.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, ASSAY_VERDICT_FILE: verdictFile },
  },
);

let passed = 0;
let failed = 0;
const problems = [];
if (existsSync(verdictFile)) {
  const verdict = JSON.parse(readFileSync(verdictFile, 'utf8'));
  // A file that failed outside any test counts once below; the tests its failure kept from
  // running are listed, not counted again.
  const brokenFiles = new Set(verdict.failedFiles.map((f) => f.file));
  for (const t of verdict.tests) {
    if (t.state === 'passed') passed++;
    else if (t.state === 'failed') failed++;
    else if (t.state === 'skipped' && brokenFiles.has(t.file) && t.mode === 'run') {
      problems.push(`not run (its file failed): ${t.file} > ${t.name}`);
    } else if (t.state === 'skipped' && verdict.nameFilter && !ci && t.mode === 'skip') {
      // Left out by -t on a targeted run: not run, and not counted either way.
    } else if (t.state === 'skipped') {
      const allowed = !ci && allowedSkips.some((a) => a.file === t.file && a.name.test(t.name));
      if (allowed) {
        problems.push(`skipped (allowed outside CI): ${t.file} > ${t.name}`);
      } else {
        failed++;
        problems.push(
          `FAIL unexpected skip${
            ci ? ' (CI=true: no skip is ' + 'allowed)' : ''
          }: ${t.file} > ${t.name}${t.note ? ` (${t.note})` : ''}`,
        );
      }
    } else {
      failed++;
      problems.push(`FAIL test did not finish (${t.state}): ${t.file} > ${t.name}`);
    }
  }
  for (const f of verdict.failedFiles) {
    failed++;
    problems.push(`FAIL ${f.file} failed outside any test: ${f.errors.join(' | ').slice(0, 500)}`);
  }
  for (const e of verdict.unhandledErrors) {
    failed++;
    problems.push(`FAIL unhandled error: ${e.slice(0, 500)}`);
  }
  // The global teardown (test/global-setup.ts) runs after the reporter: its failures come apart.
  const teardown = `${verdictFile}.teardown.json`;
  if (existsSync(teardown)) {
    for (const e of JSON.parse(readFileSync(teardown, 'utf8'))) {
      failed++;
      problems.push(`FAIL global teardown: ${e.slice(0, 500)}`);
    }
  }
  if (verdict.reason === 'interrupted') {
    failed++;
    problems.push('FAIL the run was interrupted');
  }
} else {
  failed = 1;
  problems.push('FAIL vitest wrote no verdict (it crashed before the end of the run)');
}
rmSync(dir, { recursive: true, force: true });
if (passed === 0 && failed === 0) {
  failed = 1; // running no test is a failure
  problems.push('FAIL no test ran');
}
const exitCode = failed > 0 || result.status !== 0 ? 1 : 0;
if (exitCode !== 0 && failed === 0) {
  failed = 1;
  problems.push(`FAIL vitest exited with status ${result.status ?? result.signal}`);
}
for (const p of problems) console.log(p);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode);
