#!/usr/bin/env node
// Runs the assay CLI on the project's own Node 24 (the machine's node may be older and cannot
// run the TypeScript sources directly).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

const major = Number(process.versions.node.split('.')[0]);
const node = major >= 24 ? process.execPath : createRequire(import.meta.url).resolve('node/bin/node');
const entry = fileURLToPath(new URL('../src/cli/assay.ts', import.meta.url));
// Workers stream large files: small V8 young generation and a capped old space keep their memory
// flat (bench/README.md: 269 MB -> 176 MB peak RSS for a 1,000,000-row ingest).
const workerFlags =
  process.argv[2] === 'worker'
    ? JSON.parse(readFileSync(new URL('../src/jobs/worker-node-flags.json', import.meta.url), 'utf8'))
    : [];
const result = spawnSync(node, [...workerFlags, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
