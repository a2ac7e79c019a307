// Streaming readers for the dataset formats of a project spec. Each takes the file's bytes as an
// async iterable and yields records one at a time, so no file is ever held whole in memory. A
// malformed file raises IngestError naming the file and the line.
import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse';
import { JSONParser } from '@streamparser/json';

export class IngestError extends Error {}

export interface Record_ {
  /** 1-based record number in the file (row, element, line, section). */
  row: number;
  /** 1-based line where the record starts, for messages. */
  line: number;
  content: Record<string, unknown>;
}

export interface DatasetRules {
  format: 'csv' | 'json' | 'jsonl' | 'markdown_split' | 'file_collection';
  idField?: string;
  contentFields?: string[];
  headingLevel?: number;
}

export interface SourceFile {
  relPath: string;
  key: string;
  contentType: string | undefined;
  size: number;
  bytes: AsyncIterable<Uint8Array>;
}

/** UTF-8 text chunks; invalid UTF-8 fails with the line it was found on. */
async function* utf8(file: SourceFile): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let lines = 1;
  for await (const chunk of file.bytes) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new IngestError(`${file.relPath} line ${lines}: invalid UTF-8`);
    }
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new IngestError(`${file.relPath} line ${lines}: invalid UTF-8 at the end of the file`);
  }
}

/** Lines of a text file without their terminators. */
async function* lines(file: SourceFile): AsyncGenerator<string> {
  let pending = '';
  for await (const text of utf8(file)) {
    pending += text;
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      yield pending.slice(0, nl).replace(/\r$/, '');
      pending = pending.slice(nl + 1);
    }
  }
  if (pending) yield pending.replace(/\r$/, '');
}

function checkRecord(file: SourceFile, rules: DatasetRules, rec: Record_): Record_ {
  if (rules.idField !== undefined) {
    const id = rec.content[rules.idField];
    if (id === undefined || id === null || id === '') throw new IngestError(`${file.relPath} line ${rec.line}: record ${rec.row} has no \`${rules.idField}\` (the spec's idField)`);
  }
  for (const field of rules.contentFields ?? []) {
    if (!(field in rec.content)) throw new IngestError(`${file.relPath} line ${rec.line}: record ${rec.row} has no \`${field}\` (one of the spec's contentFields)`);
  }
  return rec;
}

async function* csvRecords(file: SourceFile): AsyncGenerator<Record_> {
  // RFC 4180: header row, quoted fields may hold commas, quotes ("") and newlines. A BOM is
  // dropped. Every row must have as many fields as the header.
  const parser = parseCsv({ bom: true, columns: true, skip_empty_lines: true, info: true, relax_column_count: false });
  const feed = (async () => {
    try {
      for await (const text of utf8(file)) if (!parser.write(text)) await new Promise((r) => parser.once('drain', r));
      parser.end();
    } catch (err) {
      parser.destroy(err as Error);
    }
  })();
  let row = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      row++;
      yield { row, line: item.info.lines, content: item.record };
    }
  } catch (err) {
    if (err instanceof IngestError) throw err;
    const e = err as { lines?: number; message: string };
    throw new IngestError(`${file.relPath} line ${e.lines ?? '?'}: ${e.message.replace(/^Invalid Record Length: /, 'ragged row: ')}`);
  } finally {
    await feed;
  }
}

async function* jsonlRecords(file: SourceFile): AsyncGenerator<Record_> {
  let line = 0;
  let row = 0;
  for await (const text of lines(file)) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new IngestError(`${file.relPath} line ${line}: invalid JSON (${(err as Error).message})`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new IngestError(`${file.relPath} line ${line}: each line must be a JSON object`);
    row++;
    yield { row, line, content: value as Record<string, unknown> };
  }
}

async function* jsonArrayRecords(file: SourceFile): AsyncGenerator<Record_> {
  // A JSON array of objects, read element by element (never parsed whole).
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const queue: Record_[] = [];
  let line = 1;
  let row = 0;
  let started = false;
  let failure: IngestError | null = null;
  parser.onValue = ({ value }) => {
    row++;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      failure ??= new IngestError(`${file.relPath} line ${line}: element ${row} of the array is not an object`);
      return;
    }
    queue.push({ row, line, content: value as Record<string, unknown> });
  };
  for await (const text of utf8(file)) {
    if (!started) {
      const first = text.trimStart()[0];
      if (first === undefined) continue;
      if (first !== '[') throw new IngestError(`${file.relPath} line 1: a json dataset file must be one array of objects`);
      started = true;
    }
    try {
      parser.write(text);
    } catch (err) {
      const m = /position "?(\d+)"?/.exec((err as Error).message);
      const at = m ? text.slice(0, Number(m[1])).split('\n').length - 1 : 0;
      throw new IngestError(`${file.relPath} line ${line + at}: invalid JSON (${(err as Error).message})`);
    }
    if (failure) throw failure;
    line += text.split('\n').length - 1;
    while (queue.length) yield queue.shift()!;
  }
  if (!started || !parser.isEnded) {
    try {
      parser.end();
    } catch {
      throw new IngestError(`${file.relPath} line ${line}: invalid JSON (the file ends before the array does)`);
    }
  }
  while (queue.length) yield queue.shift()!;
}

async function* markdownSections(file: SourceFile, level: number): AsyncGenerator<Record_> {
  // One datapoint per section that starts with a heading of exactly `level`; deeper headings stay
  // inside their section, text before the first such heading is not a datapoint, and headings
  // inside fenced code blocks do not count.
  const heading = new RegExp(`^#{${level}}\\s+(.*?)\\s*#*\\s*$`);
  let inFence = false;
  let current: { title: string; body: string[]; line: number } | null = null;
  let lineNo = 0;
  let row = 0;
  const emit = (): Record_ => ({ row: ++row, line: current!.line, content: { title: current!.title, body: current!.body.join('\n').trim() } });
  for await (const text of lines(file)) {
    lineNo++;
    if (/^\s*(```|~~~)/.test(text)) inFence = !inFence;
    const m = inFence ? null : heading.exec(text);
    if (m && !text.startsWith('#'.repeat(level + 1))) {
      if (current) yield emit();
      current = { title: m[1], body: [], line: lineNo };
    } else if (current) {
      current.body.push(text);
    }
  }
  if (current) yield emit();
}

async function* wholeFile(file: SourceFile): AsyncGenerator<Record_> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of file.bytes) {
    hash.update(chunk);
    size += chunk.length;
  }
  yield { row: 1, line: 1, content: { key: file.key, relPath: file.relPath, size, contentType: file.contentType ?? 'application/octet-stream', sha256: hash.digest('hex') } };
}

/** Every record of one file, checked against the spec's idField and contentFields. */
export async function* readRecords(rules: DatasetRules, file: SourceFile): AsyncGenerator<Record_> {
  const source = rules.format === 'csv' ? csvRecords(file)
    : rules.format === 'jsonl' ? jsonlRecords(file)
      : rules.format === 'json' ? jsonArrayRecords(file)
        : rules.format === 'markdown_split' ? markdownSections(file, rules.headingLevel ?? 2)
          : wholeFile(file);
  let count = 0;
  for await (const rec of source) {
    count++;
    yield rules.format === 'file_collection' || rules.format === 'markdown_split' ? rec : checkRecord(file, rules, rec);
  }
  if (count === 0) {
    const what = rules.format === 'markdown_split' ? `no section at heading level ${rules.headingLevel}` : 'no records';
    throw new IngestError(`${file.relPath} line 1: the file has ${what}`);
  }
}
