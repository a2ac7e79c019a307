// A set of non-negative integers, one bit each: the row ordinals an ingest run leaves out
// (skipExisting); 10,000,000 rows take 1.25 MB.
export class Bitmap {
  private bits = new Uint8Array(1024);
  add(n: number): void {
    const byte = n >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[byte]! |= 1 << (n & 7);
  }
  has(n: number): boolean {
    const byte = n >>> 3;
    return byte < this.bits.length && (this.bits[byte]! & (1 << (n & 7))) !== 0;
  }
}
