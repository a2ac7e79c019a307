// The reference AI validator (examples/ai-validator/agent.ts) against the real Assay server (its
// validator tools at /validator/mcp, over real HTTP) and a fake OpenAI-compatible chat endpoint on
// 127.0.0.1: nothing outside this machine is called. The agent claims, rates by the endpoint's
// answer and votes until nothing is left; an answer without a rating skips the datapoint.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import {
  parseRating,
  provenanceOf,
  runAgent,
  SYSTEM_PROMPT,
  USER_TEMPLATE,
} from '../../examples/ai-validator/agent.ts';

interface ChatRequest {
  authorization: string | undefined;
  path: string;
  body: { model: string; temperature: number; max_tokens: number; messages: { role: string; content: string }[] };
}

let app: TestApp;
let chat: Server;
let chatUrl: string;
const requests: ChatRequest[] = [];
/** The model the fake endpoint says it served: a dated refinement of the class's `gpt-5`. */
const SERVED = 'gpt-5-2025-08-07';

/** Rates `item N` as 60 + N, and answers item 2 without any number. */
function answer(prompt: string): string {
  const n = Number(/item (\d+)/.exec(prompt)?.[1]);
  return n === 2 ? 'I cannot tell from this.' : `${60 + n}\nThe answer matches the question.`;
}

beforeAll(async () => {
  chat = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text) as ChatRequest['body'];
      requests.push({ authorization: req.headers.authorization, path: req.url ?? '', body });
      const content = answer(body.messages.find((m) => m.role === 'user')!.content);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          model: SERVED,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
  chatUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/v1`;
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => chat?.close(resolve));
});

describe('the reference AI validator', () => {
  it('loops claim -> rate -> vote through the validator tools until nothing is left', async () => {
    const projectId = await fx.project(app);
    await fx.addDatapoints(app.sql, projectId, 4, { slotsPerDatapoint: 1 });
    const ai = await fx.aiValidator(app, projectId);
    const lines: string[] = [];
    const before = requests.length;
    const outcome = await runAgent({
      assayUrl: app.url,
      aiKey: ai.key,
      chatUrl,
      model: 'gpt-5',
      chatKey: 'test-chat-key',
      stopWhenIdle: true,
      log: (l) => lines.push(l),
    });
    expect(outcome, lines.join('\n')).toEqual({ votes: 3, skipped: 1 });

    // What the chat endpoint was asked: the model, deterministic sampling, the instructions and the content.
    const asked = requests.slice(before);
    expect(asked).toHaveLength(4);
    for (const r of asked) {
      expect(r.path).toBe('/v1/chat/completions');
      expect(r.authorization).toBe('Bearer test-chat-key');
      expect(r.body).toMatchObject({ model: 'gpt-5', temperature: 0, max_tokens: 20 });
      expect(r.body.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
      expect(r.body.messages[1]!.content).toContain('Rate 100 when the answer is fully correct');
      expect(r.body.messages[1]!.content).toMatch(/item \d/);
    }

    // The votes, as the server recorded them for this validator (newest first), and the skip.
    const votes = await call(app, 'listMyVotes', { key: ai.key, params: { projectId } });
    const recorded = votes.body.data!.map((v) => ({ item: (v.content as { text: string }).text, rating: v.rating }));
    expect(recorded.sort((a, b) => a.rating - b.rating)).toEqual([
      { item: 'item 0', rating: 60 },
      { item: 'item 1', rating: 61 },
      { item: 'item 3', rating: 63 },
    ]);
    expect(votes.body.data!.every((v) => v.comment === 'The answer matches the question.')).toBe(true);
    const mine = await call(app, 'listMyProjects', { key: ai.key });
    expect(mine.body.data).toEqual([expect.objectContaining({ projectId, leftForYou: 0, skippedByYou: 1 })]);
  });

  it('stops after maxVotes', async () => {
    const projectId = await fx.project(app);
    await fx.addDatapoints(app.sql, projectId, 3, { slotsPerDatapoint: 1 });
    const ai = await fx.aiValidator(app, projectId);
    const outcome = await runAgent({
      assayUrl: app.url,
      aiKey: ai.key,
      chatUrl,
      model: 'gpt-5',
      maxVotes: 1,
      log: () => {},
    });
    expect(outcome).toEqual({ votes: 1, skipped: 0 });
    const votes = await call(app, 'listMyVotes', { key: ai.key, params: { projectId } });
    expect(votes.body.data).toHaveLength(1);
  });

  it('runs from the command line, configured by the environment', async () => {
    const projectId = await fx.project(app);
    await fx.addDatapoints(app.sql, projectId, 2, { slotsPerDatapoint: 1 });
    const ai = await fx.aiValidator(app, projectId);
    const child = spawn(
      process.execPath,
      ['examples/ai-validator/agent.ts', '--stop-when-idle', '--project', projectId],
      {
        env: {
          PATH: process.env.PATH!,
          ASSAY_URL: app.url,
          ASSAY_AI_KEY: ai.key,
          CHAT_URL: chatUrl,
          CHAT_MODEL: 'gpt-5',
          CHAT_API_KEY: 'cli-chat-key',
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ votes: 2, skipped: 0 });
    expect(stderr).toMatch(/rated .*: 6\d/);
    expect(requests.at(-1)!.authorization).toBe('Bearer cli-chat-key');
    // Without a key it says what is missing and exits 1.
    const bare = spawn(process.execPath, ['examples/ai-validator/agent.ts'], { env: { PATH: process.env.PATH! } });
    let err = '';
    bare.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    expect(await new Promise((resolve) => bare.on('close', resolve))).toBe(1);
    expect(err).toMatch(/ASSAY_URL or --assay-url is required/);
  });

  it('reads the rating from the answer, and commits to what produced it', () => {
    const cases: [string, number | null][] = [
      ['73', 73],
      ['Rating: 100', 100],
      ['0\nwrong answer', 0],
      ['Score 85/100', 85],
      ['101', null],
      ['7.5', null],
      ['no idea', null],
    ];
    for (const [text, rating] of cases) expect(parseRating(text).rating, text).toBe(rating);
    expect(parseRating('42\nclose enough').reason).toBe('close enough');

    const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
    const p = provenanceOf(
      { assayUrl: app.url, aiKey: 'k', chatUrl, model: 'gpt-5', seed: 7 },
      { rating: 73, reason: null, servedModel: SERVED, prompt: 'the prompt', output: '73' },
    );
    expect(p).toEqual({
      model: SERVED,
      provider: new URL(chatUrl).host,
      promptTemplateSha256: sha(JSON.stringify({ system: SYSTEM_PROMPT, user: USER_TEMPLATE })),
      promptSha256: sha(JSON.stringify({ system: SYSTEM_PROMPT, user: 'the prompt' })),
      outputSha256: sha('73'),
      sampling: { temperature: 0, maxTokens: 20, seed: 7 },
      scoring: 'parsed_integer',
    });
  });
});
