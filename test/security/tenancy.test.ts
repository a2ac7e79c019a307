// The database itself refuses a child row whose organization differs from its project's
// (composite foreign keys on (project_id, org_id)), whatever code writes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
let projectA: string;
beforeAll(async () => {
  app = await startTestApp();
  projectA = await fx.project(app);
});
afterAll(async () => {
  await app?.close();
});

const refused = async (write: () => Promise<unknown>) => {
  const err = await write().then(
    () => null,
    (e: { code?: string; constraint_name?: string }) => e,
  );
  expect(err?.code).toBe('23503');
  return err!.constraint_name;
};

describe("composite keys tie a row to its project's organization", () => {
  it('invites', async () => {
    expect(
      await refused(
        () =>
          app.sql`insert into invites (org_id, project_id, email) values (${app.orgB.id}, ${projectA},
            'x@example.com')`,
      ),
    ).toBe('invites_project_org_fkey');
    await app.sql`insert into invites (org_id, project_id, email) values (${app.orgA.id}, ${projectA},
      'x@example.com')`;
  });

  it('project assignments', async () => {
    const v = await fx.member(app, app.orgB.id, { validator: true });
    expect(
      await refused(
        () =>
          app.sql`insert into project_assignments (org_id, project_id, user_id) values (${app.orgB.id}, ${projectA},
            ${v.id})`,
      ),
    ).toBe('project_assignments_project_org_fkey');
  });

  it('upload sessions', async () => {
    expect(await refused(() => fx.insertUploadSessionRaw(app.sql, app.orgB.id, projectA))).toBe(
      'upload_sessions_project_org_fkey',
    );
  });

  it('report artifacts', async () => {
    const row = (org: string) => app.sql`
      insert into report_artifacts (org_id, project_id, format, datapoint_count, datapoint_max_seq, decision_count,
      decision_max_seq, variant, issuer)
      values (${org}, ${projectA}, 'csv', 0, 0, 0, 0, '', 'http://127.0.0.1')`;
    expect(await refused(() => row(app.orgB.id))).toBe('report_artifacts_project_org_fkey');
    await row(app.orgA.id);
  });

  it('a row cannot be moved to another organization either', async () => {
    const uploadId = await fx.uploadSession(app, projectA, { 'a.csv': 'id\n1\n' });
    expect(await refused(() => fx.moveUploadSessionRaw(app.sql, uploadId, app.orgB.id))).toBe(
      'upload_sessions_project_org_fkey',
    );
    expect(await refused(() => app.sql`update projects set org_id = ${app.orgB.id} where id = ${projectA}`)).toMatch(
      /_project_org_fkey$/,
    );
  });
});

describe('a webhook delivery joins an event and an endpoint of one organization', () => {
  it(
    "an event of organization A cannot be delivered to B's endpoint, nor an attempt filed under another " + 'endpoint',
    async () => {
      const endpointA = await fx.webhookEndpoint(app);
      const endpointB = await fx.webhookEndpoint(app, { key: app.orgB.originatorKey });
      const event = `evt_tenancy_${Date.now()}`;
      await app.sql`insert into webhook_events (id, org_id, type, body) values (${event}, ${app.orgA.id},
      'consensus.reached', '{}')`;
      // The delivery's organization must be the event's and the endpoint's.
      expect(
        await refused(
          () =>
            app.sql`insert into webhook_deliveries (event_id, endpoint_id, org_id) values (${event}, ${endpointB},
            ${app.orgA.id})`,
        ),
      ).toBe('webhook_deliveries_endpoint_org_fkey');
      expect(
        await refused(
          () =>
            app.sql`insert into webhook_deliveries (event_id, endpoint_id, org_id) values (${event}, ${endpointB},
            ${app.orgB.id})`,
        ),
      ).toBe('webhook_deliveries_event_org_fkey');
      const [d] =
        await app.sql`insert into webhook_deliveries (event_id, endpoint_id, org_id) values (${event}, ${endpointA},
        ${app.orgA.id}) returning id`;
      expect(
        await refused(
          () => app.sql`
      insert into webhook_attempts (delivery_id, endpoint_id, attempt_number, succeeded, duration_ms) values (${d!.id},
      ${endpointB}, 1, false, 0)`,
        ),
      ).toBe('webhook_attempts_delivery_endpoint_fkey');
      await app.sql`insert into webhook_attempts (delivery_id, endpoint_id, attempt_number, succeeded, duration_ms)
      values (${d!.id}, ${endpointA}, 1, false, 0)`;
    },
  );
});

describe("a slot, a vote or a decision is of its datapoint's project", () => {
  it(
    "the database refuses a row naming another project than its datapoint's, and a vote on another datapoint's " +
      'slot',
    async () => {
      const projectB = await fx.project(app, { key: app.orgB.originatorKey });
      const [dA, dA2] = await fx.addDatapoints(app.sql, projectA, 2);
      const refusedAs = async (write: () => Promise<unknown>) => {
        const err = await write().then(
          () => null,
          (e: { code?: string; constraint_name?: string }) => e,
        );
        expect(err?.code).toBe('23503');
        return err!.constraint_name;
      };
      expect(await refusedAs(() => fx.mismatchedRowsRaw.slot(app.sql, dA!, projectB))).toBe(
        'validation_slots_datapoint_project_check',
      );
      expect(await refusedAs(() => fx.mismatchedRowsRaw.vote(app.sql, dA!, projectB))).toBe(
        'votes_datapoint_project_check',
      );
      expect(await refusedAs(() => fx.mismatchedRowsRaw.decision(app.sql, dA!, projectB))).toBe(
        'consensus_decisions_datapoint_project_check',
      );
      // The datapoint's own project is accepted; moving the row away is refused.
      await fx.mismatchedRowsRaw.slot(app.sql, dA!, projectA);
      expect(await refusedAs(() => fx.mismatchedRowsRaw.moveSlot(app.sql, dA!, projectB))).toBe(
        'validation_slots_datapoint_project_check',
      );
      // A vote on a slot of another datapoint.
      const [s] = await fx.slotsOf(app.sql, dA!);
      expect(await refusedAs(() => fx.mismatchedRowsRaw.vote(app.sql, dA2!, projectA, s!))).toBe(
        'votes_slot_datapoint_check',
      );
      await fx.mismatchedRowsRaw.vote(app.sql, dA!, projectA, s!);
    },
  );
});
