// The one seeded pseudo-random generator of the signed statistics: xoshiro256** 1.0 (Blackman and
// Vigna, 2018), its 256-bit state filled from a 64-bit seed by four successive SplitMix64 outputs
// (the seeding its authors recommend). Language-neutral: any implementation with 64-bit unsigned
// integers reproduces every draw, so a verifier recomputes a bootstrap interval bit for bit from
// the algorithm name and the seed in the payload (docs/quality.md, "The random numbers").
//
// The hot path works on 32-bit halves with Math.imul and shifts: BigInt arithmetic per draw would
// cost ~50x more. BigInt is used only to seed and to expose 64-bit outputs for the vectors.
// Pure: no I/O.

export const PRNG_NAME = 'xoshiro256**/splitmix64' as const;

const MASK64 = (1n << 64n) - 1n;

/** SplitMix64 (Steele, Lea and Flood, 2014): one step; returns [output, next state]. */
export function splitmix64(state: bigint): [bigint, bigint] {
  const s = (state + 0x9e3779b97f4a7c15n) & MASK64;
  let z = s;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return [z ^ (z >> 31n), s];
}

export const seedHex = (seed: bigint): string => (seed & MASK64).toString(16).padStart(16, '0');

const TWO32 = 4294967296;
const TWO_POW_MINUS_53 = 2 ** -53;

/** xoshiro256**: state words s0..s3, each as (hi, lo) unsigned 32-bit halves in plain fields. */
export class Xoshiro256StarStar {
  private a0 = 0;
  private b0 = 0;
  private a1 = 0;
  private b1 = 0;
  private a2 = 0;
  private b2 = 0;
  private a3 = 0;
  private b3 = 0;
  private hi = 0;
  private lo = 0;

  /** Seeded from a 64-bit seed through SplitMix64, or set to a raw state (the reference vectors). */
  constructor(seed: bigint, rawState?: readonly [bigint, bigint, bigint, bigint]) {
    let words: bigint[];
    if (rawState) words = [...rawState];
    else {
      words = [];
      let st = seed & MASK64;
      for (let i = 0; i < 4; i++) {
        const [out, next] = splitmix64(st);
        words.push(out);
        st = next;
      }
    }
    if (words.every((w) => (w & MASK64) === 0n)) throw new RangeError('xoshiro256** state must not be all zero');
    const hi = (w: bigint) => Number((w >> 32n) & 0xffffffffn);
    const lo = (w: bigint) => Number(w & 0xffffffffn);
    [this.a0, this.b0, this.a1, this.b1] = [hi(words[0]!), lo(words[0]!), hi(words[1]!), lo(words[1]!)];
    [this.a2, this.b2, this.a3, this.b3] = [hi(words[2]!), lo(words[2]!), hi(words[3]!), lo(words[3]!)];
  }

  /** Advances one step; the output's halves are left in this.hi / this.lo (aN/bN: high/low half of sN). */
  private step(): void {
    const a1 = this.a1;
    const b1 = this.b1;
    // result = rotl(s1 * 5, 7) * 9 (a product below 2^36 is exact in a double: its carry is exact)
    let lo = (b1 >>> 0) * 5;
    const hi = (Math.imul(a1, 5) + Math.floor(lo / TWO32)) >>> 0;
    lo >>>= 0;
    const rhi = ((hi << 7) | (lo >>> 25)) >>> 0;
    const rlo = ((lo << 7) | (hi >>> 25)) >>> 0;
    lo = rlo * 9;
    this.hi = (Math.imul(rhi, 9) + Math.floor(lo / TWO32)) >>> 0;
    this.lo = lo >>> 0;
    // t = s1 << 17; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 45)
    const thi = (a1 << 17) | (b1 >>> 15);
    const tlo = b1 << 17;
    const a2 = this.a2 ^ this.a0;
    const b2 = this.b2 ^ this.b0;
    const a3 = this.a3 ^ a1;
    const b3 = this.b3 ^ b1;
    this.a1 = a1 ^ a2;
    this.b1 = b1 ^ b2;
    this.a0 ^= a3;
    this.b0 ^= b3;
    this.a2 = a2 ^ thi;
    this.b2 = b2 ^ tlo;
    // rotl 45 = swap the halves, then rotl 13
    this.a3 = ((b3 << 13) | (a3 >>> 19)) >>> 0;
    this.b3 = ((a3 << 13) | (b3 >>> 19)) >>> 0;
  }

  /**
   * The next `count` doubles into out[0..count), as `count` calls of nextDouble give them: the
   * state in locals for the loop (the bootstrap's hot path draws ~10^8 of them).
   */
  fillDoubles(out: Float64Array, count = out.length): void {
    let a0 = this.a0;
    let b0 = this.b0;
    let a1 = this.a1;
    let b1 = this.b1;
    let a2 = this.a2;
    let b2 = this.b2;
    let a3 = this.a3;
    let b3 = this.b3;
    for (let k = 0; k < count; k++) {
      // s1·5 = (s1 << 2) + s1 and r·9 = (r << 3) + r in 32-bit halves, the carry by an unsigned compare.
      let xl = b1 << 2;
      let lo = (xl + b1) | 0;
      let hi = (((a1 << 2) | (b1 >>> 30)) + a1 + (lo >>> 0 < xl >>> 0 ? 1 : 0)) | 0;
      const rhi = (hi << 7) | (lo >>> 25);
      const rlo = (lo << 7) | (hi >>> 25);
      xl = rlo << 3;
      lo = (xl + rlo) | 0;
      hi = (((rhi << 3) | (rlo >>> 29)) + rhi + (lo >>> 0 < xl >>> 0 ? 1 : 0)) | 0;
      out[k] = ((hi >>> 0) * 2097152 + (lo >>> 11)) * TWO_POW_MINUS_53;
      const thi = (a1 << 17) | (b1 >>> 15);
      const tlo = b1 << 17;
      const x2 = a2 ^ a0;
      const y2 = b2 ^ b0;
      const x3 = a3 ^ a1;
      const y3 = b3 ^ b1;
      a1 ^= x2;
      b1 ^= y2;
      a0 ^= x3;
      b0 ^= y3;
      a2 = x2 ^ thi;
      b2 = y2 ^ tlo;
      a3 = ((y3 << 13) | (x3 >>> 19)) >>> 0;
      b3 = ((x3 << 13) | (y3 >>> 19)) >>> 0;
    }
    this.a0 = a0;
    this.b0 = b0;
    this.a1 = a1;
    this.b1 = b1;
    this.a2 = a2;
    this.b2 = b2;
    this.a3 = a3;
    this.b3 = b3;
  }

  /** The next 64-bit output (for the reference vectors and tests). */
  nextU64(): bigint {
    this.step();
    return (BigInt(this.hi) << 32n) | BigInt(this.lo);
  }

  /** A double in [0, 1): the output's top 53 bits times 2^-53. */
  nextDouble(): number {
    this.step();
    // (x >>> 11) = hi's 32 bits then lo's top 21 bits.
    return (this.hi * 2097152 + (this.lo >>> 11)) * TWO_POW_MINUS_53;
  }
}
