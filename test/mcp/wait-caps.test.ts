// MCP wait tools are long polls: capped per API key (MCP_MAX_WAITS_PER_KEY) and stopped when the
// client leaves. A cap of one: while one wait of a key runs, the next is `rate_limited` (another
// key is unaffected); a client that drops its connection frees its slot at once, because the
// server stops polling for it instead of working on until the timeout.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { connectMcp, toolErrorCode } from '../helpers/mcp.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { mcpMaxWaitsPerKey: 1 } });
});
afterAll(async () => {
  await app?.close();
});

/** One tools/call over plain HTTP, so the test can drop the connection mid-call. */
function callOverHttp(key: string, name: string, args: object, signal?: AbortSignal): Promise<Response> {
  return fetch(`${app.url}/mcp`, {
    method: 'POST',
    signal,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}

it('caps waits per key and frees the slot of a client that left', { timeout: 120_000 }, async () => {
  const projectId = await fx.project(app);
  // A session that is never processed: a wait on it runs until its timeout.
  const uploadId = await fx.uploadSession(app, projectId, { 'a.jsonl': '{"a":1}\n' });
  const args = { projectId, uploadId, timeoutSeconds: 300 };
  const leaving = new AbortController();
  const first = callOverHttp(app.orgA.originatorKey, 'wait_for_upload_session', args, leaving.signal).catch(
    (err: Error) => err,
  );
  const s = await connectMcp(app, app.orgA.originatorKey);
  try {
    // The first wait holds the key's one slot (asked until it is seen running).
    let refused: string | null = null;
    while (refused === null) {
      refused = toolErrorCode(await s.tool('wait_for_upload_session', { ...args, timeoutSeconds: 1 }));
    }
    expect(refused).toBe('rate_limited');
    // Another key of the organization is not affected.
    const other = await connectMcp(app, app.orgB.originatorKey);
    try {
      const foreign = await fx.project(app, { key: app.orgB.originatorKey });
      const foreignUpload = await fx.uploadSession(
        app,
        foreign,
        { 'b.jsonl': '{"b":1}\n' },
        {
          key: app.orgB.originatorKey,
        },
      );
      const r = await other.tool('wait_for_upload_session', {
        projectId: foreign,
        uploadId: foreignUpload,
        timeoutSeconds: 1,
      });
      expect(toolErrorCode(r)).toBeNull();
      expect(r.structuredContent.timedOut).toBe(true);
    } finally {
      await other.close();
    }
    // The first client leaves: its wait stops, and the key may wait again.
    leaving.abort();
    expect(await first).toBeInstanceOf(Error);
    let after: string | null = 'rate_limited';
    while (after === 'rate_limited') {
      after = toolErrorCode(await s.tool('wait_for_upload_session', { ...args, timeoutSeconds: 1 }));
      if (after === 'rate_limited') await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).toBeNull();
  } finally {
    await s.close();
  }
});
