// Values of a response body that are written in their own way (src/http/respond.ts). JsonText:
// JSON text, written as these bytes instead of being serialized again. JsonElements: an array
// whose elements are made as they are written. An upload session's file list is built as JSON
// text by Postgres and kept per session state (src/handlers/uploads.ts), so reading a session of
// 10,000 files costs the API a buffer write, not 10,000 objects made and stringified.

/**
 * JSON text standing for a value, as pieces written one after another (a session's file list
 * comes from Postgres in rows of about 32 KB: src/db/uploads.ts `fileListJson`); JSON.stringify
 * (the MCP tools, a test) gets the value back.
 */
export class JsonText {
  readonly pieces: readonly Buffer[];
  /** Bytes of text in all the pieces. */
  readonly length: number;
  private ended: (() => void) | null;

  /**
   * `ended`, when given, is called once by `release`: the pieces are lent (src/domain/pooled-text.ts)
   * and valid until then.
   */
  constructor(pieces: Buffer | readonly Buffer[], ended?: () => void) {
    this.pieces = Buffer.isBuffer(pieces) ? [pieces] : pieces;
    this.length = this.pieces.reduce((n, piece) => n + piece.length, 0);
    this.ended = ended ?? null;
  }

  /**
   * The pieces are no longer read: called by whoever ends their use (the response's writer, once
   * the response closed). Lent pieces go back to their owner; later calls do nothing.
   */
  release(): void {
    const ended = this.ended;
    this.ended = null;
    ended?.();
  }
  /** The value, for any writer that serializes the body as a whole: the same bytes come out. */
  toJSON(): unknown {
    return JSON.parse(Buffer.concat(this.pieces).toString('utf8'));
  }
}

/**
 * The text where the contract's type says `T`: the one place the types are told a JsonText is
 * a T. The caller owns that the text is exactly JSON.stringify's output for a T (a handler's
 * test compares the bytes), so every writer produces the same body either way.
 */
export const asSerialized = <T>(text: JsonText): T => text as unknown as T;

/**
 * An array made element by element as it is written (src/http/respond.ts), a piece at a time: a
 * declare's 1,000 presigned URLs are signed as their piece of the answer is written, so they
 * never all exist at once. Made up front, they lived as long as the whole answer (many turns of
 * the event loop, as long as a slow client takes), and JSON.stringify flattened every key and URL
 * in place: 2-3 MB a declare outlived the young generation's collections, whose pauses the other
 * tenants waited on (bench/README.md, hostile tenants). JSON.stringify (the MCP tools, an
 * idempotency record, a test) gets the whole array.
 */
export class JsonElements<T> {
  readonly length: number;
  readonly at: (i: number) => T;

  constructor(length: number, at: (i: number) => T) {
    this.length = length;
    this.at = at;
  }
  toJSON(): T[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}

/** The elements where the contract's type says `T[]` (as asSerialized). */
export const asArray = <T>(elements: JsonElements<T>): T[] => elements as unknown as T[];

/** Whether a value is written in its own way: a writer that keeps values (MCP structured content) parses it back. */
export const isDeferredJson = (v: unknown): boolean => v instanceof JsonText || v instanceof JsonElements;
