// The parts of docs/development.md's rule ("which layer imports which") that a reading of the
// source can check: the data layer depends on nothing above it, SQL is written only in src/db
// (and the lifecycle, operator tooling and the job table), the error registry depends on the
// contract only, and only the job table names graphile-worker's queue.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? files(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

const source = (path: string): string => readFileSync(path, 'utf8');
const rel = (path: string): string => relative(SRC, path);
/** The module specifiers a file imports (static imports and re-exports). */
const imports = (path: string): string[] =>
  [...source(path).matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)].map((m) => m[1]!);

/**
 * Tags of tagged templates in src/ that are not SQL (every other tag is postgres.js's): Ajv's
 * code generation is imported as `ajvCode` (src/schema/ajv.ts), never as its own `_`.
 */
const NOT_SQL_TAGS = new Set(['String.raw', 'ajvCode']);

/**
 * The SQL statements of a source text, as `line: code`: every tagged template (sql`...`,
 * tx`...`, this.sql`...`, sql<T>`...`) whose tag is not in NOT_SQL_TAGS, and every call of
 * postgres.js's raw-text entry point `.unsafe(...)`. Read from the syntax tree, so comments and
 * strings that mention SQL do not count and no spelling of a client's name is missed.
 */
function sqlStatements(text: string, name = 'source.ts'): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node): string =>
    `${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ` +
    `${node.getText(file).split('\n')[0]!.slice(0, 80)}`;
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && !NOT_SQL_TAGS.has(node.tag.getText(file))) found.push(at(node));
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'unsafe'
    )
      found.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Where SQL may be written (docs/development.md, "The rule"): the data layer; the slot / claim /
 * vote lifecycle, which owns its state machine and lock order; operator tooling; and the job
 * table, the one home of enqueueing (graphile_worker.add_job, with the task names and payload
 * types it checks).
 */
const SQL_HOMES = [/^db\//, /^lifecycle\//, /^admin\//, /^jobs\/tasks\.ts$/];

describe('layers', () => {
  it('src/db imports nothing above the data layer', () => {
    const above = /^\.\.\/(http|mcp|handlers|services|jobs|lifecycle|email|webhooks|validator|cli|dev)\//;
    const offending = files(join(SRC, 'db')).flatMap((f) =>
      imports(f)
        .filter((m) => above.test(m))
        .map((m) => `${rel(f)} -> ${m}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds SQL however the client is named, and not in comments or plain strings', () => {
    const sample = [
      'const a = await sql<{ n: number }[]>`select count(*) as n from t`;',
      'await tx`update t set x = 1`;',
      'this.sql`select 1`.catch(() => {});',
      "deps.sql.unsafe('select 1');",
      '// sql`select 1` in a comment, and a string: "tx`select 1`"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test.
      'const s = String.raw`a\\b`; const t = `select ${x}`;',
    ].join('\n');
    expect(sqlStatements(sample).map((s) => s.split(':')[0])).toEqual(['1', '2', '3', '4']);
  });

  it(
    'SQL is written only in src/db (and src/lifecycle, src/admin, the job table): nowhere else, handlers and jobs ' +
      'included',
    () => {
      const offending = files(SRC)
        .filter((f) => !SQL_HOMES.some((home) => home.test(rel(f))))
        .flatMap((f) => sqlStatements(source(f), f).map((s) => `${rel(f)}:${s}`));
      expect(offending).toEqual([]);
    },
  );

  it('services take explicit dependencies, not the request context or the web layer', () => {
    const offending = files(join(SRC, 'services')).flatMap((f) =>
      imports(f)
        .filter((m) => /^\.\.\/(http|mcp|handlers)\/|^\.\.\/context\.ts$/.test(m))
        .map((m) => `${rel(f)} -> ${m}`),
    );
    expect(offending).toEqual([]);
  });

  it('the error registry depends on the generated contract only', () => {
    expect(imports(join(SRC, 'errors.ts')).filter((m) => !m.startsWith('./generated/'))).toEqual([]);
  });

  it('only the job table enqueues, so every task name and payload is type-checked', () => {
    const offending = files(SRC)
      .filter((f) => rel(f) !== join('jobs', 'tasks.ts') && /graphile_worker\.add_jobs?\(/.test(source(f)))
      .map(rel);
    expect(offending).toEqual([]);
  });
});
