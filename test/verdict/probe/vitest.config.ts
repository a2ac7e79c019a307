// A config for the verdict's own test (test/verdict/verdict.test.ts): runs only the probe files
// named in PROBE, which are never part of the normal run (they do not end in .test.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [process.env.PROBE ?? 'test/verdict/probe/none'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
  },
});
