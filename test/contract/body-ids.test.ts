// Ids in request bodies, generated from the published documents: every `format: uuid` field of
// every operation's request body names a resource, and organization A's owner who puts
// organization B's resource there gets that resource's not-found code with the field as `param`,
// over REST and over every MCP tool of the operation, and nothing is written. (Path ids are
// test/contract/access.test.ts; this is the other half of "other organizations' resources are
// not found".)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from '../helpers/app.ts';
import { connectMcp, toolErrorCode, type McpSession } from '../helpers/mcp.ts';
import * as fx from '../helpers/fixtures.ts';
import { operationFixtures, worldOf, type Req, type World } from './operation-fixtures.ts';
import { operationIds, operationTable, type OperationId } from '../../src/generated/operations.ts';
import { mcpTools } from '../../src/generated/mcp-tools.ts';
import { ERRORS, type ErrorCode } from '../../src/errors.ts';
import developer from '../../src/generated/openapi.developer.json' with { type: 'json' };
import validator from '../../src/generated/openapi.validator.json' with { type: 'json' };

type Schema = {
  $ref?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Doc = {
  paths: Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
  components: { schemas: Record<string, Schema> };
};

/** The uuid fields of each operation's JSON body, named as an error's `param` names them. */
function bodyUuidFields(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const doc of [developer, validator] as unknown as Doc[]) {
    const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);
    const walk = (s: Schema | undefined, path: string, out: string[], depth: number): void => {
      if (!s || depth > 12) return;
      const x = resolve(s);
      if (x.format === 'uuid') out.push(path);
      for (const [k, y] of Object.entries(x.properties ?? {})) walk(y, path ? `${path}.${k}` : k, out, depth + 1);
      if (x.items) walk(x.items, `${path}[0]`, out, depth + 1);
      for (const y of [...(x.oneOf ?? []), ...(x.anyOf ?? []), ...(x.allOf ?? [])]) walk(y, path, out, depth + 1);
    };
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (!op.operationId || !schema) continue;
        const out: string[] = [];
        walk(schema, '', out, 0);
        if (out.length) found.set(op.operationId, [...new Set(out)].sort());
      }
    }
  }
  return found;
}

/** `projects[0].id` -> sets body.projects[0].id. */
function withField(body: unknown, param: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = param.split(/\.|\[(\d+)\]/).filter((k) => k !== undefined && k !== '');
  let at: any = copy;
  for (const k of keys.slice(0, -1)) at = at[k];
  const last = keys[keys.length - 1]!;
  if (at?.[last] === undefined) throw new Error(`the fixture's request has no ${param}`);
  at[last] = value;
  return copy;
}

let w: World;
let mcpA: McpSession;

beforeAll(async () => {
  const app = await startTestApp();
  w = await worldOf(app);
  mcpA = await connectMcp(app, app.orgA.originatorKey);
});
afterAll(async () => {
  await mcpA?.close();
  await w?.app.close();
});

/** A resource of organization B of the kind the not-found code names. */
async function foreignResource(code: ErrorCode): Promise<string> {
  if (code === 'project_not_found') return fx.project(w.app, { key: w.app.orgB.originatorKey });
  if (code === 'datapoint_not_found') {
    const projectId = await fx.project(w.app, { key: w.app.orgB.originatorKey });
    return (await fx.addDatapoints(w.app.sql, projectId, 1))[0]!;
  }
  throw new Error(`no organization-B fixture for ${code}: add one here`);
}

const fields = bodyUuidFields();

it('finds the body ids of the contract (the walk is not empty)', () => {
  expect([...fields.keys()].length).toBeGreaterThan(0);
});

it('declares the foreign outcome of every uuid field of every request body, and no other', () => {
  const declared = Object.fromEntries(
    operationIds
      .filter((op) => operationFixtures[op].bodyIds)
      .map((op) => [op, Object.keys(operationFixtures[op].bodyIds!).sort()]),
  );
  expect(declared).toEqual(Object.fromEntries(fields));
});

const cases = operationIds.flatMap((op) =>
  Object.entries(operationFixtures[op].bodyIds ?? {}).map(
    ([param, code]) => [op, param, code] as [OperationId, string, ErrorCode],
  ),
);

describe.each(cases)('%s %s', (op, param, code) => {
  it(`another organization's resource is ${code} over REST and MCP, and nothing is written`, async () => {
    const req: Req = await operationFixtures[op].request(w);
    const body = withField(req.body, param, await foreignResource(code));
    const before = await fx.snapshot(w.app.sql);
    const res = await call(w.app, op, { key: req.key, params: req.params, query: req.query, body });
    expect(res.body?.error?.code, JSON.stringify(res.body)).toBe(code);
    expect(res.status).toBe(ERRORS[code].status);
    expect(res.body.error.param).toBe(param);
    const tools = mcpTools.filter((t) => t.operationId === op);
    expect(tools.length, `${op} has MCP tools`).toBe(operationTable[op].tools.length);
    for (const tool of tools) {
      const args = { ...req.params, ...req.query, ...(body as object) };
      const r = await mcpA.tool(tool.name, Object.fromEntries(Object.entries(args).filter(([k]) => k in tool.args)));
      expect(toolErrorCode(r), `${tool.name}: ${r.content[0]?.text}`).toBe(code);
    }
    expect(await fx.snapshot(w.app.sql), 'nothing written').toEqual(before);
    // The same request with organization A's own resource succeeds (the refusal above is about the id).
    const own = await call(w.app, op, { key: req.key, params: req.params, query: req.query, body: req.body });
    expect(operationTable[op].successStatuses, JSON.stringify(own.body)).toContain(own.status);
  });
});
