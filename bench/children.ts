// A benchmark's server in a child process of its own: started, its URL read from its first line
// of output, stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The V8 flags `assay serve` runs with in `tree` (src/http/server-node-flags.json, as bin/assay.js
 * and the image read them), so a benchmark measures the server as it is deployed; none for a
 * checkout from before the file.
 */
export function serverNodeFlags(tree = '.'): string[] {
  const file = join(tree, 'src/http/server-node-flags.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
}

/** Assay's API server (bench/assay-server.ts) of `tree` (default this checkout), with its V8 flags. */
export const startAssayServer = (env: NodeJS.ProcessEnv, tree?: string) =>
  startChild('bench/assay-server.ts', env, tree, serverNodeFlags(tree));

/**
 * Starts `script` (a path inside `tree`, default this checkout) with `env` on top of this
 * process's environment and `nodeFlags` before it, and waits for the `{"url": ...}` line it prints when it listens.
 */
export async function startChild(
  script: string,
  env: NodeJS.ProcessEnv,
  tree?: string,
  nodeFlags: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...nodeFlags, tree ? join(tree, script) : script], {
    cwd: tree,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: JSON.parse(line.toString().split('\n')[0]).url, child };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'exit');
}
