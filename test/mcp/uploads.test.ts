// The upload workflow entirely through MCP tools (bytes go to the presigned URL, never through a tool).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { putToUrl } from '../helpers/uploads.ts';

let app: TestApp;
let client: Client;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
  client = new Client({ name: 'assay-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${app.orgA.originatorKey}` } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await app?.close();
});

type Result = { content: { text: string }[]; structuredContent?: any; isError?: boolean };
const tool = async (name: string, args: Record<string, unknown>): Promise<Result> =>
  (await client.callTool({ name, arguments: args })) as Result;

it('creates a project, uploads, processes, waits and lists datapoints', async () => {
  const jsonl = '{"id":1,"text":"a"}\n{"id":2,"text":"b"}\n';
  const {
    structuredContent: { projectId },
  } = await tool('create_project', {
    name: 'MCP upload',
    spec: {
      version: '1.0.0',
      dataset: { format: 'jsonl', idField: 'id' },
      validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
    },
  });
  const session = await tool('create_upload_session', {
    projectId,
    files: [{ relPath: 'rows.jsonl', size: jsonl.length }],
  });
  const { uploadId, files } = session.structuredContent;
  expect((await putToUrl(files[0].uploadUrl, jsonl)).status).toBe(200);
  const waitStarted = Date.now();
  const notYet = await tool('wait_for_upload_session', { projectId, uploadId, timeoutSeconds: 1 });
  expect(notYet.structuredContent).toMatchObject({ uploadId, sessionStatus: 'open', run: null, timedOut: true });
  // It waited the whole second (it used to give up one poll interval, half a second, early).
  expect(Date.now() - waitStarted).toBeGreaterThanOrEqual(1000);
  const started = await tool('process_upload_session', { projectId, uploadId, dryRun: false });
  expect(started.structuredContent).toMatchObject({ status: 'running', phase: 'queued' });
  const done = await tool('wait_for_upload_session', { projectId, uploadId, timeoutSeconds: 30 });
  expect(done.structuredContent).toMatchObject({
    sessionStatus: 'complete',
    timedOut: false,
    run: { status: 'ok', datapointsPersisted: 2, validationsCreated: 4 },
  });
  const listed = await tool('list_datapoints', { projectId, limit: 10 });
  expect(listed.structuredContent.data).toHaveLength(2);
  const status = await tool('get_upload_session_status', { projectId, uploadId });
  expect(status.structuredContent.run.runId).toBe(started.structuredContent.runId);
});

it('refuses out-of-range waits and bad paths as tool errors', async () => {
  const bad = await tool('wait_for_upload_session', {
    projectId: '00000000-0000-4000-8000-000000000000',
    uploadId: '00000000-0000-4000-8000-000000000000',
    timeoutSeconds: 301,
  });
  expect(bad.isError).toBe(true);
  expect(bad.content[0].text).toMatch(/^requestBodyInvalid: `timeoutSeconds`/);
  const missing = await tool('wait_for_upload_session', {
    projectId: '00000000-0000-4000-8000-000000000000',
    uploadId: '00000000-0000-4000-8000-000000000000',
  });
  expect(missing.content[0].text).toMatch(/^projectNotFound: /);
  const path = await tool('create_upload_session', {
    projectId: '00000000-0000-4000-8000-000000000000',
    files: [{ relPath: '../x', size: 1 }],
  });
  expect(path.content[0].text).toMatch(/^uploadFilePathInvalid: /);
});
