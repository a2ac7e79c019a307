// A large JSON body (src/http/body.ts) is parsed, scanned and checked against its operation's body
// validator on the large-body thread (src/http/body-thread.ts), or on the event loop in separate
// turns while the thread is not there; either way it is marked, refused for the same NUL, depth
// and syntax, and comes out as the same value.
import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { isLargeBody, readJsonBody, validatedOnThread } from '../../src/http/body.ts';
import { bodyThreadJobs, bodyThreadReady, closeBodyThread, largeBodyCounts } from '../../src/http/body-thread.ts';
import type { OperationId } from '../../src/generated/operations.ts';

const request = (text: string) =>
  Object.assign(Readable.from([Buffer.from(text)]), {
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
  }) as unknown as IncomingMessage;
const res = {} as ServerResponse;
const read = (text: string, operationId: OperationId = 'declareUploadFiles') =>
  readJsonBody(request(text), res, 2 ** 22, operationId);
const files = (n: number, path: string) => ({
  files: Array.from({ length: n }, (_, i) => ({ relPath: `${path}${i}`, size: i })),
});
const largeDeclare = () => files(1000, 'd/'.repeat(100));

/** Reads `text` on the thread (ready first), and checks that the thread, not the event loop, parsed it. */
async function onThread(text: string, operationId?: OperationId): Promise<unknown> {
  expect(await bodyThreadReady()).toBe(true);
  const before = { ...largeBodyCounts };
  const settled = await read(text, operationId).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  expect(largeBodyCounts).toEqual({ thread: before.thread + 1, eventLoop: before.eventLoop });
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/** Reads `text` with the thread stopped: the event loop parses it. */
async function onEventLoop(text: string, operationId?: OperationId): Promise<unknown> {
  await closeBodyThread();
  const before = { ...largeBodyCounts };
  const settled = await read(text, operationId).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  expect(largeBodyCounts).toEqual({ thread: before.thread, eventLoop: before.eventLoop + 1 });
  if ('error' in settled) throw settled.error;
  return settled.value;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; message: string; param?: string }) => ({ code: e.code, message: e.message, param: e.param }),
  );

afterAll(closeBodyThread);

describe('large JSON bodies', () => {
  it('marks a body of 64 KiB or more, and no smaller one', async () => {
    expect.hasAssertions();
    const small = await read(JSON.stringify(files(10, 'a/')));
    const large = await read(JSON.stringify(largeDeclare()));
    expect(isLargeBody(small)).toBe(false);
    expect(isLargeBody(large)).toBe(true);
    expect((large as { files: unknown[] }).files).toHaveLength(1000);
    expect(isLargeBody(JSON.parse(JSON.stringify(large)))).toBe(false);
    expect(isLargeBody(null)).toBe(false);
  });

  it('parses a large body on the thread into the value the event loop makes', async () => {
    expect.hasAssertions();
    const body = { ...largeDeclare(), ['__proto__']: { own: true }, n: -0, big: 2 ** 60, text: 'é\u{1F600}' };
    // JSON.stringify writes -0 as 0.
    const text = JSON.stringify(body).replace('"n":0', '"n":-0');
    const threaded = await onThread(text);
    const looped = await onEventLoop(text);
    expect(threaded).toStrictEqual(JSON.parse(text));
    expect(looped).toStrictEqual(JSON.parse(text));
    expect(Object.hasOwn(threaded as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(threaded)).toBe(Object.prototype);
    expect(Object.is((threaded as { n: number }).n, -0)).toBe(true);
    expect(isLargeBody(threaded)).toBe(true);
    expect(isLargeBody(looped)).toBe(true);
  });

  it("marks a body valid for its operation only when the thread's validator passed it unchanged", async () => {
    expect.hasAssertions();
    const valid = await onThread(JSON.stringify(largeDeclare()));
    expect(validatedOnThread(valid, 'declareUploadFiles')).toBe(true);
    // Another operation's validator was not run on it.
    expect(validatedOnThread(valid, 'createUploadSession')).toBe(false);

    const invalid = largeDeclare();
    invalid.files[700]!.size = -1;
    const refused = await onThread(JSON.stringify(invalid));
    // Left to the event loop's validator, which refuses it with its own error.
    expect(validatedOnThread(refused, 'declareUploadFiles')).toBe(false);
    expect(refused).toStrictEqual(invalid);

    // createProject's validator fills in defaults (the spec's consensus threshold among them): the
    // body is not marked, and comes back as it was sent.
    const spec = {
      version: '1.0.0',
      dataset: { format: 'csv', idField: 'id' },
      validation: { instructions: 'x'.repeat(100_000) },
    };
    const project = await onThread(JSON.stringify({ name: 'P', spec }), 'createProject');
    expect(validatedOnThread(project, 'createProject')).toBe(false);
    expect(project).toStrictEqual({ name: 'P', spec });

    // The event loop marks nothing: it validates later, in the request's validation step.
    expect(validatedOnThread(await onEventLoop(JSON.stringify(largeDeclare())), 'declareUploadFiles')).toBe(false);
  });

  it('refuses a NUL, a nesting too deep and broken JSON in a large body as the event loop does', async () => {
    expect.hasAssertions();
    const nul = largeDeclare();
    nul.files[999]!.relPath = 'x\u0000y';
    const deep = { ...largeDeclare(), deep: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown };
    const broken = `${JSON.stringify(largeDeclare()).slice(0, -2)},}`;
    const texts = [JSON.stringify(nul), JSON.stringify(deep), broken];
    const threaded = [];
    for (const text of texts) threaded.push(await refusal(onThread(text)));
    const looped = [];
    for (const text of texts) looped.push(await refusal(onEventLoop(text)));
    expect(looped).toEqual(threaded);
    expect(threaded[0]).toMatchObject({ code: 'request_body_invalid', param: 'files[999].relPath' });
    expect(threaded[1]).toMatchObject({ code: 'request_body_invalid', param: `deep${'[0]'.repeat(31)}` });
    expect(threaded[2]).toMatchObject({ code: 'request_body_malformed' });
  });

  it('parses a body on the event loop when the thread stops with the body in it', async () => {
    expect.hasAssertions();
    expect(await bodyThreadReady()).toBe(true);
    // About 4 MB: tens of milliseconds of the thread's work, long enough to stop it in the middle.
    const body = files(4000, 'd/'.repeat(400));
    const before = { ...largeBodyCounts };
    const reading = read(JSON.stringify(body));
    while (bodyThreadJobs() === 0) await new Promise((r) => setImmediate(r));
    await closeBodyThread();
    expect(await reading).toStrictEqual(body);
    expect(largeBodyCounts).toEqual({ thread: before.thread, eventLoop: before.eventLoop + 1 });
    // The next large body starts a thread again.
    expect(await bodyThreadReady()).toBe(true);
  });
});
