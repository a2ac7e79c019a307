// A value of a response body that is already JSON text: written as these bytes (src/http/
// respond.ts) instead of being serialized again. An upload session's file list is built as JSON
// text by Postgres and kept per session state (src/handlers/uploads.ts), so reading a session of
// 10,000 files costs the API a buffer write, not 10,000 objects made and stringified.

/** JSON text standing for a value; JSON.stringify (the MCP tools, a test) gets the value back. */
export class JsonText {
  readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
  /** The value, for any writer that serializes the body as a whole: the same bytes come out. */
  toJSON(): unknown {
    return JSON.parse(this.bytes.toString('utf8'));
  }
}

/**
 * The text where the contract's type says `T`: the one place the types are told a JsonText is
 * a T. The caller owns that the text is exactly JSON.stringify's output for a T (a handler's
 * test compares the bytes), so every writer produces the same body either way.
 */
export const asSerialized = <T>(text: JsonText): T => text as unknown as T;
