// Inclusion proofs without the whole tree. Pure: no I/O.
//
// When a Proof Report is built, the results leaves are cut into aligned chunks of
// PROOF_CHUNK_LEAVES (C, a power of two) leaves, and each chunk's root is stored with the report.
// In RFC 9162 an aligned complete block of 2^m leaves is a subtree of the tree, and so is the last,
// partial chunk: for a tree of n > C leaves the split k (largest power of two < n) is a multiple
// of C, so every split above chunk level falls on a chunk boundary, and the tree over the chunk
// roots (MTH over ceil(n/C) node hashes, no leaf prefix) is exactly the top of the leaf tree. A
// leaf's audit path is therefore
//   its path inside its chunk (from that chunk's <= C leaves)
//   + the chunk's path in the tree of chunk roots (from n/C stored roots),
// and the results root is the fold of the chunk roots: O(C + n/C) hashes instead of O(n).
//
// Glossary
//   chunk        leaves [chunkNo*C, min((chunkNo+1)*C, n)) of the results tree
//   chunk root   MTH of the chunk's leaves (32 raw bytes), a node of the results tree
//   first key    what the database finds the chunk's first leaf by (its decision's seq)
import { MerkleRootBuilder, MerkleTree, type Hash } from './merkle.ts';

/** Leaves per stored chunk of a report's results tree. A power of two (see above). */
export const PROOF_CHUNK_LEAVES = 1024;

const isPowerOfTwo = (c: number): boolean => Number.isInteger(c) && c >= 1 && (c & (c - 1)) === 0;

export interface Chunk<K> {
  /** The key of the chunk's first leaf (a decision's seq). */
  firstKey: K;
  root: Hash;
}

/**
 * Records each chunk's root and first key while the leaf hashes stream past in order, holding
 * one chunk's O(log C) builder at a time besides the finished chunks.
 */
export class ChunkRecorder<K> {
  private readonly done: Chunk<K>[] = [];
  private builder: MerkleRootBuilder | null = null;
  private firstKey: K | undefined;
  readonly chunkLeaves: number;

  constructor(chunkLeaves: number = PROOF_CHUNK_LEAVES) {
    if (!isPowerOfTwo(chunkLeaves)) throw new RangeError(`chunk size ${chunkLeaves} is not a power of two`);
    this.chunkLeaves = chunkLeaves;
  }

  add(leaf: Hash, key: K): void {
    if (!this.builder) {
      this.builder = new MerkleRootBuilder();
      this.firstKey = key;
    }
    this.builder.add(leaf);
    if (this.builder.size === this.chunkLeaves) this.close();
  }

  private close(): void {
    this.done.push({ firstKey: this.firstKey as K, root: this.builder!.root() });
    this.builder = null;
  }

  /** Every chunk, the last one possibly partial. Ends the recording. */
  chunks(): Chunk<K>[] {
    if (this.builder) this.close();
    return this.done;
  }
}

/**
 * The first keys of a tree's chunks, where the tree's own builder keeps the chunk roots
 * (MerkleRootBuilder with the chunk size as its block size): a report build hashes each tree once.
 */
export class ChunkKeys<K> {
  private readonly keys: K[] = [];
  readonly chunkLeaves: number;

  constructor(chunkLeaves: number = PROOF_CHUNK_LEAVES) {
    if (!isPowerOfTwo(chunkLeaves)) throw new RangeError(`chunk size ${chunkLeaves} is not a power of two`);
    this.chunkLeaves = chunkLeaves;
  }

  /** The key of the leaf that takes index `index` of the tree (called for the leaves in order). */
  leaf(index: number, key: K): void {
    if (index % this.chunkLeaves === 0) this.keys.push(key);
  }

  /** Every chunk of `tree` (built with this chunk size as its block size), the last one possibly partial. */
  chunks(tree: MerkleRootBuilder): Chunk<K>[] {
    const roots = tree.blockRoots();
    if (roots.length !== this.keys.length) throw new Error(`${roots.length} chunk roots for ${this.keys.length} keys`);
    return roots.map((root, i) => ({ firstKey: this.keys[i]!, root }));
  }
}

/** How many chunks a tree of `size` leaves has. */
export const chunkCount = (size: number, chunkLeaves: number): number => Math.ceil(size / chunkLeaves);

/** Leaves in chunk `chunkNo` of a tree of `size` leaves (C, or fewer for the last one). */
export const chunkSize = (size: number, chunkLeaves: number, chunkNo: number): number =>
  Math.min(chunkLeaves, size - chunkNo * chunkLeaves);

/**
 * The chunk holding the leaf whose key is `key`: the last chunk whose first key is <= it (keys
 * ascend with the leaves), by binary search; -1 when `key` is below the first chunk's.
 */
export function chunkOfKey(firstKeys: readonly number[], key: number): number {
  let lo = 0;
  let hi = firstKeys.length; // invariant: firstKeys[i] <= key for i < lo, > key for i >= hi
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (firstKeys[mid] <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The audit path of chunk `chunkNo`'s node in the tree over all chunk roots (bottom-up, RFC 9162
 * §2.1.3.1 order; node hashes as they are, no leaf prefix), and that tree's root, which is the
 * results root.
 */
export function chunkRootsPath(chunkRoots: readonly Hash[], chunkNo: number): { path: Hash[]; root: Hash } {
  const tree = new MerkleTree(chunkRoots);
  return { path: tree.path(chunkNo), root: tree.root() };
}

export interface ChunkedProof {
  /** The leaf's index in the whole tree. */
  leafIndex: number;
  /** The RFC 9162 audit path of the leaf in the whole tree, bottom-up. */
  path: Hash[];
  /** The chunk's root recomputed from its leaves (the caller compares it with the stored one). */
  chunkRoot: Hash;
  /** The tree's root folded from the chunk roots, the given chunk's recomputed root in its place. */
  root: Hash;
}

/**
 * The inclusion proof of leaf `position` of chunk `chunkNo` in a tree of `size` leaves, from that
 * chunk's leaf hashes and the stored roots of every chunk. Throws when the inputs cannot describe
 * such a tree (wrong chunk count or chunk length): stored data that no longer fits.
 */
export function chunkedInclusionProof(a: {
  size: number;
  chunkLeaves: number;
  chunkRoots: readonly Hash[];
  chunkNo: number;
  leaves: readonly Hash[];
  position: number;
}): ChunkedProof {
  const { position, ...rest } = a;
  const { proofs, chunkRoot, root } = chunkedInclusionProofs({ ...rest, positions: [position] });
  return { ...proofs[0]!, chunkRoot, root };
}

/**
 * The inclusion proofs of several leaves of one chunk (a datapoint's votes): the chunk's tree and
 * the tree over the chunk roots are each hashed once, whatever the number of leaves proven.
 */
export function chunkedInclusionProofs(a: {
  size: number;
  chunkLeaves: number;
  chunkRoots: readonly Hash[];
  chunkNo: number;
  leaves: readonly Hash[];
  positions: readonly number[];
  /**
   * The tree over exactly `chunkRoots`, when the caller holds it already (it is used only when the
   * recomputed chunk root equals the given one).
   */
  chunkRootsTree?: MerkleTree;
}): { proofs: { leafIndex: number; path: Hash[] }[]; chunkRoot: Hash; root: Hash } {
  const { size, chunkLeaves, chunkRoots, chunkNo, leaves, positions, chunkRootsTree } = a;
  if (!isPowerOfTwo(chunkLeaves)) throw new RangeError(`chunk size ${chunkLeaves} is not a power of two`);
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`tree size ${size}`);
  if (chunkRoots.length !== chunkCount(size, chunkLeaves))
    throw new RangeError(`${chunkRoots.length} chunk roots for a tree of ${size} in chunks of ${chunkLeaves}`);
  if (!Number.isInteger(chunkNo) || chunkNo < 0 || chunkNo >= chunkRoots.length)
    throw new RangeError(`chunk ${chunkNo} outside ${chunkRoots.length} chunks`);
  if (leaves.length !== chunkSize(size, chunkLeaves, chunkNo))
    throw new RangeError(
      `chunk ${chunkNo} has ${leaves.length} leaves, expected ${chunkSize(size, chunkLeaves, chunkNo)}`,
    );
  const inner = new MerkleTree(leaves);
  const chunkRoot = inner.root();
  const upper =
    chunkRootsTree && chunkRoot.equals(chunkRoots[chunkNo]!)
      ? chunkRootsTree
      : new MerkleTree(chunkRoots.map((r, i) => (i === chunkNo ? chunkRoot : r)));
  const upperPath = upper.path(chunkNo);
  return {
    proofs: positions.map((position) => ({
      leafIndex: chunkNo * chunkLeaves + position,
      path: [...inner.path(position), ...upperPath],
    })),
    chunkRoot,
    root: upper.root(),
  };
}
