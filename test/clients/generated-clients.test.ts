// The published documents as a client sees them: each one fetched from the test server, checked
// for its shape, turned into a client by two independent generators with zero warnings, and
// called through that client against the same server.
//   TypeScript: openapi-typescript (types) + openapi-fetch; the calling program must type-check.
//   Python:     openapi-python-client in .venv/clients (scripts/python-clients-venv.sh, pinned).
// Without python3 the Python half skips with the reason; under CI=true it fails instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { documents, operationTable, operationIds, type DocumentName } from '../../src/generated/operations.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules', '.bin');
const PYTHON_VENV = join(ROOT, '.venv', 'clients');
const PYTHON_SKIP_FILE = join(ROOT, '.venv', 'clients-skip-reason');
const names = Object.keys(documents) as DocumentName[];

const pythonSkip = existsSync(join(PYTHON_VENV, 'bin', 'openapi-python-client'))
  ? null
  : existsSync(PYTHON_SKIP_FILE)
    ? readFileSync(PYTHON_SKIP_FILE, 'utf8').trim()
    : 'run scripts/python-clients-venv.sh';

type Doc = {
  servers: { url: string }[];
  info: { description?: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { properties?: object }> };
};

let app: TestApp;
let dir: string;
const served = {} as Record<DocumentName, Doc>;

beforeAll(async () => {
  app = await startTestApp();
  // Inside node_modules so the generated program resolves openapi-fetch like project code does.
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'assay-clients-'));
  for (const name of names) {
    const res = await raw(app, 'GET', documents[name].openapi);
    expect(res.status).toBe(200);
    served[name] = res.body;
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(res.body));
  }
});
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the published documents', () => {
  it.each(names)('%s: one server, its own operations, relative paths, no path-level servers', (name) => {
    const doc = served[name];
    expect(doc.servers).toEqual([{ url: documents[name].server, description: expect.any(String) }]);
    const ids = Object.values(doc.paths).flatMap((item) => {
      expect(item).not.toHaveProperty('servers');
      return Object.values(item)
        .map((op) => (op as { operationId?: string }).operationId)
        .filter(Boolean);
    });
    expect(ids.sort()).toEqual(operationIds.filter((id) => operationTable[id].document === name).sort());
    for (const path of Object.keys(doc.paths)) expect(path.startsWith(documents[name].server)).toBe(false);
  });

  it('no response schema declares $schema (only request bodies may)', () => {
    for (const name of names) {
      for (const [key, schema] of Object.entries(served[name].components.schemas)) {
        if (schema.properties && '$schema' in schema.properties)
          expect(key, `${name}: ${key}`).toMatch(/Request$|^ProjectSpec$/);
      }
    }
  });

  it('the developer document describes the JWKS, which is served at the root and in no document', async () => {
    expect(served.developer.info.description).toContain('/.well-known/jwks.json');
    expect(operationTable.getJwks.document).toBeNull();
    const jwks = await raw(app, 'GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('content-type')).toMatch(/^application\/jwk-set\+json/);
    expect(Array.isArray(jwks.body.keys)).toBe(true);
  });
});

const CLIENT_PROGRAM =
  `import createClient from 'openapi-fetch';
import type { paths as DeveloperPaths } from './developer.ts';
import type { paths as ValidatorPaths } from './validator.ts';

/** Base URLs come from each document's one server. */
export async function callBoth(origin: string, servers: { developer: string; validator: string }, apiKey: string) {
  const developer = createClient<DeveloperPaths>({ baseUrl: origin + servers.developer, headers: { Authorization: ` +
  `\`Bearer \${apiKey}\` } });
  const ping = await developer.GET('/ping');
  const pong: boolean | undefined = ping.data?.pong;
  const page = await developer.GET('/projects', { params: { query: { limit: 1 } } });
  const hasMore: boolean | undefined = page.data?.hasMore;
  const validator = createClient<ValidatorPaths>({ baseUrl: origin + servers.validator });
  const link = await validator.POST('/sign-in-links', { body: { email: 'nobody@example.com' } });
  const accepted: true | undefined = link.data?.accepted;
  const session = await validator.POST('/sessions', { body: { token: 'assay_signin_unknown' } });
  const code: string | undefined = session.error?.error.code;
  return { ping: [ping.response.status, pong], projects: [page.response.status, hasMore], link: ` +
  `[link.response.status, accepted], session: [session.response.status, code] };
}
`;

const EXPECTED = {
  ping: [200, true],
  projects: [200, false],
  link: [202, true],
  session: [400, 'sign_in_link_invalid'],
};

describe('TypeScript clients (openapi-typescript + openapi-fetch)', () => {
  it('generate without a warning, type-check, and call the server', async () => {
    for (const name of names) {
      const out = await run(
        join(BIN, 'openapi-typescript'),
        [join(dir, `${name}.json`), '-o', join(dir, `${name}.ts`)],
        { cwd: dir },
      );
      expect(out.stderr, `${name}: generator stderr`).toBe('');
      expect(
        out.stdout
          .trim()
          .split('\n')
          .filter((l) => !/openapi-typescript \d|→/.test(l)),
        `${name}: generator output`,
      ).toEqual([]);
    }
    writeFileSync(join(dir, 'client.ts'), CLIENT_PROGRAM);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'preserve',
          moduleResolution: 'bundler',
          allowImportingTsExtensions: true,
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['client.ts'],
      }),
    );
    const tsc = await run(join(BIN, 'tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).catch(
      (err: { stdout: string }) => ({ stdout: err.stdout, failed: true }),
    );
    expect(tsc.stdout, 'the client program type-checks against the generated types').toBe('');
    const program = (await import(join(dir, 'client.ts'))) as {
      callBoth: (o: string, s: object, k: string) => Promise<unknown>;
    };
    const servers = { developer: served.developer.servers[0].url, validator: served.validator.servers[0].url };
    expect(await program.callBoth(app.url, servers, app.orgB.originatorKey)).toEqual(EXPECTED);
  }, 180_000);
});

const PYTHON_PROGRAM =
  `import json, sys
sys.path.insert(0, sys.argv[1])
origin, key, developer_server, validator_server = sys.argv[2:6]
from developer import AuthenticatedClient
from developer.api.system import ping
from developer.api.projects import list_projects
from developer.models import Ping, ProjectList, ProofReport, InclusionProof
from validator import Client
from validator.api.validator_sign_in import request_sign_in_link, create_validator_session
from validator.models import SignInLinkRequest, SignInLinkAccepted, CreateValidatorSessionRequest, ErrorEnvelope

developer = AuthenticatedClient(base_url=origin + developer_server, token=key)
p = ping.sync_detailed(client=developer)
assert isinstance(p.parsed, Ping), p
page = list_projects.sync_detailed(client=developer, limit=1)
assert isinstance(page.parsed, ProjectList), page
validator = Client(base_url=origin + validator_server)
link = request_sign_in_link.sync_detailed(client=validator, body=SignInLinkRequest(email="nobody@example.com"))
assert isinstance(link.parsed, SignInLinkAccepted), link
session = create_validator_session.sync_detailed(client=validator, ` +
  `body=CreateValidatorSessionRequest(token="assay_signin_unknown"))
assert isinstance(session.parsed, ErrorEnvelope), session
print(json.dumps({
    "ping": [p.status_code, p.parsed.pong],
    "projects": [page.status_code, page.parsed.has_more],
    "link": [link.status_code, link.parsed.accepted],
    "session": [session.status_code, session.parsed.error.code.value],
    "models": sorted(m.__name__ for m in (ProofReport, InclusionProof)),
}))
`;

describe(
  pythonSkip
    ? `Python clients (openapi-python-client) — ` +
        `${process.env.CI === 'true' ? 'FAILS under CI' : 'SKIPPED'}: ${pythonSkip}`
    : 'Python clients (openapi-python-client)',
  () => {
    // CI must not report a pass without the Python route.
    if (pythonSkip && process.env.CI === 'true') {
      it('has openapi-python-client', () => {
        throw new Error(`openapi-python-client is not available under CI: ${pythonSkip}`);
      });
    }
    it.skipIf(pythonSkip !== null)(
      'generate without a warning (ProofReport included) and call the server',
      async () => {
        const config = join(dir, 'python-client.yaml');
        // No post hooks: the generated code is imported as is (formatting it needs ruff, not the client).
        writeFileSync(config, 'post_hooks: []\n');
        const pyDir = join(dir, 'py');
        for (const name of names) {
          const out = await run(
            join(PYTHON_VENV, 'bin', 'openapi-python-client'),
            [
              'generate',
              '--path',
              join(dir, `${name}.json`),
              '--meta',
              'none',
              '--output-path',
              join(pyDir, name),
              '--config',
              config,
              '--fail-on-warning',
            ],
            { cwd: dir },
          );
          expect(`${out.stdout}${out.stderr}`, `${name}: generator output`).not.toMatch(/warning|error/i);
        }
        const script = join(dir, 'call.py');
        writeFileSync(script, PYTHON_PROGRAM);
        const servers = [served.developer.servers[0].url, served.validator.servers[0].url];
        const out = await run(
          join(PYTHON_VENV, 'bin', 'python'),
          [script, pyDir, app.url, app.orgB.originatorKey, ...servers],
          { cwd: dir },
        );
        expect(JSON.parse(out.stdout)).toEqual({ ...EXPECTED, models: ['InclusionProof', 'ProofReport'] });
      },
      180_000,
    );
  },
);
