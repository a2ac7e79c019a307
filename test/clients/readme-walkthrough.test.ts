// README.md's walkthrough, run as written: every ```sh block that follows a `<!-- walkthrough -->`
// line, in order, each in a bash of its own (as a reader pastes them), against a server and a
// worker on loopback. The blocks run in a directory that mirrors the checkout (a symbolic link to
// each of its top-level entries) with the `.data/dev.env` `make dev` would write, so what they
// leave behind (walkthrough.env, the programs, report.json) stays out of the tree. The one input
// a reader pastes, the sign-in link's token, is read from the log as `make dev` prints it. The
// TypeScript programs the blocks write are type-checked against the client too. Editing a block
// in README.md changes what this test runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { eventually } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** The walkthrough's shell blocks, in README order. */
function walkthroughBlocks(readme: string): string[] {
  return [...readme.matchAll(/^<!-- walkthrough -->\n```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

let app: TestApp;
let dir: string;

beforeAll(async () => {
  app = await startTestApp({ worker: true, config: { signingKey: generateSigningKeyPem() } });
  dir = mkdtempSync(join(tmpdir(), 'assay-walkthrough-'));
  // The tree's tracked top-level entries and node_modules: not what a reader's own run of the
  // walkthrough left in the checkout (walkthrough.env, report.json), which the blocks write anew.
  const tracked = (await run('git', ['ls-files'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })).stdout.split('\n');
  for (const entry of new Set([...tracked.filter(Boolean).map((f) => f.split('/')[0]!), 'node_modules']))
    symlinkSync(join(ROOT, entry), join(dir, entry));
  mkdirSync(join(dir, '.data'));
  writeFileSync(
    join(dir, '.data', 'dev.env'),
    [
      `export BASE_URL=${app.url}/developer/v1`,
      `export API_KEY=${app.orgA.originatorKey}`,
      `export DATABASE_URL=${app.databaseUrl}`,
    ].join('\n'),
  );
}, 300_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("README.md's walkthrough", () => {
  it('runs as written: a project and its upload, an invite, a vote, Auto Consensus, the verified report', async () => {
    const blocks = walkthroughBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(blocks.length).toBe(4);
    const outputs: string[] = [];
    for (const [i, block] of blocks.entries()) {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
      if (block.includes('process.env.TOKEN')) {
        // The invitation's link as `make dev` prints it (MAIL_MODE=log).
        env.TOKEN = await eventually(async () => {
          const line = app.logs.find((l) => l.includes('#token=assay_signin_'));
          return line ? /#token=(assay_signin_[A-Za-z0-9_-]+)/.exec(line)![1] : null;
        });
      }
      const out = await run('bash', ['-euo', 'pipefail', '-c', block], { cwd: dir, env, timeout: 120_000 }).catch(
        (err: { stdout: string; stderr: string; code: number }) => {
          throw new Error(
            `block ${i + 1} exited ${err.code}:\n${block}\n--- stdout\n${err.stdout}\n--- stderr\n${err.stderr}`,
          );
        },
      );
      // curl -s prints error envelopes without failing: none may appear.
      expect(out.stdout, `block ${i + 1}:\n${block}`).not.toContain('"error":{"type"');
      outputs.push(out.stdout);
    }
    expect(outputs[0]).toMatch(/project [0-9a-f-]{36}: ingest ok, 2 datapoints/);
    expect(outputs[1]).toContain('colleague@example.com');
    expect(outputs[2]).toContain('Rate correctness 0-100.');
    expect(outputs[3]).toMatch(/assay verify: OK /);

    const env = readFileSync(join(dir, 'walkthrough.env'), 'utf8');
    const projectId = /P=([0-9a-f-]{36})/.exec(env)![1]!;
    const [{ paused }] = await app.sql<{ paused: boolean }[]>`
      select paused_at is not null as paused from projects where id = ${projectId}`;
    const human = (await fx.votes(app.sql, { projectId })).filter((v) => !v.synthetic);
    const project = {
      paused,
      human: human.length,
      rating: human.length ? Math.max(...human.map((v) => Number(v.rating))) : null,
    };
    // Paused and resumed; the colleague's one vote, besides Auto Consensus's.
    expect(project).toEqual({ paused: false, human: 1, rating: 85 });
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(JSON.stringify(report)).toContain(projectId);
  }, 300_000);

  it("the blocks' TypeScript programs type-check against the client", async () => {
    writeFileSync(
      join(dir, 'walkthrough.tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2024',
          lib: ['es2024'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          allowImportingTsExtensions: true,
          erasableSyntaxOnly: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['project.ts', 'rate.ts', 'report.ts'],
      }),
    );
    const tsc = await run(join(BIN, 'tsc'), ['-p', join(dir, 'walkthrough.tsconfig.json')], { cwd: dir }).catch(
      (err: { stdout: string }) => ({ stdout: err.stdout }),
    );
    expect(tsc.stdout).toBe('');
  }, 180_000);
});
