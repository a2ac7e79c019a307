#!/usr/bin/env node
// Runs the assay CLI on the project's own Node 24 (the machine's node may be older and cannot
// run the TypeScript sources directly).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
const node = major >= 24 ? process.execPath : createRequire(import.meta.url).resolve('node/bin/node');
const entry = fileURLToPath(new URL('../src/cli/assay.ts', import.meta.url));
const result = spawnSync(node, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
