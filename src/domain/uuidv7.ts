// Time-ordered ids (UUID version 7, RFC 9562 §5.7): 48 bits of Unix milliseconds, then 74 bits
// that are random at each new millisecond and count up within one (§6.2, method 2), so the ids
// one process generates always increase. Rows keyed by them land at the right end of their
// B-trees (the primary key, and every index that ends in the id) instead of at random pages:
// inserting a million rows touches the same few pages again and again, which is what keeps
// ingest flat as a table grows past memory.
import { randomBytes } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class Uuidv7 {
  private ms = -1;
  private prefix = '';
  /** The 74 bits as 12 + 30 + 32. */
  private a = 0;
  private b1 = 0;
  private b2 = 0;

  next(now = Date.now()): string {
    if (now > this.ms) {
      this.ms = now;
      const hex = now.toString(16).padStart(12, '0');
      this.prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7`;
      const r = randomBytes(10);
      // The top bit of the counter starts at 0, so it cannot overflow within a millisecond.
      this.a = ((r[0]! << 8) | r[1]!) & 0x7ff;
      this.b1 = ((r[2]! << 24) | (r[3]! << 16) | (r[4]! << 8) | r[5]!) & 0x3fffffff;
      this.b2 = ((r[6]! << 24) | (r[7]! << 16) | (r[8]! << 8) | r[9]!) >>> 0;
    } else if (this.b2 < 0xffffffff) {
      this.b2++;
    } else {
      this.b2 = 0;
      if (this.b1 < 0x3fffffff) this.b1++;
      else {
        this.b1 = 0;
        this.a++;
      }
    }
    const { a, b1, b2 } = this;
    return (
      `${this.prefix}${HEX[a >> 8]![1]}${HEX[a & 0xff]}-${HEX[0x80 | (b1 >>> 24)]}${HEX[(b1 >>> 16) & 0xff]}-` +
      `${HEX[(b1 >>> 8) & 0xff]}${HEX[b1 & 0xff]}` +
      `${HEX[b2 >>> 24]}${HEX[(b2 >>> 16) & 0xff]}${HEX[(b2 >>> 8) & 0xff]}${HEX[b2 & 0xff]}`
    );
  }
}

const shared = new Uuidv7();

/** A new UUIDv7, greater than every one this process generated before. */
export const uuidv7 = (): string => shared.next();
