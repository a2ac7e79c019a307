// RFC 9162 §2.1 Merkle Tree Hash and inclusion-proof verification. Pure: no I/O. Audit paths are
// built while streaming (StreamingAuditPath in proof.ts).
//   leaf:  SHA-256(0x00 || data)
//   node:  SHA-256(0x01 || left || right)
//   MTH of n > 1 leaves splits at k, the largest power of two < n; odd nodes are never duplicated.
//   MTH of the empty list is SHA-256 of the empty string.
import { createHash, hash } from 'node:crypto';

export type Hash = Buffer;

// One-shot crypto.hash over the prefixed bytes, copied into a buffer reused by every call (the
// hash is synchronous, so no call sees another's bytes): a report hashes millions of leaves and
// nodes, and a createHash object with its updates per hash cost 3-6x as much, with the garbage.
let scratch = Buffer.allocUnsafe(1024);
const NODE = Buffer.allocUnsafe(65);
NODE[0] = 1;

export const leafHash = (data: Uint8Array): Hash => {
  if (data.length + 1 > scratch.length) scratch = Buffer.allocUnsafe(2 * (data.length + 1));
  scratch[0] = 0;
  scratch.set(data, 1);
  return hash('sha256', scratch.subarray(0, data.length + 1), 'buffer');
};
/** leafHash of the UTF-8 bytes of `text`, written straight into the reused buffer. */
export const leafHashOfText = (text: string): Hash => {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (3 * text.length + 1 > scratch.length) scratch = Buffer.allocUnsafe(2 * (3 * text.length + 1));
  scratch[0] = 0;
  const n = scratch.write(text, 1, 'utf8');
  return hash('sha256', scratch.subarray(0, n + 1), 'buffer');
};
export const nodeHash = (left: Hash, right: Hash): Hash => {
  if (left.length !== 32 || right.length !== 32)
    return createHash('sha256').update(Buffer.of(1)).update(left).update(right).digest();
  NODE.set(left, 1);
  NODE.set(right, 33);
  return hash('sha256', NODE, 'buffer');
};
export const EMPTY_ROOT: Hash = createHash('sha256').digest();
const isHash = (h: Hash): boolean => h.length === 32;

/**
 * Builds the root from leaf hashes streamed in order, holding O(log n) hashes: completed
 * perfect subtrees are merged as soon as two of equal size meet, and the remaining ones are
 * folded right to left at the end, which is exactly MTH's left-heavy split.
 *
 * With a `blockSize` (a power of two) it also keeps the root of each aligned block of that many
 * leaves, as the merges complete it: the chunk roots a report stores (src/domain/proof-chunks.ts)
 * are nodes of the tree, so they come from the same hashing instead of a second tree per chunk.
 */
export class MerkleRootBuilder {
  // The stack of completed subtrees: their roots and sizes (powers of two, decreasing).
  private readonly hashes: Hash[] = [];
  private readonly sizes: number[] = [];
  private count = 0;
  private readonly blockSize: number;
  private readonly blocks: Hash[] = [];

  constructor(blockSize = 0) {
    if (blockSize !== 0 && (!Number.isInteger(blockSize) || blockSize < 1 || (blockSize & (blockSize - 1)) !== 0))
      throw new RangeError(`block size ${blockSize} is not a power of two`);
    this.blockSize = blockSize;
  }

  add(leaf: Hash): void {
    let hash = leaf;
    let size = 1;
    if (size === this.blockSize) this.blocks.push(hash);
    while (this.sizes.length && this.sizes[this.sizes.length - 1] === size) {
      this.sizes.pop();
      hash = nodeHash(this.hashes.pop()!, hash);
      size *= 2;
      if (size === this.blockSize) this.blocks.push(hash);
    }
    this.hashes.push(hash);
    this.sizes.push(size);
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  root(): Hash {
    if (this.hashes.length === 0) return EMPTY_ROOT;
    let acc = this.hashes[this.hashes.length - 1]!;
    for (let i = this.hashes.length - 2; i >= 0; i--) acc = nodeHash(this.hashes[i]!, acc);
    return acc;
  }

  /**
   * The roots of the blocks so far (needs a block size): each complete aligned block, then the
   * last, partial one if any (the fold of the subtrees smaller than a block, which are its leaves).
   */
  blockRoots(): Hash[] {
    if (this.blockSize === 0) throw new Error('a MerkleRootBuilder without a block size has no blocks');
    let i = this.hashes.length - 1;
    if (i < 0 || this.sizes[i]! >= this.blockSize) return [...this.blocks];
    let acc = this.hashes[i]!;
    while (--i >= 0 && this.sizes[i]! < this.blockSize) acc = nodeHash(this.hashes[i]!, acc);
    return [...this.blocks, acc];
  }
}

/**
 * The whole tree over leaf hashes held in memory, level by level (level 0 the leaves, the last one
 * the root): nodes paired left to right, an odd last node carried up unchanged. This is MTH's
 * tree: the split k of n leaves is a power of two aligned at 0, so [0, k) pairs up into one node
 * after log2(k) levels, and [k, n) (n - k <= k leaves, aligned at a multiple of every smaller power
 * of two) pairs up exactly as it would alone and, being carried, meets it at that level. Built
 * once (n - 1 node hashes), it gives the root and any number of audit paths without hashing
 * again, where StreamingAuditPath hashes the tree again per path.
 */
export class MerkleTree {
  private readonly levels: Hash[][];

  constructor(leaves: readonly Hash[]) {
    const levels: Hash[][] = [leaves.slice()];
    for (let level = levels[0]!; level.length > 1; ) {
      const up: Hash[] = new Array(Math.ceil(level.length / 2));
      for (let i = 0; i + 1 < level.length; i += 2) up[i >> 1] = nodeHash(level[i]!, level[i + 1]!);
      if (level.length % 2 === 1) up[up.length - 1] = level[level.length - 1]!;
      levels.push(up);
      level = up;
    }
    this.levels = levels;
  }

  get size(): number {
    return this.levels[0]!.length;
  }

  root(): Hash {
    return this.size === 0 ? EMPTY_ROOT : this.levels[this.levels.length - 1]![0]!;
  }

  /** RFC 9162 §2.1.3.1 PATH of leaf `index`, bottom-up: each level's sibling, none where the node was carried up. */
  path(index: number): Hash[] {
    if (!Number.isInteger(index) || index < 0 || index >= this.size)
      throw new RangeError(`leaf index ${index} outside a tree of ${this.size}`);
    const path: Hash[] = [];
    for (let l = 0, i = index; l < this.levels.length - 1; l++, i >>= 1) {
      const sibling = i ^ 1;
      if (sibling < this.levels[l]!.length) path.push(this.levels[l]![sibling]!);
    }
    return path;
  }
}

export function merkleRoot(leaves: readonly Hash[]): Hash {
  const b = new MerkleRootBuilder();
  for (const l of leaves) b.add(l);
  return b.root();
}

/** RFC 9162 §2.1.3.2: verifies that `leaf` is at `index` of a tree of `size` leaves with `root`. */
export function verifyInclusion(leaf: Hash, index: number, size: number, proof: readonly Hash[], root: Hash): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  // Every hash is 32 bytes: an empty leaf hash equal to an empty root must not "verify".
  if (![leaf, root, ...proof].every(isHash)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

/** The largest power of two strictly below n (n >= 2). */
function splitOf(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * RFC 9162 §2.1.4.1: the leaf ranges [lo, hi) whose Merkle Tree Hashes are PROOF(m, D[n]), in
 * the proof's order (0 < m < n; empty when m == n). The ranges are disjoint, so a proof can be
 * built from leaves streamed once (RangeRoots).
 */
export function consistencyRanges(m: number, n: number): [number, number][] {
  if (!Number.isInteger(m) || !Number.isInteger(n) || m < 1 || m > n)
    throw new RangeError(`no consistency proof from ${m} to ${n} leaves`);
  const sub = (lo: number, hi: number, b: boolean): [number, number][] => {
    if (m === hi) return b ? [] : [[lo, hi]];
    const k = splitOf(hi - lo);
    if (m <= lo + k) return [...sub(lo, lo + k, b), [lo + k, hi]];
    return [...sub(lo + k, hi, false), [lo, lo + k]];
  };
  return sub(0, n, true);
}

/** The roots of disjoint leaf ranges, fed by leaf hashes streamed in order (O(number of ranges) memory). */
export class RangeRoots {
  private readonly ranges: { lo: number; hi: number; builder: MerkleRootBuilder }[];
  private next = 0;

  constructor(ranges: readonly [number, number][]) {
    this.ranges = ranges.map(([lo, hi]) => ({ lo, hi, builder: new MerkleRootBuilder() }));
  }

  add(leaf: Hash): void {
    const i = this.next++;
    for (const r of this.ranges) if (i >= r.lo && i < r.hi) r.builder.add(leaf);
  }

  /** Each range's root, in the order the ranges were given. Throws unless every range is complete. */
  roots(): Hash[] {
    return this.ranges.map((r) => {
      if (r.builder.size !== r.hi - r.lo) throw new RangeError(`range [${r.lo}, ${r.hi}) saw ${r.builder.size} leaves`);
      return r.builder.root();
    });
  }
}

/** PROOF(m, D[n]) over leaf hashes held in memory (tests and small trees). */
export function consistencyProof(leaves: readonly Hash[], m: number): Hash[] {
  const roots = new RangeRoots(consistencyRanges(m, leaves.length));
  for (const l of leaves) roots.add(l);
  return roots.roots();
}

/**
 * RFC 9162 §2.1.4.2: verifies that the tree of `size1` leaves with `root1` is a prefix of the tree
 * of `size2` leaves with `root2`. As transparency-dev/merkle does, a proof from the empty tree is
 * refused (it proves nothing), and equal sizes need an empty proof and equal roots.
 */
export function verifyConsistency(
  size1: number,
  size2: number,
  proof: readonly Hash[],
  root1: Hash,
  root2: Hash,
): boolean {
  if (!Number.isInteger(size1) || !Number.isInteger(size2) || size1 < 1 || size1 > size2) return false;
  if (size1 === size2) return proof.length === 0 && root1.equals(root2);
  if (![root1, root2, ...proof].every(isHash)) return false;
  if (proof.length === 0) return false;
  // A first tree of 2^k leaves is a node of the second tree: its root starts the path.
  const path = (size1 & (size1 - 1)) === 0 ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && fr.equals(root1) && sr.equals(root2);
}

/**
 * PROOF(fromSize, D[toSize]) built from the later tree's leaf hashes streamed once in order, with
 * the roots of both trees on the way (the earlier one is the root of the first fromSize leaves):
 * O(log n) memory. The caller compares both roots with what was signed.
 */
export class StreamingConsistencyProof {
  private readonly ranges: RangeRoots;
  private readonly prefix = new MerkleRootBuilder();
  private readonly whole = new MerkleRootBuilder();
  readonly fromSize: number;
  readonly toSize: number;

  constructor(fromSize: number, toSize: number) {
    this.fromSize = fromSize;
    this.toSize = toSize;
    this.ranges = new RangeRoots(consistencyRanges(fromSize, toSize));
  }

  add(leaf: Hash): void {
    if (this.whole.size < this.fromSize) this.prefix.add(leaf);
    this.whole.add(leaf);
    this.ranges.add(leaf);
  }

  /** Throws unless exactly toSize leaves went by. */
  result(): { proof: Hash[]; fromRoot: Hash; toRoot: Hash } {
    if (this.whole.size !== this.toSize) throw new RangeError(`${this.whole.size} leaves, expected ${this.toSize}`);
    return { proof: this.ranges.roots(), fromRoot: this.prefix.root(), toRoot: this.whole.root() };
  }
}
