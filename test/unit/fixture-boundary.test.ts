// The data model of datapoints, validation slots, votes, decisions and ingest runs is written and
// read by tests only through test/helpers/fixtures.ts, so that a change of that storage is a
// change of one test file. This test fails when SQL naming those tables appears anywhere else
// under test/.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const HOME = 'helpers/fixtures.ts';
const TABLE_NAMES = 'datapoints|validation_slots|votes|consensus_decisions|upload_sessions|upload_files|ingest_runs';
const TABLES = new RegExp(`\\b(${TABLE_NAMES}|project_data_state)\\b`);
// A tagged template whose tag is `sql` or `.sql` / `tx` (postgres.js), or `.unsafe(` with a string.
const SQL = /\b(?:sql|tx)(?:<[^`]*?>)?`([^`]*)`|\.unsafe\(\s*(['"`])((?:(?!\2).)*)\2/gs;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

it('keeps SQL on the datapoint, slot, vote, decision and ingest tables in the fixture module', () => {
  const offenders: string[] = [];
  for (const file of files(ROOT)) {
    const rel = relative(ROOT, file);
    if (rel === HOME || rel === 'unit/fixture-boundary.test.ts') continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SQL)) {
      const query = m[1] ?? m[3] ?? '';
      const table = TABLES.exec(query);
      if (table) offenders.push(`test/${rel}:${text.slice(0, m.index).split('\n').length} (${table[1]})`);
    }
  }
  expect(offenders, 'move these into test/helpers/fixtures.ts').toEqual([]);
});

it('would catch an offender (the pattern matches the shapes tests use)', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test.
  const sample = 'await app.sql<{ n: number }[]>`select count(*) from votes where x = ${y}`;';
  expect([...sample.matchAll(SQL)].some((m) => TABLES.test(m[1] ?? ''))).toBe(true);
  expect(TABLES.test(readFileSync(join(ROOT, HOME), 'utf8'))).toBe(true);
});
