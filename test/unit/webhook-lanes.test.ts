// The webhook lanes' bound: a job that finds its lane full waits for a place that another job
// leaves, and takes it; with no place left within its wait it takes nothing. The bound holds
// throughout (waiting jobs hold no place).
import { describe, expect, it } from 'vitest';
import { WebhookLanes } from '../../src/jobs/webhook-lanes.ts';

const A = ['org:a', 'endpoint:a1'];

describe('webhook lanes', () => {
  it('gives a waiting job the place another job leaves, never more than the bound', async () => {
    const lanes = new WebhookLanes({ perEndpoint: 2, perOrg: 3 });
    expect(lanes.enter(A)).toBe(true);
    expect(lanes.enter(A)).toBe(true);
    expect(lanes.enter(A)).toBe(false);
    expect(lanes.forbidden()).toEqual(['endpoint:a1']);
    // Two jobs wait; one place is left: exactly one of them takes it.
    const first = lanes.enterWithin(A, 60_000);
    const second = lanes.enterWithin(A, 50);
    lanes.leave(A);
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(lanes.enter(A)).toBe(false);
    // The organization's other endpoint still has room under the organization's bound of 3.
    expect(lanes.enter(['org:a', 'endpoint:a2'])).toBe(true);
    expect(lanes.forbidden().sort()).toEqual(['endpoint:a1', 'org:a']);
  });

  it('takes a free place at once, and nothing when no place frees within the wait', async () => {
    const lanes = new WebhookLanes({ perEndpoint: 1, perOrg: 1 });
    expect(await lanes.enterWithin(A, 0)).toBe(true);
    expect(await lanes.enterWithin(A, 20)).toBe(false);
    lanes.leave(A);
    expect(lanes.forbidden()).toEqual([]);
  });
});
