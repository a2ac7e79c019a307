// The large-body thread: a request body of LARGE_BODY_BYTES or more (a 1,000-file declare is about
// 1 MB) is parsed, scanned for NUL and depth, and checked against its operation's body validator
// on a thread of its own (body-thread-worker.ts), so that the API's event loop, which every
// tenant's requests share, does none of it. On the event loop, in separate turns, the three took
// 3-4 ms of a declare, and on a busy 2-core host each turn held every request that arrived
// meanwhile (bench/README.md, hostile tenants). The event loop now only takes the parsed value
// from the thread (a structured clone: about the parse's time, in one turn).
//
// The thread is an optimization, never a second rule: it runs the same parse, the same scan
// (nul.ts) and the same validator (api.ts's compileContract, of the operations that take large
// bodies) as the event loop does, and the pipeline keeps its order. What the thread found is
// refused where the event loop would have refused it (the NUL and depth scan as the body is read),
// and the validator's verdict is used only when it passed and left the body as it was: the
// request's validation step then skips that one validator (api.ts `run`); any other verdict is
// left to the event loop, which validates as before, so the error a request gets and its
// precedence (idempotency before validation, the body's validator before the parameters') do
// not depend on where the body was parsed.
//
// The server starts the thread before it listens (server.ts). When the thread is not there (not
// started, or still compiling: about a second; it stopped; a job passed its deadline), the body is
// parsed on the event loop as before. A thread that fails is replaced at the next large body, at
// most once a minute.
import { Worker } from 'node:worker_threads';
import type { OperationId } from '../generated/operations.ts';
import type { Found } from './nul.ts';

/** What the body is checked for, and against which operation's body validator (none: parse and scan only). */
export interface BodyChecks {
  /** Nesting at or past this depth is found (nul.ts scanValue). */
  maxDepth: number;
  /** Whether a string or key with U+0000 is found. */
  nul: boolean;
  operationId: OperationId | null;
}

/**
 * What the thread made of a body: not JSON; a NUL or a nesting too deep (the value is not sent
 * back); or the value, with whether the operation's body validator passed it unchanged.
 */
export type ThreadResult =
  | { kind: 'malformed' }
  | { kind: 'found'; found: Found }
  | { kind: 'parsed'; body: unknown; validated: boolean };

export interface BodyJob extends BodyChecks {
  id: number;
  bytes: Uint8Array;
}

export type ThreadMessage = { type: 'ready' } | ({ type: 'result'; id: number } & ThreadResult);

/** The longest a job may take before the thread is deemed stuck, ended, and the body parsed on the event loop. */
const JOB_TIMEOUT_MS = 10_000;
/** How long after a failed thread the next one may start. */
const RESTART_AFTER_MS = 60_000;
/**
 * The thread's heap: the request validators of the large-body operations and a few bodies of at
 * most a few MB each in flight (the operations' limits, src/http/body-limits.ts).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 };

const WORKER_URL = new URL('./body-thread-worker.ts', import.meta.url);

interface Pending {
  resolve: (result: ThreadResult) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  ready: Promise<boolean>;
  isReady: boolean;
  pending: Map<number, Pending>;
}

let thread: Thread | null = null;
let nextId = 0;
let failedAt = Number.NEGATIVE_INFINITY;

/** Large bodies of this process by where they were parsed (the `assay_large_request_bodies_total` metric). */
export const largeBodyCounts = { thread: 0, eventLoop: 0 };

function start(): Thread {
  const worker = new Worker(WORKER_URL, { resourceLimits: RESOURCE_LIMITS, stdout: false, stderr: false });
  let markReady!: (ready: boolean) => void;
  const t: Thread = { worker, ready: new Promise((r) => (markReady = r)), isReady: false, pending: new Map() };
  const fail = () => {
    if (thread === t) {
      thread = null;
      failedAt = Date.now();
    }
    markReady(false);
    for (const p of t.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('the large-body thread stopped'));
    }
    t.pending.clear();
  };
  worker.on('message', (m: ThreadMessage) => {
    if (m.type === 'ready') {
      t.isReady = true;
      // Idle from now on: an idle thread does not keep the process alive. Until ready it does: a
      // start that awaits it (server.ts) may have nothing else holding the event loop.
      if (t.pending.size === 0) worker.unref();
      markReady(true);
      return;
    }
    const p = t.pending.get(m.id);
    if (!p) return;
    t.pending.delete(m.id);
    clearTimeout(p.timer);
    if (t.pending.size === 0) worker.unref();
    const { type: _type, id: _id, ...result } = m;
    p.resolve(result as ThreadResult);
  });
  worker.on('error', fail);
  worker.on('exit', fail);
  return t;
}

/** The thread, started when there is none (and none failed in the last RESTART_AFTER_MS). */
function current(): Thread | null {
  if (!thread && Date.now() - failedAt >= RESTART_AFTER_MS) thread = start();
  return thread;
}

/**
 * The body's parse, scan and validation on the thread; null when the thread is not ready (it is
 * started then), and the caller does the work itself. Rejects when the thread stops or passes
 * the deadline first: the caller then does the work itself too, so `bytes` is copied to the thread
 * (a memcpy: a tenth of a millisecond a megabyte), not handed over.
 */
export function parseOnThread(bytes: Buffer, checks: BodyChecks): Promise<ThreadResult> | null {
  const t = current();
  if (!t?.isReady) return null;
  const id = nextId++;
  const { maxDepth, nul, operationId } = checks;
  const job: BodyJob = { id, bytes, maxDepth, nul, operationId };
  return new Promise<ThreadResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      t.pending.delete(id);
      reject(new Error('the large-body thread did not answer in time'));
      void t.worker.terminate();
    }, JOB_TIMEOUT_MS);
    t.pending.set(id, { resolve, reject, timer });
    // While a job is out, the thread's answer is what the request waits for.
    t.worker.ref();
    t.worker.postMessage(job);
  });
}

/** Jobs the thread has not answered yet. */
export const bodyThreadJobs = (): number => thread?.pending.size ?? 0;

/** Starts the thread when there is none; resolves with whether it is ready to take bodies. */
export async function bodyThreadReady(): Promise<boolean> {
  const t = current();
  return t ? t.ready : false;
}

/** Ends the thread (a later large body starts another). */
export async function closeBodyThread(): Promise<void> {
  const t = thread;
  thread = null;
  if (t) await t.worker.terminate();
}
