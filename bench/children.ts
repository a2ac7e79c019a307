// A benchmark's server in a child process of its own: started, its URL read from its first line
// of output, stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/**
 * Starts `script` (a path inside `tree`, default this checkout) with `env` on top of this
 * process's environment, and waits for the `{"url": ...}` line it prints when it listens.
 */
export async function startChild(
  script: string,
  env: NodeJS.ProcessEnv,
  tree?: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [tree ? join(tree, script) : script], {
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
