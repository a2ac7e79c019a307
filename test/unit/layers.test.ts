// The parts of docs/development.md's rule ("which layer imports which") that a reading of the
// source can check: the data layer depends on nothing above it, handlers hold no SQL, the error
// registry depends on the contract only, and only the job table names graphile-worker's queue.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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
const imports = (path: string): string[] => [...source(path).matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)].map((m) => m[1]!);

describe('layers', () => {
  it('src/db imports nothing above the data layer', () => {
    const above = /^\.\.\/(http|mcp|handlers|services|jobs|lifecycle|email|webhooks|validator|cli|dev)\//;
    const offending = files(join(SRC, 'db')).flatMap((f) => imports(f).filter((m) => above.test(m)).map((m) => `${rel(f)} -> ${m}`));
    expect(offending).toEqual([]);
  });

  it('handlers write no SQL: every statement is a function of src/db or src/lifecycle', () => {
    const offending = files(join(SRC, 'handlers'))
      .filter((f) => /\b(sql|tx)(<[^`]*>)?`/.test(source(f)) || /\.(begin|unsafe)\(\s*`/.test(source(f)))
      .map(rel);
    expect(offending).toEqual([]);
  });

  it('services take explicit dependencies, not the request context or the web layer', () => {
    const offending = files(join(SRC, 'services')).flatMap((f) =>
      imports(f).filter((m) => /^\.\.\/(http|mcp|handlers)\/|^\.\.\/context\.ts$/.test(m)).map((m) => `${rel(f)} -> ${m}`));
    expect(offending).toEqual([]);
  });

  it('the error registry depends on the generated contract only', () => {
    expect(imports(join(SRC, 'errors.ts')).filter((m) => !m.startsWith('./generated/'))).toEqual([]);
  });

  it('only the job table enqueues, so every task name and payload is type-checked', () => {
    const offending = files(SRC).filter((f) => rel(f) !== join('jobs', 'tasks.ts') && /graphile_worker\.add_jobs?\(/.test(source(f))).map(rel);
    expect(offending).toEqual([]);
  });
});
