// Migration 20261124700001 (datapoints at scale) on a database that already holds data in the
// storage before it: the database is rolled back past the migration, datapoints are written as
// ingest wrote them then (hex checksums, one open slot row per slot, a live claim), and the
// service's own migrate() brings it forward. The data must come out converted: checksums as the
// same 32 bytes (the API shows the same hex), open slot rows folded into the datapoint's counter,
// claim rows kept, and the converted project usable (listing, claims from the counter).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { createSql } from '../../src/db/client.ts';
import { appliedMigrations, rollBackPast } from '../helpers/migrations.ts';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';

const VERSION = '20261124700001';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it('converts datapoints and slots written before it, and the project works after it', async () => {
  const projectId = await fx.project(app);
  const v = await fx.member(app, app.orgA.id, { validator: true });
  const w = await fx.member(app, app.orgA.id, { validator: true });
  for (const person of [v, w]) await fx.assign(app, person.id, projectId);

  await rollBackPast(app.databaseUrl, VERSION);
  // Fresh connections on each side of the migration: a pooled connection keeps statements
  // prepared against the old column types.
  const before = createSql(app.databaseUrl, { max: 1 });
  let written: { id: string; checksum: string }[];
  try {
    written = await fx.addPreScaleDatapoints(before, projectId, 2, 3, w.id);
    expect((await fx.storedDatapoints(before, projectId)).map((d) => [d.checksum, d.slots_open, d.rows])).toEqual(
      written.map((d) => [d.checksum, null, { open: 3, claimed: 1 }]),
    );
  } finally {
    await before.end({ timeout: 5 });
  }

  await migrate(app.databaseUrl, { quiet: true });
  const after = createSql(app.databaseUrl, { max: 1 });
  try {
    expect(await appliedMigrations(after)).toContain(VERSION);
    // Same checksums, the open rows now the counter, the live claim still a row.
    expect((await fx.storedDatapoints(after, projectId)).map((d) => [d.id, d.checksum, d.slots_open, d.rows])).toEqual(
      written.map((d) => [d.id, d.checksum, 3, { claimed: 1 }]),
    );

    // The API shows the same hex checksums, newest first.
    const listed = await call(app, 'listDatapoints', { params: { projectId } });
    expect(listed.status).toBe(200);
    expect(listed.body.data!.map((d: any) => [d.id, d.checksum])).toEqual(
      written.map((d) => [d.id, d.checksum]).reverse(),
    );

    // A claim takes from the oldest datapoint's counter, beside w's claim from before.
    const { sessionToken } = await fx.signInDirect(app, v.email);
    const claim = await call(app, 'claimSlot', { key: sessionToken, params: { projectId } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    expect(claim.body.datapointId).toBe(written[0]!.id);
    expect((await fx.storedDatapoints(after, projectId)).map((d) => [d.slots_open, d.rows])).toEqual([
      [2, { claimed: 2 }],
      [3, { claimed: 1 }],
    ]);
    expect(
      (await call(app, 'listMyProjects', { key: sessionToken })).body.data.find((p: any) => p.projectId === projectId)!
        .openSlots,
    ).toBe(5);
  } finally {
    await after.end({ timeout: 5 });
  }
});
