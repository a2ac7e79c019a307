// The parser thread (see parse-host.ts): runs readRecords over bytes the host sends, one file at
// a time, and sends the records back in batches. It only parses: no database, no S3.
//
// Messages in:  {type: 'file', rules, relPath, key, contentType, size, batchBytes}, then
//               {type: 'chunk', bytes} as asked for, then {type: 'end'}; {type: 'taken'} after
//               each batch of records.
// Messages out: {type: 'more'} (send the next chunk), {type: 'records', records} (a batch),
//               {type: 'done'}, or {type: 'error', message, ingest} (ingest: an IngestError,
//               whose message is for the user).
//
// Back-pressure both ways: the thread asks for one chunk at a time, and after each batch of
// records it waits until the host has taken the batch (`taken`: the host begins writing it) before
// sending another, so it parses at most one batch ahead of the writer. A batch holds at most BATCH
// records and about `batchBytes` of content, so one chunk that expands into many records (short
// rows under a long header) never piles up in either thread's memory. A file's first batches are
// smaller (FIRST_BATCH, then four times as many up to BATCH): the writer starts on a file's first
// records instead of waiting for BATCH of them, which is most of a small file's run.
import { parentPort, workerData } from 'node:worker_threads';
import { IngestError, readRecords, type DatasetRules, type Record_ } from './parsers.ts';
import { contentChecksum, storableJson } from '../domain/content-encoding.ts';

/**
 * A record with its content encoded as it is stored: the JSON text jsonb takes and the checksum.
 * Encoded here, beside the parsing, so that the writer's thread (the ingest job's, which also
 * streams the COPY) does not hash every content: it was that thread's largest cost.
 */
export type EncodedRecord = Record_ & { json: string; checksum: string };

export type HostMessage =
  | {
      type: 'file';
      rules: DatasetRules;
      relPath: string;
      key: string;
      contentType: string | undefined;
      size: number;
      batchBytes: number;
    }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'taken' };

export type ParserMessage =
  | { type: 'more' }
  | { type: 'records'; records: EncodedRecord[] }
  | { type: 'done' }
  | { type: 'error'; message: string; ingest: boolean };

const BATCH = 500;
const FIRST_BATCH = 50;
const port = parentPort!;
// Two streams of messages with a waiter each: the host's `taken` answers a batch, everything
// else (a file, a chunk, the end) answers a request for bytes. A reader may ask for bytes while
// its consumer waits for `taken` (the CSV reader feeds its parser concurrently), so the two must
// never share one waiter.
type Lane = 'taken' | 'data';
const laneOf = (m: HostMessage): Lane => (m.type === 'taken' ? 'taken' : 'data');
const next: Record<Lane, ((m: HostMessage) => void) | null> = { taken: null, data: null };
const inbox: Record<Lane, HostMessage[]> = { taken: [], data: [] };

const receive = (lane: Lane): Promise<HostMessage> =>
  inbox[lane].length ? Promise.resolve(inbox[lane].shift()!) : new Promise((resolve) => (next[lane] = resolve));

port.on('message', (m: HostMessage) => {
  const lane = laneOf(m);
  const n = next[lane];
  if (n) {
    next[lane] = null;
    n(m);
  } else {
    inbox[lane].push(m);
  }
});

const send = (m: ParserMessage): void => port.postMessage(m);

/** Records of each made-up file warmUp() reads. */
const WARM_UP_RECORDS = 2000;

/**
 * A thread started ahead of its run (parse-host.ts) first reads a made-up file of each common
 * format through the readers and the encoding, so that a run's first records are parsed by code
 * V8 has already compiled, not by its interpreter (bench/README.md, "Ingest: small files"). A
 * run that takes the thread meanwhile waits: its messages queue in the inboxes above. Nothing of
 * it leaves the thread, and a failure here only leaves the code cold.
 */
async function warmUp(): Promise<void> {
  const rec = (i: number) => ({ id: `w${i}`, text: `warm-up text ${i}, with "quotes"`, score: i % 5 });
  const records = Array.from({ length: WARM_UP_RECORDS }, (_, i) => rec(i));
  const files: [DatasetRules['format'], string][] = [
    [
      'csv',
      `id,text,score\n${records.map((r) => `${r.id},"${r.text.replaceAll('"', '""')}",${r.score}`).join('\n')}\n`,
    ],
    ['jsonl', `${records.map((r) => JSON.stringify(r)).join('\n')}\n`],
    ['json', JSON.stringify(records)],
  ];
  for (const [format, text] of files) {
    const body = Buffer.from(text);
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let at = 0; at < body.length; at += 16 * 1024) yield body.subarray(at, at + 16 * 1024);
    }
    const file = { relPath: 'warm-up', key: 'warm-up', contentType: undefined, size: body.length, bytes: chunks() };
    for await (const r of readRecords({ format, idField: 'id' }, file)) {
      storableJson(r.content);
      contentChecksum(r.content);
    }
  }
}

if ((workerData as { warmUp?: boolean } | null)?.warmUp) await warmUp().catch(() => {});

for (;;) {
  const file = await receive('data');
  if (file.type !== 'file') continue;
  let batch: EncodedRecord[] = [];
  let batchChars = 0;
  let batchLimit = FIRST_BATCH;
  /** Hands the batch over and waits until the host has taken all of it. */
  const flush = async () => {
    if (!batch.length) return;
    send({ type: 'records', records: batch });
    batch = [];
    batchChars = 0;
    batchLimit = Math.min(BATCH, batchLimit * 4);
    await receive('taken');
  };
  // The bytes arrive one chunk per request, so the host reads from S3 only as fast as this
  // thread parses. Batches go out from the consuming loop only (never from here: the CSV
  // reader runs this feed concurrently with it, and one batch is in flight at a time).
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for (;;) {
      send({ type: 'more' });
      const m = await receive('data');
      if (m.type !== 'chunk') return;
      yield m.bytes;
    }
  }
  try {
    for await (const rec of readRecords(file.rules, {
      relPath: file.relPath,
      key: file.key,
      contentType: file.contentType,
      size: file.size,
      bytes: bytes(),
    })) {
      const json = storableJson(rec.content);
      // Refused with the file and line, before it reaches a COPY.
      if (json === null)
        throw new IngestError(
          `${file.relPath} line ${rec.line}: the record contains the NUL character or an unpaired surrogate ` +
            '(\\u0000, \\ud800-\\udfff), which cannot be stored',
        );
      batch.push(Object.assign(rec, { json, checksum: contentChecksum(rec.content) }));
      batchChars += json.length;
      if (batch.length >= batchLimit || batchChars >= file.batchBytes) await flush();
    }
    await flush();
    send({ type: 'done' });
  } catch (err) {
    send({
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      ingest: err instanceof IngestError,
    });
  }
}
