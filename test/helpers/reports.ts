// Test data for reports: a project whose datapoints and terminal decisions are written by the
// fixture module (the consensus path itself is tested in test/consensus/). No SQL here: the
// tables belong to test/helpers/fixtures.ts.
import { call, type TestApp } from './app.ts';
import * as fx from './fixtures.ts';
import type { Sql } from '../../src/db/client.ts';

export async function createProject(app: TestApp, key?: string): Promise<string> {
  const res = await call(app, 'createProject', {
    key,
    body: {
      name: 'Report project',
      spec: {
        version: '1.2.0',
        dataset: { format: 'csv', idField: 'id' },
        validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
      },
    },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.projectId;
}

/** Inserts `n` datapoints (content may carry hostile text) in one run; returns their ids in ingestion order. */
export function addDatapoints(
  sql: Sql,
  projectId: string,
  n: number,
  content?: (i: number) => unknown,
): Promise<string[]> {
  return fx.addDatapoints(sql, projectId, n, { content });
}

export const finalize = fx.finalize;
