// Streaming readers for the dataset formats of a project spec. Each takes the file's bytes as an
// async iterable and yields records one at a time, so no file is ever held whole in memory. A
// malformed file raises IngestError naming the file and the line.
//
// Hostile input: every reader works in time linear in the input (no backtracking regex runs on
// file content, lines are split by scanning each byte once) and in memory bounded by LIMITS
// (each limit crossed is an IngestError naming the file and the line), and reading stops as soon
// as a file is longer than its declared size. The ingest job runs these readers in a worker
// thread with a capped heap (parse-host.ts), so even a defect here cannot stall the process that
// runs other jobs, heartbeats or (in `make dev`) the API.
import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse';
import { JSONParser } from '@streamparser/json';

/**
 * A run's failure the user can act on: the message names the file and the line; the code is the
 * run's errorCode (a reader's refusal, or a quota crossed while writing).
 */
export class IngestError extends Error {
  readonly code: 'ingest_file_invalid' | 'ingest_quota_exceeded';
  constructor(message: string, code: IngestError['code'] = 'ingest_file_invalid') {
    super(message);
    this.code = code;
  }
}

const MiB = 1024 * 1024;

/** Hard limits of the readers (characters, except where bytes are named). Documented in docs/spec-format.md. */
export const LIMITS = Object.freeze({
  /** One line of a jsonl or markdown_split file. */
  lineChars: MiB,
  /** One CSV record (the characters of its fields, separators not counted) or one element of a json array. */
  recordChars: MiB,
  /** One CSV field, or one string value anywhere in a json / jsonl record. */
  fieldChars: 256 * 1024,
  /** One markdown_split section: its heading and body. */
  sectionChars: MiB,
  /** A datapoint's content as JSON, in UTF-8 bytes. */
  contentBytes: MiB,
  /**
   * The header-names budget of a CSV row: a header's names become the keys of every row's
   * content, so a long header over short rows would store far more than the file holds (4 names
   * of 250,000 characters over rows `n,,,`: 1 MB stored per 4 bytes read). The names' characters
   * may be at most `headerNamesPerRowChar` times the row's characters (its fields and
   * separators), or `headerNamesFloorChars`, whichever is more.
   */
  headerNamesPerRowChar: 64,
  headerNamesFloorChars: 1024,
});

export interface Record_ {
  /** 1-based record number in the file (row, element, line, section). */
  row: number;
  /** 1-based line where the record starts, for messages. */
  line: number;
  content: Record<string, unknown>;
  /**
   * The content's top-level keys in source order, when `Object.keys(content)` does not give it: a
   * JavaScript object lists integer-like keys (`"2023"`) first, so a CSV header holding one is
   * carried here (absent otherwise, so a plain record costs nothing).
   */
  keys?: string[];
  /** The expected rating when the record is a gold item (the spec's `dataset.goldField`), else null. */
  gold?: number | null;
}

export interface DatasetRules {
  format: 'csv' | 'json' | 'jsonl' | 'markdown_split' | 'file_collection';
  idField?: string;
  contentFields?: string[];
  headingLevel?: number;
  goldField?: string;
}

export interface SourceFile {
  relPath: string;
  key: string;
  contentType: string | undefined;
  /** The declared size in bytes: reading fails as soon as the file turns out longer. */
  size: number;
  bytes: AsyncIterable<Uint8Array>;
}

/** The file's bytes, failing as soon as more than its declared size has been read. */
async function* declaredBytes(file: SourceFile): AsyncGenerator<Uint8Array> {
  let read = 0;
  for await (const chunk of file.bytes) {
    read += chunk.length;
    if (read > file.size)
      throw new IngestError(
        `${file.relPath}: the file is longer than its declared size of ` +
          `${file.size} bytes (more than ${file.size} bytes were read); declare its real size and upload it again`,
      );
    yield chunk;
  }
}

/** UTF-8 text chunks; invalid UTF-8 fails with the line it was found on. */
async function* utf8(file: SourceFile): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let lines = 1;
  for await (const chunk of declaredBytes(file)) {
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

const stripCr = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line);

/**
 * Lines of a text file without their terminators. Each character is scanned once: the pieces of
 * a line that spans chunks are kept in a list and joined once, never re-scanned; a line longer
 * than LIMITS.lineChars fails at once (its start line is named), before it is held whole.
 */
async function* lines(file: SourceFile): AsyncGenerator<string> {
  const pieces: string[] = [];
  let pendingChars = 0;
  let lineNo = 1;
  const tooLong = () =>
    new IngestError(`${file.relPath} line ${lineNo}: the line is longer than ${LIMITS.lineChars} characters`);
  for await (const text of utf8(file)) {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      if (pendingChars + nl - start > LIMITS.lineChars) throw tooLong();
      pieces.push(text.slice(start, nl));
      yield stripCr(pieces.length === 1 ? pieces[0] : pieces.join(''));
      pieces.length = 0;
      pendingChars = 0;
      lineNo++;
      start = nl + 1;
    }
    if (start < text.length) {
      pendingChars += text.length - start;
      if (pendingChars > LIMITS.lineChars) throw tooLong();
      pieces.push(text.slice(start));
    }
  }
  if (pieces.length) yield stripCr(pieces.join(''));
}

/** Fails when a string value anywhere in `value` is longer than LIMITS.fieldChars. */
function checkFields(value: unknown, where: () => string): void {
  if (typeof value === 'string') {
    if (value.length > LIMITS.fieldChars)
      throw new IngestError(`${where()}: a value is longer than ${LIMITS.fieldChars} characters`);
  } else if (value && typeof value === 'object') {
    for (const v of Array.isArray(value) ? value : Object.values(value)) checkFields(v, where);
  }
}

function checkContentSize(file: SourceFile, rec: Record_): Record_ {
  const bytes = Buffer.byteLength(JSON.stringify(rec.content));
  if (bytes > LIMITS.contentBytes)
    throw new IngestError(
      `${file.relPath} line ${rec.line}: record ` +
        `${rec.row} is ${bytes} bytes as JSON, more than the ${LIMITS.contentBytes} bytes a datapoint's content may ` +
        `have`,
    );
  return rec;
}

/**
 * Moves the gold field out of the record's content into `rec.gold`: a number 0..100 (or its
 * decimal text) makes the record a gold item, an empty or absent value an ordinary datapoint.
 * The field leaves every record, so validators never see it and gold records look like others.
 */
function takeGold(file: SourceFile, field: string, rec: Record_): void {
  const value = rec.content[field];
  delete rec.content[field];
  rec.gold = null;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return;
  const rating = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!(Number.isFinite(rating) && rating >= 0 && rating <= 100))
    throw new IngestError(
      `${file.relPath} line ${rec.line}: record ${rec.row} has \`${field}\` (the spec's goldField) ` +
        `${JSON.stringify(value).slice(0, 40)}, not a rating from 0 to 100`,
    );
  rec.gold = rating;
}

function checkRecord(file: SourceFile, rules: DatasetRules, rec: Record_): Record_ {
  if (rules.idField !== undefined) {
    const id = rec.content[rules.idField];
    if (id === undefined || id === null || id === '')
      throw new IngestError(
        `${file.relPath} line ${rec.line}: record ${rec.row} has no \`${rules.idField}\` (the spec's idField)`,
      );
  }
  if (rules.goldField !== undefined) takeGold(file, rules.goldField, rec);
  for (const field of rules.contentFields ?? []) {
    if (!(field in rec.content))
      throw new IngestError(
        `${file.relPath} line ${rec.line}: record ${rec.row} has no \`${field}\` (one of the spec's contentFields)`,
      );
  }
  return rec;
}

/** Refuses a CSV row whose header names outweigh it beyond the budget (LIMITS.headerNamesPerRowChar). */
function checkHeaderBudget(file: SourceFile, record: Record<string, string>, namesChars: number, line: number): void {
  if (namesChars <= LIMITS.headerNamesFloorChars) return;
  let rowChars = -1; // n fields have n - 1 separators
  for (const k in record) rowChars += record[k].length + 1;
  const budget = Math.max(LIMITS.headerNamesFloorChars, LIMITS.headerNamesPerRowChar * Math.max(rowChars, 0));
  if (namesChars > budget)
    throw new IngestError(
      `${file.relPath} line ${line}: the header's names (${namesChars} characters) are more than ` +
        `${LIMITS.headerNamesPerRowChar} times this row (${rowChars} characters); ` +
        `every row stores the header's names as its keys, so shorten the column names`,
    );
}

/** A key JavaScript lists before all others, in ascending numeric order (an array index). */
const isIndexKey = (k: string): boolean => /^(0|[1-9]\d{0,9})$/.test(k) && Number(k) < 2 ** 32 - 1;

async function* csvRecords(file: SourceFile): AsyncGenerator<Record_> {
  // RFC 4180: header row, quoted fields may hold commas, quotes ("") and newlines. A BOM is
  // dropped. Every row must have as many fields as the header.
  // max_record_size bounds what csv-parse buffers: a 200 MB single line, or an unterminated
  // quoted field that swallows the rest of the file, fails at LIMITS.recordChars.
  // `lastEnd`: the line the previous record (or the header) ended on, so an over-long record is
  // named by the line it starts on, not where csv-parse gave up.
  let lastEnd = 0;
  let namesChars = 0;
  let keys: string[] | undefined;
  const parser = parseCsv({
    bom: true,
    skip_empty_lines: true,
    info: true,
    relax_column_count: false,
    max_record_size: LIMITS.recordChars,
    columns: (header: string[]) => {
      lastEnd = parser.info.lines;
      namesChars = header.reduce((n, name) => n + name.length, 0);
      keys = header.some(isIndexKey) ? header : undefined;
      return header;
    },
  });
  // The feed stops as soon as the parser is gone (an error destroys it; so does a consumer that
  // stops early): it must neither wait for a 'drain' that never comes nor read further.
  const feed = (async () => {
    try {
      for await (const text of utf8(file)) {
        if (parser.destroyed) break;
        if (!parser.write(text)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              parser.off('drain', done);
              parser.off('close', done);
              resolve();
            };
            parser.on('drain', done);
            parser.on('close', done);
          });
        }
      }
      if (!parser.destroyed) parser.end();
    } catch (err) {
      parser.destroy(err as Error);
    }
  })();
  let row = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      row++;
      lastEnd = item.info.lines;
      checkFields(item.record, () => `${file.relPath} line ${item.info.lines}`);
      checkHeaderBudget(file, item.record, namesChars, item.info.lines);
      yield { row, line: item.info.lines, content: item.record, ...(keys ? { keys } : {}) };
    }
  } catch (err) {
    if (err instanceof IngestError) throw err;
    const e = err as { lines?: number; message: string; code?: string };
    if (e.code === 'CSV_MAX_RECORD_SIZE')
      throw new IngestError(
        `${file.relPath} line ${lastEnd + 1}: the record starting here is longer than ` +
          `${LIMITS.recordChars} characters (is a quoted field left open?)`,
      );
    if (e.code === 'CSV_QUOTE_NOT_CLOSED')
      throw new IngestError(
        `${file.relPath} line ${e.lines ?? '?'}: a quoted field is not closed before the end of the file`,
      );
    throw new IngestError(
      `${file.relPath} line ${e.lines ?? '?'}: ${e.message.replace(/^Invalid Record Length: /, 'ragged row: ')}`,
    );
  } finally {
    if (!parser.writableFinished) parser.destroy();
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
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new IngestError(`${file.relPath} line ${line}: each line must be a JSON object`);
    checkFields(value, () => `${file.relPath} line ${line}`);
    row++;
    yield { row, line, content: value as Record<string, unknown> };
  }
}

const countNewlines = (text: string): number => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** Text is fed to the JSON tokenizer in slices of at most this many characters. */
const JSON_SLICE = 64 * 1024;

async function* jsonArrayRecords(file: SourceFile): AsyncGenerator<Record_> {
  // A JSON array of objects, read element by element (never parsed whole). The tokenizer holds
  // the element in progress (a string being read, an object being built), so the characters fed
  // since the last complete element are counted: past LIMITS.recordChars (plus one slice) the
  // file fails, whatever the element holds (one 100 MB string, a deep object).
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const queue: Record_[] = [];
  let line = 1;
  let row = 0;
  let started = false;
  let sinceElement = 0;
  let failure: IngestError | null = null;
  parser.onValue = ({ value }) => {
    row++;
    sinceElement = 0;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      failure ??= new IngestError(`${file.relPath} line ${line}: element ${row} of the array is not an object`);
      return;
    }
    try {
      checkFields(value, () => `${file.relPath} line ${line}`);
    } catch (err) {
      failure ??= err as IngestError;
      return;
    }
    queue.push({ row, line, content: value as Record<string, unknown> });
  };
  for await (const chunk of utf8(file)) {
    if (!started) {
      const first = chunk.trimStart()[0];
      if (first === undefined) continue;
      if (first !== '[')
        throw new IngestError(`${file.relPath} line 1: a json dataset file must be one array of objects`);
      started = true;
    }
    for (let at = 0; at < chunk.length; at += JSON_SLICE) {
      const text = chunk.length <= JSON_SLICE ? chunk : chunk.slice(at, at + JSON_SLICE);
      sinceElement += text.length;
      try {
        parser.write(text);
      } catch (err) {
        const m = /position "?(\d+)"?/.exec((err as Error).message);
        const upTo = m ? countNewlines(text.slice(0, Number(m[1]))) : 0;
        throw new IngestError(`${file.relPath} line ${line + upTo}: invalid JSON (${(err as Error).message})`);
      }
      if (failure) throw failure;
      if (sinceElement > LIMITS.recordChars + JSON_SLICE)
        throw new IngestError(
          `${file.relPath} line ${line}: element ` +
            `${row + 1} of the array is longer than ${LIMITS.recordChars} characters`,
        );
      line += countNewlines(text);
      while (queue.length) yield queue.shift()!;
    }
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

/**
 * The title of an ATX heading of exactly `level` (`## Title ##`), or null when the line is not
 * one. Written by hand, in one pass: the pattern it replaces (`^#{n}\s+(.*?)\s*#*\s*$`)
 * backtracked cubically on a heading with many spaces before its last character.
 */
export function headingTitle(text: string, level: number): string | null {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) === 35 /* # */) i++;
  if (i !== level || i >= text.length || text[i].trim() !== '') return null;
  // The rest without surrounding whitespace, then without a closing run of #, then trimmed again.
  let end = text.trimEnd().length;
  const start = i + (text.length - i - text.slice(i).trimStart().length);
  if (start >= end) return '';
  while (end > start && text.charCodeAt(end - 1) === 35) end--;
  return text.slice(start, end).trimEnd();
}

const isFence = (text: string): boolean => {
  const t = text.trimStart();
  return t.startsWith('```') || t.startsWith('~~~');
};

async function* markdownSections(file: SourceFile, level: number): AsyncGenerator<Record_> {
  // One datapoint per section that starts with a heading of exactly `level`; deeper headings stay
  // inside their section, text before the first such heading is not a datapoint, and headings
  // inside fenced code blocks do not count. A section longer than LIMITS.sectionChars fails.
  let inFence = false;
  let current: { title: string; body: string[]; line: number; chars: number } | null = null;
  let lineNo = 0;
  let row = 0;
  const emit = (): Record_ => ({
    row: ++row,
    line: current!.line,
    content: { title: current!.title, body: current!.body.join('\n').trim() },
  });
  for await (const text of lines(file)) {
    lineNo++;
    if (isFence(text)) inFence = !inFence;
    const title = inFence ? null : headingTitle(text, level);
    if (title !== null) {
      if (current) yield emit();
      current = { title, body: [], line: lineNo, chars: text.length };
    } else if (current) {
      current.chars += text.length + 1;
      if (current.chars > LIMITS.sectionChars)
        throw new IngestError(
          `${file.relPath} line ${current.line}: the section starting here is longer than ` +
            `${LIMITS.sectionChars} characters`,
        );
      current.body.push(text);
    }
  }
  if (current) yield emit();
}

async function* wholeFile(file: SourceFile): AsyncGenerator<Record_> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of declaredBytes(file)) {
    hash.update(chunk);
    size += chunk.length;
  }
  yield {
    row: 1,
    line: 1,
    content: {
      key: file.key,
      relPath: file.relPath,
      size,
      contentType: file.contentType ?? 'application/octet-stream',
      sha256: hash.digest('hex'),
    },
  };
}

/** Every record of one file, checked against the spec's idField and contentFields. */
export async function* readRecords(rules: DatasetRules, file: SourceFile): AsyncGenerator<Record_> {
  const source =
    rules.format === 'csv'
      ? csvRecords(file)
      : rules.format === 'jsonl'
        ? jsonlRecords(file)
        : rules.format === 'json'
          ? jsonArrayRecords(file)
          : rules.format === 'markdown_split'
            ? markdownSections(file, rules.headingLevel ?? 2)
            : wholeFile(file);
  let count = 0;
  for await (const rec of source) {
    count++;
    yield checkContentSize(
      file,
      rules.format === 'file_collection' || rules.format === 'markdown_split' ? rec : checkRecord(file, rules, rec),
    );
  }
  if (count === 0) {
    const what = rules.format === 'markdown_split' ? `no section at heading level ${rules.headingLevel}` : 'no records';
    throw new IngestError(`${file.relPath} line 1: the file has ${what}`);
  }
}
