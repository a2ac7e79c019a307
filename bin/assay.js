#!/usr/bin/env node
// Runs the assay CLI on the project's own Node 24 (the machine's node may be older and cannot
// run the TypeScript sources directly), as a child process that gets every termination signal
// this process gets: `assay serve` and `assay worker` drain on SIGTERM and SIGINT, so the wrapper
// must not swallow them. As PID 1 of a container without an init, a signal without a handler is
// ignored by the kernel; the handlers here forward it. This process exits with the child's code
// (or, when the child died of a signal, 128 + its number, as a shell reports it). The image does
// not use this wrapper: its entry point execs node directly (deploy/image/).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';

const major = Number(process.versions.node.split('.')[0]);
const node = major >= 24 ? process.execPath : createRequire(import.meta.url).resolve('node/bin/node');
const entry = fileURLToPath(new URL('../src/cli/assay.ts', import.meta.url));
// V8 flags per command. Workers stream large files: small V8 young generation and a capped old
// space keep their memory flat (bench/README.md: 269 MB -> 176 MB peak RSS for a 1,000,000-row
// ingest). The API server runs without V8's memory reducer, whose collections after every burst
// of requests held the event loop 60-115 ms (docs/decisions.md, "The API server's V8 flags").
const FLAG_FILES = { worker: '../src/jobs/worker-node-flags.json', serve: '../src/http/server-node-flags.json' };
const flagFile = Object.hasOwn(FLAG_FILES, process.argv[2] ?? '') ? FLAG_FILES[process.argv[2]] : undefined;
const nodeFlags = flagFile ? JSON.parse(readFileSync(new URL(flagFile, import.meta.url), 'utf8')) : [];
const child = spawn(node, [...nodeFlags, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
// A Ctrl-C in a terminal reaches both processes (one process group), so the child may get SIGINT
// twice: the CLI treats a repeated signal during a drain as the same request (src/cli/assay.ts).
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR2']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (err) => {
  console.error(`assay: cannot start ${node}: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 1));
});
