// Runs the dataset readers (parsers.ts) in a worker thread, so that a hostile or broken file can
// never block or crash the process that runs other jobs, heartbeats and (in `make dev`) the API:
// - the thread has its own event loop: a slow parse delays nobody else;
// - its heap is capped (resourceLimits): running out ends the thread, not the process, and the
//   run fails naming the file;
// - every answer is awaited with a deadline: a parse that stops answering is terminated and the
//   run fails naming the file.
// The host reads the bytes (from S3, in the ingest job) and hands them over one chunk at a time,
// when the thread asks for more, so memory stays bounded whatever the file's size.
import { AsyncResource } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import { IngestError, type DatasetRules, type SourceFile } from './parsers.ts';
import type { EncodedRecord, HostMessage, ParserMessage } from './parse-worker.ts';

export interface ParserLimits {
  /** V8 old-generation cap of the parser thread, MB. */
  maxOldGenerationMb: number;
  /** V8 young-generation cap of the parser thread, MB. */
  maxYoungGenerationMb: number;
  /** Longest wait for the thread's answer to one chunk, ms. */
  chunkTimeoutMs: number;
  /** About the most content (characters) one batch of records holds (INGEST_BATCH_BYTES). */
  batchBytes: number;
}

const PARSER_LIMITS: ParserLimits = Object.freeze({
  maxOldGenerationMb: 48,
  maxYoungGenerationMb: 8,
  chunkTimeoutMs: 30_000,
  batchBytes: 4 * 1024 * 1024,
});

/** Reads the records of one file after another; close() ends the thread. */
export interface Parser {
  records(file: SourceFile): AsyncGenerator<EncodedRecord>;
  close(): Promise<void>;
  /**
   * Ends the parser. Its thread becomes the spare thread when it may serve another run (it read
   * every file to its end without an error, there is no spare yet, it has served fewer than
   * MAX_RUNS_PER_THREAD runs); otherwise it is terminated, as close() does.
   */
  release(): Promise<void>;
  /** The most messages ever waiting for the consumer (back-pressure keeps it at 2: a batch, then `done`). */
  maxQueued(): number;
  /** The thread's id while one runs (which thread a run got). */
  threadId(): number | null;
}

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url);

/** What the consumer waits for: the thread's messages, or the failure of a read of the source. */
type Incoming = Exclude<ParserMessage, { type: 'more' }> | { type: 'read-failed'; err: unknown };

function spawnThread(url: URL, limits: ParserLimits, warmUp = false): Worker {
  return new Worker(url, {
    // A thread started ahead of its run compiles its parsing code on a made-up file first
    // (parse-worker.ts); one started for a run that is waiting does not.
    workerData: { warmUp },
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxOldGenerationMb,
      maxYoungGenerationSizeMb: limits.maxYoungGenerationMb,
    },
    stdout: false,
    stderr: false,
  });
}

/**
 * The parser thread the next run takes. Starting a thread (an isolate, the parsers' modules) costs
 * 100-450 ms on a busy machine, and a fresh thread then parses its first thousand records with
 * code V8 has not compiled yet: together most of a small file's run (bench/README.md, "Ingest:
 * small files"). So a worker keeps one thread ready: started ahead at worker start, and after a
 * run the thread that run used, when it read every file it was given to its end without an error
 * (release()). A thread holds nothing of a file once it has sent the file's last batch (it keeps
 * no state between files: a run of several files already goes through one thread). A thread that
 * failed, ran out of memory, stopped answering or was left in the middle of a file is terminated,
 * never kept; one that has served MAX_RUNS_PER_THREAD runs is retired and a fresh one started.
 */
export const MAX_RUNS_PER_THREAD = 100;
/** Runs each thread has served (threads of the default URL and limits only). */
const runsServed = new WeakMap<Worker, number>();
let spare: { worker: Worker; gone: () => void } | null = null;

/** Starts the spare thread when there is none (the ingest worker at start and after each run). */
export function prepareParserThread(): void {
  if (!spare) keepSpare(spawnThread(WORKER_URL, PARSER_LIMITS, true));
}

/** Makes `worker` the spare thread. */
function keepSpare(worker: Worker): void {
  // It must not keep an idle process alive, and a spare that dies is simply replaced when needed.
  worker.unref();
  const gone = () => {
    if (spare?.worker === worker) spare = null;
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  spare = { worker, gone };
}

/** Parsers of the default thread and limits share spare threads; others get a thread of their own. */
const sharesThreads = (workerUrl: URL | undefined, limits: ParserLimits): boolean =>
  workerUrl === undefined &&
  limits.maxOldGenerationMb === PARSER_LIMITS.maxOldGenerationMb &&
  limits.maxYoungGenerationMb === PARSER_LIMITS.maxYoungGenerationMb;

/** The spare thread's id, or null when there is none. */
export const spareThreadId = (): number | null => spare?.worker.threadId ?? null;

/** Ends the spare thread (a worker process stopping). */
export async function closeParserThreads(): Promise<void> {
  const s = spare;
  spare = null;
  await s?.worker.terminate();
}

/** The spare thread for a parser with the default thread and limits, or null. */
function takeSpare(workerUrl: URL | undefined, limits: ParserLimits): Worker | null {
  if (!spare || !sharesThreads(workerUrl, limits)) return null;
  const { worker, gone } = spare;
  spare = null;
  worker.off('error', gone);
  worker.off('exit', gone);
  worker.ref();
  return worker;
}

/**
 * A parser thread for one ingest run (the files of one dataset). `workerUrl` lets tests run a
 * deliberately misbehaving thread to check the isolation itself.
 */
export function createParser(rules: DatasetRules, options: Partial<ParserLimits> & { workerUrl?: URL } = {}): Parser {
  const limits = { ...PARSER_LIMITS, ...options };
  let worker: Worker | null = null;
  let exitError: Error | null = null;
  const waiting: { resolve: (m: Incoming) => void; reject: (e: Error) => void }[] = [];
  const inbox: Incoming[] = [];
  let maxQueued = 0;
  // The thread's requests for bytes are answered as they come, not when the consumer next asks
  // for records: the thread reads and parses the next batch while the consumer writes this one.
  let onMore: (() => void) | null = null;
  const deliver = (m: Incoming) => {
    if (waiting.length) waiting.shift()!.resolve(m);
    else maxQueued = Math.max(maxQueued, inbox.push(m));
  };

  const shared = sharesThreads(options.workerUrl, limits);
  const onMessage = (m: ParserMessage) => {
    // A request for bytes comes only while records() reads a file (onMore is set then).
    if (m.type === 'more') onMore?.();
    else deliver(m);
  };
  const fail = (err: Error) => {
    exitError ??= err;
    worker = null;
    while (waiting.length) waiting.shift()!.reject(exitError);
  };
  const onExit = (code: number) => fail(new Error(`parser thread exited (code ${code})`));
  const start = (): Worker => {
    const w = takeSpare(options.workerUrl, limits) ?? spawnThread(options.workerUrl ?? WORKER_URL, limits);
    if (shared) runsServed.set(w, (runsServed.get(w) ?? 0) + 1);
    w.on('message', onMessage);
    w.on('error', fail);
    w.on('exit', onExit);
    return w;
  };
  // No file is being read (none yet, or the last one was read to its end).
  let betweenFiles = true;

  const receive = (relPath: string): Promise<Incoming> => {
    if (inbox.length) return Promise.resolve(inbox.shift()!);
    if (exitError) return Promise.reject(exitError);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const err = new IngestError(
          `${relPath}: parsing stopped answering for ${limits.chunkTimeoutMs / 1000} s and was stopped`,
        );
        exitError = err;
        void worker?.terminate();
        reject(err);
      }, limits.chunkTimeoutMs);
      waiting.push({
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  };

  const send = (m: HostMessage, transfer: ArrayBuffer[] = []) => {
    // The thread may have ended meanwhile (its heap cap, a deadline): report why.
    if (!worker) throw exitError ?? new Error('parser thread is not running');
    worker.postMessage(m, transfer);
  };

  const close = async (): Promise<void> => {
    exitError ??= new Error('parser closed');
    const w = worker;
    worker = null;
    await w?.terminate();
  };

  const release = async (): Promise<void> => {
    const w = worker;
    if (!w || !shared || !betweenFiles || exitError || spare || (runsServed.get(w) ?? 0) >= MAX_RUNS_PER_THREAD)
      return close();
    exitError = new Error('parser released');
    worker = null;
    w.off('message', onMessage);
    w.off('error', fail);
    w.off('exit', onExit);
    keepSpare(w);
  };

  return {
    async *records(file: SourceFile): AsyncGenerator<EncodedRecord> {
      if (exitError) throw exitError;
      worker ??= start();
      betweenFiles = false;
      const source = file.bytes[Symbol.asyncIterator]();
      let finished = false;
      // The thread asks for the next chunk only after it has the last one: one read at a time.
      // Bound to this call's async context: the read runs from the thread's message event, and
      // its spans and log lines belong to the run that reads (src/tracing.ts, src/log.ts).
      onMore = AsyncResource.bind(() => {
        source.next().then(
          (next) => {
            try {
              if (next.done) {
                send({ type: 'end' });
              } else {
                // A copy with a buffer of its own: a network chunk may be a view into a shared pool.
                const copy = new Uint8Array(next.value);
                send({ type: 'chunk', bytes: copy }, [copy.buffer]);
              }
            } catch {
              // The thread is gone: the consumer gets its error from receive().
            }
          },
          (err: unknown) => deliver({ type: 'read-failed', err }),
        );
      });
      try {
        send({
          type: 'file',
          rules,
          relPath: file.relPath,
          key: file.key,
          contentType: file.contentType,
          size: file.size,
          batchBytes: limits.batchBytes,
        });
        for (;;) {
          let m: Incoming;
          try {
            m = await receive(file.relPath);
          } catch (err) {
            if (err instanceof IngestError) throw err;
            const reason =
              (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? `parsing needed more than the parser's ${limits.maxOldGenerationMb} MB of memory`
                : 'parsing failed unexpectedly';
            throw new IngestError(`${file.relPath}: ${reason}; nothing of this run was kept`);
          }
          if (m.type === 'records') {
            // Taken as the consumer begins it: the thread may parse one batch more meanwhile, and
            // then waits for this `taken` of that one.
            send({ type: 'taken' });
            yield* m.records;
          } else if (m.type === 'read-failed') {
            throw m.err;
          } else if (m.type === 'done') {
            finished = true;
            betweenFiles = true;
            return;
          } else {
            if (m.ingest) throw new IngestError(m.message);
            throw new Error(`parser thread: ${m.message}`);
          }
        }
      } finally {
        onMore = null;
        // Stop reading the object (a failed or abandoned file is not read to its end), and a
        // thread left mid-file is not reused.
        await source.return?.();
        if (!finished) await close();
      }
    },
    close,
    release,
    maxQueued: () => maxQueued,
    threadId: () => worker?.threadId ?? null,
  };
}
