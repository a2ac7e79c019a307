import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Each test file gets its own database; two cores run two files at a time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // A test that makes no assertion fails (also one whose checks sit in a branch it did not take).
    expect: { requireAssertions: true },
  },
});
