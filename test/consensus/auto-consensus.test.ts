// Auto Consensus end to end: CSV upload -> ingest -> synthetic votes -> terminal decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import { jobsDrained } from '../helpers/wait.ts';
import { jobKey } from '../../src/jobs/tasks.ts';
import * as fx from '../helpers/fixtures.ts';
import { syntheticRating, latentQuality } from '../../src/domain/synthetic.ts';
import { recordVote } from '../helpers/votes.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app?.close();
});

async function project(
  spread: 'tight' | 'medium' | 'wild',
  autoConsensus: boolean,
  maxEscalations = 2,
): Promise<string> {
  const res = await call(app, 'createProject', {
    body: {
      name: `Auto ${spread}`,
      spec: {
        version: '1.0.0',
        dataset: { format: 'csv', idField: 'id' },
        validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
        consensus: { minStrength: 0.8, escalationStep: 1, maxEscalations },
      },
    },
  });
  const projectId = res.body.projectId;
  await call(app, 'updateProject', { params: { projectId }, body: { autoConsensus, autoConsensusSpread: spread } });
  return projectId;
}
const csv = (n: number, salt: string) =>
  'id,text\n' + Array.from({ length: n }, (_, i) => `${i + 1},${salt} item ${i + 1}`).join('\n') + '\n';
const state = async (projectId: string) => {
  const c = await fx.counts(app.sql, projectId);
  return { total: c.datapoints, terminal: c.terminal, votes: c.votes, escalated: c.escalated };
};
async function until(projectId: string, done: (s: Awaited<ReturnType<typeof state>>) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const s = await state(projectId);
    if (done(s)) return s;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('synthetic ratings', () => {
  it('are reproducible from the checksum and follow the spread', () => {
    const c = 'ab'.repeat(32);
    expect(syntheticRating(c, 1, 'medium')).toBe(syntheticRating(c, 1, 'medium'));
    for (let i = 1; i < 5; i++) expect(syntheticRating(c, i, 'tight')).toBe(latentQuality(c));
    const wild = Array.from({ length: 40 }, (_, i) => syntheticRating(c, i + 1, 'wild'));
    expect(Math.max(...wild) - Math.min(...wild)).toBeGreaterThan(50);
    for (const r of wild) expect(r >= 0 && r <= 100).toBe(true);
  });
});

describe('Auto Consensus', () => {
  it('tight: every datapoint of an uploaded CSV reaches unanimous terminal consensus', async () => {
    const projectId = await project('tight', true);
    await ingest(app, projectId, { 'a.csv': csv(25, 'tight') });
    const s = await until(projectId, (x) => x.total === 25 && x.terminal === 25);
    expect(s.votes).toBe(75);
    const decisions = await fx.decisions(app.sql, projectId);
    expect(decisions).toHaveLength(25);
    for (const d of decisions) expect(d).toMatchObject({ consensus_strength: 1, synthetic_votes: 3, contested: false });
    expect((await call(app, 'getProject', { params: { projectId } })).body.autoConsensusUsed).toBe(true);
  });

  it('wild: disagreement escalates at least one datapoint', async () => {
    const projectId = await project('wild', true);
    await ingest(app, projectId, { 'w.csv': csv(30, 'wild') });
    const s = await until(projectId, (x) => x.total === 30 && x.terminal === 30);
    expect(s.escalated).toBeGreaterThan(0);
    expect(s.votes).toBeGreaterThan(90);
  });

  it('turning the mode on drains slots that were already open; pausing stops votes, unpausing resumes', async () => {
    const projectId = await project('medium', false);
    const { status } = await ingest(app, projectId, { 'm.csv': csv(1000, 'medium') });
    expect(status.run.status).toBe('ok');
    // The ingest is done and enqueued no Auto Consensus (the mode is off), the only source of
    // synthetic votes: nothing can have voted.
    await jobsDrained(app.sql, { key: jobKey('auto_consensus', { projectId })! });
    expect((await state(projectId)).votes).toBe(0);
    await call(app, 'updateProject', { params: { projectId }, body: { autoConsensus: true } });
    await until(projectId, (x) => x.votes > 0);
    await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
    // Pausing ends the running job at its next batch and enqueues none: once the project's job
    // has left the queue, nothing can add a vote until the project is unpaused.
    await jobsDrained(app.sql, { key: jobKey('auto_consensus', { projectId })! });
    const paused = await state(projectId);
    expect(paused.terminal).toBeLessThan(1000);
    expect(paused.votes).toBeLessThan(3000);
    expect((await call(app, 'getProject', { params: { projectId } })).body.paused).toBe(true);
    await call(app, 'updateProject', { params: { projectId }, body: { paused: false } });
    await until(projectId, (x) => x.terminal === 1000, 120_000);
  });

  it('batched synthetic voting decides exactly as one vote at a time would', async () => {
    // The same CSV in two projects gives the same checksums, hence the same synthetic ratings.
    const data = csv(60, 'equivalence');
    const batched = await project('wild', false);
    const single = await project('wild', false);
    await ingest(app, batched, { 'e.csv': data });
    await ingest(app, single, { 'e.csv': data });
    // One vote per transaction, one open slot at a time, through the single-vote entry point.
    for (;;) {
      const open = await fx.datapointsWithOpenSlots(app.sql, single);
      if (open.length === 0) break;
      for (const d of open) {
        const index = d.votes + 1;
        await recordVote(app.sql, {
          datapointId: d.id,
          voter: `synthetic:${index}`,
          userId: null,
          synthetic: true,
          rating: syntheticRating(d.checksum, index, 'wild'),
          weight: 1,
          classId: null,
        });
      }
    }
    await call(app, 'updateProject', { params: { projectId: batched }, body: { autoConsensus: true } });
    await until(batched, (x) => x.terminal === 60);
    // The same figures per content (checksum), whatever the order of finalization.
    const decisions = async (projectId: string) =>
      (await fx.decisions(app.sql, projectId))
        .map(
          ({
            checksum,
            quality_rating_mean,
            quality_rating_median,
            consensus_strength,
            contested,
            vote_count,
            synthetic_votes,
            escalations,
          }) => ({
            checksum,
            quality_rating_mean,
            quality_rating_median,
            consensus_strength,
            contested,
            vote_count,
            synthetic_votes,
            escalations,
          }),
        )
        .sort((x, y) => (x.checksum < y.checksum ? -1 : x.checksum > y.checksum ? 1 : 0));
    const [a, b] = [await decisions(batched), await decisions(single)];
    expect(a).toHaveLength(60);
    expect(a.some((r) => r.escalations > 0)).toBe(true);
    expect(a).toEqual(b);
  });
});
