// The server's start order keeps Node's `process.nextTick` fast for the life of the process.
// Compiled after the start's database work (instead of before it), the validators' compile left
// the property definitions of every tick record megamorphic once traffic came, in 3 starts of 3:
// about 11 µs of CPU a request on GET /projects/{projectId} (bench/README.md, HTTP, 2026-11-29).
// The check reads V8's own feedback for that function in a server process under traffic.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { serverProcessEnv } from '../helpers/config.ts';

let app: TestApp;
let child: ChildProcess;
let lines: AsyncIterator<string>;

beforeAll(async () => {
  app = await startTestApp();
  child = spawn(
    process.execPath,
    ['--allow-natives-syntax', '--import', './test/fixtures/tick-feedback.ts', 'test/fixtures/server-process.ts'],
    {
      env: serverProcessEnv(app.databaseUrl, { RATE_LIMIT_API: 'off' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
}, 180_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await app?.close();
});

const nextLine = async (): Promise<string> => {
  const { value, done } = await lines.next();
  if (done) throw new Error('the server process ended');
  return value;
};

it("keeps the tick record's property definitions monomorphic under traffic", { timeout: 180_000 }, async () => {
  const { url } = JSON.parse(await nextLine()) as { url: string };
  const get = async () => {
    const res = await fetch(`${url}/developer/v1/projects?limit=1`, {
      headers: { authorization: `Bearer ${app.orgA.originatorKey}` },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  };
  // 8 clients, 250 requests each: V8 has long since recorded the function's feedback.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = 0; i < 250; i++) await get();
    }),
  );
  child.kill('SIGUSR2');
  const { nextTickLiteral } = JSON.parse(await nextLine()) as { nextTickLiteral: string[] };
  // Five definitions: three computed keys, `callback` and `args`.
  expect(nextTickLiteral).toHaveLength(5);
  expect(nextTickLiteral.filter((s) => s !== 'MONOMORPHIC')).toEqual([]);
});
