// The client packages `make clients` builds (scripts/build-clients.ts), installed as a developer
// installs them and called against a server and a worker on loopback:
//   @assay/client: the npm tarball unpacked as node_modules/@assay/client beside a program that
//     imports '@assay/client'; the program type-checks against the package's declarations, then
//     pings, creates a project, uploads a CSV (declare, PUT, process, wait) and meets an AssayError;
//   assay-client: the wheel installed by pip (no index, no dependencies: httpx and attrs come from
//     .venv/clients) and imported by a Python program that does the same through both APIs.
// Both carry the contract's version (openapi.yaml info.version). Without python3 the suite skips
// with the reason; under CI=true it fails instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules', '.bin');
const PYTHON = join(ROOT, '.venv', 'clients', 'bin', 'python');
const version = (parse(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8')) as { info: { version: string } }).info.version;
const ci = process.env.CI === 'true';
const noPython = (await run('sh', ['-c', 'command -v python3']).then(
  () => false,
  () => true,
))
  ? 'no python3 on PATH'
  : null;

const TS_PROGRAM = `import { AssayError, developerClient, ok, uploadFiles, type DeveloperSchemas } from '@assay/client';

export async function main(baseUrl: string, apiKey: string) {
  const api = developerClient({ baseUrl, apiKey });
  const pong: boolean = (await ok(api.GET('/ping'))).pong;
  const spec: DeveloperSchemas['ProjectSpec'] = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
  };
  const project = await ok(api.POST('/projects', { body: { name: 'Installed', spec } }));
  const csv = 'id,t\\n1,a\\n2,b\\n3,c\\n';
  const { status } = await uploadFiles(api, project.projectId, [{ relPath: 'a.csv', content: csv }]);
  let error: AssayError | undefined;
  try {
    await ok(api.GET('/projects/{projectId}', { params: { path: { projectId: 'not-a-uuid' } } }));
  } catch (err) {
    if (err instanceof AssayError) error = err;
  }
  return { pong, run: [status.run?.status, status.run?.datapointsPersisted], error: [error?.status, error?.param] };
}
`;

const PY_PROGRAM = `import json, sys
import assay_client
from assay_client.developer import AuthenticatedClient
from assay_client.developer.api.system import ping
from assay_client.developer.api.projects import create_project
from assay_client.developer.models import CreateProjectRequest, Project
from assay_client.validator import Client
from assay_client.validator.api.validator_sign_in import request_sign_in_link
from assay_client.validator.models import SignInLinkRequest

origin, key = sys.argv[1:3]
api = AuthenticatedClient(base_url=origin + "/developer/v1", token=key)
p = ping.sync(client=api)
spec = {"version": "1.0.0", "dataset": {"format": "csv", "idField": "id"},
        "validation": {"validatorsPerDatapoint": 2, "instructions": "Rate."}}
request = CreateProjectRequest.from_dict({"name": "From Python", "spec": spec})
created = create_project.sync_detailed(client=api, body=request)
link = request_sign_in_link.sync_detailed(client=Client(base_url=origin + "/validator/v1"),
                                          body=SignInLinkRequest(email="nobody@example.com"))
print(json.dumps({
    "version": assay_client.__version__,
    "pong": p.pong,
    "created": [created.status_code, created.parsed.project_id is not None],
    "link": [link.status_code, link.parsed.accepted],
    "module": assay_client.__file__.startswith(sys.argv[3]),
}))
`;

let app: TestApp;
let dir: string;

beforeAll(async () => {
  app = await startTestApp({ worker: true });
  // Inside node_modules so that openapi-fetch, the package's one dependency, resolves from the
  // project's node_modules as it would from the developer's.
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'assay-packages-'));
}, 300_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(noPython !== null && !ci)(
  `make clients${noPython && !ci ? ` — SKIPPED: ${noPython}` : ''}`,
  { timeout: 600_000 },
  () => {
    let built: string;
    beforeAll(async () => {
      built = (await run(join(BIN, 'node'), [join(ROOT, 'scripts', 'build-clients.ts')], { cwd: ROOT })).stdout;
    }, 600_000);

    it("builds both packages at the contract's version", () => {
      expect(built).toContain(`clients/dist/assay-client-${version}.tgz`);
      expect(built).toContain(`clients/dist/assay_client-${version}-py3-none-any.whl`);
    });

    it('@assay/client installs, type-checks a program and calls the server through it', async () => {
      const target = join(dir, 'ts', 'node_modules', '@assay', 'client');
      mkdirSync(target, { recursive: true });
      await run('tar', [
        '-xzf',
        join(ROOT, 'clients', 'dist', `assay-client-${version}.tgz`),
        '-C',
        target,
        '--strip-components=1',
      ]);
      const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
      expect(manifest.version).toBe(version);
      expect(existsSync(join(target, 'dist', 'index.d.ts'))).toBe(true);
      expect(existsSync(join(target, 'src'))).toBe(false);

      writeFileSync(join(dir, 'ts', 'program.ts'), TS_PROGRAM);
      writeFileSync(
        join(dir, 'ts', 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            lib: ['es2022', 'dom'],
            types: [],
          },
          files: ['program.ts'],
        }),
      );
      writeFileSync(join(dir, 'ts', 'package.json'), '{"type":"module"}');
      const tsc = await run(join(BIN, 'tsc'), ['-p', join(dir, 'ts', 'tsconfig.json')]).catch(
        (err: { stdout: string }) => ({ stdout: err.stdout }),
      );
      expect(tsc.stdout, 'the program type-checks against the installed package').toBe('');
      const program = (await import(join(dir, 'ts', 'program.ts'))) as {
        main: (baseUrl: string, key: string) => Promise<unknown>;
      };
      expect(await program.main(`${app.url}/developer/v1`, app.orgA.originatorKey)).toEqual({
        pong: true,
        run: ['ok', 3],
        error: [400, 'projectId'],
      });
    });

    it('assay-client installs with pip and calls both APIs', async () => {
      const site = join(dir, 'py');
      const wheel = join(ROOT, 'clients', 'dist', `assay_client-${version}-py3-none-any.whl`);
      await run(PYTHON, [
        '-m',
        'pip',
        'install',
        '--quiet',
        '--disable-pip-version-check',
        '--no-index',
        '--no-deps',
        '--target',
        site,
        wheel,
      ]);
      writeFileSync(join(dir, 'call.py'), PY_PROGRAM);
      const out = await run(PYTHON, [join(dir, 'call.py'), app.url, app.orgA.originatorKey, site], {
        env: { ...process.env, PYTHONPATH: site },
      });
      expect(JSON.parse(out.stdout)).toEqual({
        version,
        pong: true,
        created: [201, true],
        link: [202, true],
        module: true,
      });
    });
  },
);
