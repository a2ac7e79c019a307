// A request's declared files (path and size), packed: the paths as one UTF-8 buffer, each ended by
// a newline (a RelPath has no control character), and the sizes in a typed array. A declare of
// 1,000 paths of 900 characters handled as 1,000 objects and strings let V8 keep them alive past
// the request: an object the engine had learned to allocate in the old generation, or a closure
// given to the database driver and kept by it, pointed at them, and every young collection then
// copied them and promoted them (1.5-1.8 MB a declare, most of what each collection paused on
// while one organization declared in a loop: bench/README.md, hostile tenants). Packed, the bytes
// are outside the V8 heap, which collections neither copy nor mark; Postgres gets the paths as one
// text value (src/db/uploads.ts `upsertFiles`), and an answer makes each path again, as a string
// that dies young, when its piece is written (src/handlers/uploads.ts `presignAll`).

const END = '\n';

export class PackedFiles {
  readonly length: number;
  readonly #paths: Buffer;
  /** Where path i's newline is in #paths (path i starts after path i - 1's). */
  readonly #ends: Uint32Array;
  readonly #sizes: Float64Array;

  /** `files` in its order: path to size. */
  constructor(files: ReadonlyMap<string, number>) {
    this.length = files.size;
    let total = 0;
    files.forEach((_, relPath) => {
      if (relPath.includes(END)) throw new Error('a packed path cannot hold a newline');
      total += Buffer.byteLength(relPath) + 1;
    });
    this.#paths = Buffer.allocUnsafeSlow(total);
    this.#ends = new Uint32Array(files.size);
    this.#sizes = new Float64Array(files.size);
    let at = 0;
    let i = 0;
    files.forEach((size, relPath) => {
      at += this.#paths.write(relPath, at);
      this.#ends[i] = at;
      at += this.#paths.write(END, at);
      this.#sizes[i++] = size;
    });
  }

  relPath(i: number): string {
    return this.#paths.toString('utf8', i === 0 ? 0 : this.#ends[i - 1]! + 1, this.#ends[i]);
  }

  size(i: number): number {
    return this.#sizes[i]!;
  }

  /** Every path, in order, one per line (no newline after the last): one string for the database to split. */
  pathLines(): string {
    return this.#paths.toString('utf8', 0, Math.max(0, this.#paths.length - 1));
  }

  /** Every size, in order, comma-separated. */
  sizeList(): string {
    return this.#sizes.join(',');
  }
}
