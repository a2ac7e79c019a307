// The parser thread (see parse-host.ts): runs readRecords over bytes the host sends, one file at
// a time, and sends the records back in batches. It only parses: no database, no S3.
//
// Messages in:  {type: 'file', rules, relPath, key, contentType, size}, then {type: 'chunk',
//               bytes} as asked for, then {type: 'end'}.
// Messages out: {type: 'more'} (send the next chunk), {type: 'records', records} (a batch),
//               {type: 'done'}, or {type: 'error', message, ingest} (ingest: an IngestError,
//               whose message is for the user).
import { parentPort } from 'node:worker_threads';
import { IngestError, readRecords, type DatasetRules, type Record_ } from './parsers.ts';

export type HostMessage =
  | { type: 'file'; rules: DatasetRules; relPath: string; key: string; contentType: string | undefined; size: number }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' };

export type ParserMessage =
  | { type: 'more' }
  | { type: 'records'; records: Record_[] }
  | { type: 'done' }
  | { type: 'error'; message: string; ingest: boolean };

const BATCH = 500;
const port = parentPort!;
let next: ((m: HostMessage) => void) | null = null;
const inbox: HostMessage[] = [];

const receive = (): Promise<HostMessage> =>
  inbox.length ? Promise.resolve(inbox.shift()!) : new Promise((resolve) => (next = resolve));

port.on('message', (m: HostMessage) => {
  if (next) {
    const n = next;
    next = null;
    n(m);
  } else {
    inbox.push(m);
  }
});

const send = (m: ParserMessage): void => port.postMessage(m);

for (;;) {
  const file = await receive();
  if (file.type !== 'file') continue;
  let batch: Record_[] = [];
  const flush = () => {
    if (batch.length) send({ type: 'records', records: batch });
    batch = [];
  };
  // The bytes arrive one chunk per request, so the host reads from S3 only as fast as this
  // thread parses; the records parsed so far go out before each request.
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for (;;) {
      flush();
      send({ type: 'more' });
      const m = await receive();
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
      batch.push(rec);
      if (batch.length >= BATCH) flush();
    }
    flush();
    send({ type: 'done' });
  } catch (err) {
    send({
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      ingest: err instanceof IngestError,
    });
  }
}
