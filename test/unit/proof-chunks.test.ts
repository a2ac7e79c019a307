// Inclusion proofs from stored chunk roots (src/domain/proof-chunks.ts) equal the full-tree audit
// path (StreamingAuditPath, itself checked against RFC 9162 PATH) and verify against the full
// tree's root, for many (size, index) pairs around the chunk size.
import { describe, expect, it } from 'vitest';
import { MerkleTree, leafHash, merkleRoot, verifyInclusion, type Hash } from '../../src/domain/merkle.ts';
import { StreamingAuditPath } from '../../src/domain/proof.ts';
import {
  ChunkRecorder,
  PROOF_CHUNK_LEAVES,
  chunkCount,
  chunkOfKey,
  chunkRootsPath,
  chunkSize,
  chunkedInclusionProof,
  chunkedInclusionProofs,
} from '../../src/domain/proof-chunks.ts';
import { inclusionProof } from '../helpers/merkle.ts';

const leavesOf = (n: number): Hash[] => Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));

/** The whole tree's path, as the streaming (pre-chunk) path computes it. */
function fullPath(leaves: readonly Hash[], index: number): Hash[] {
  const s = new StreamingAuditPath(index, leaves.length);
  for (const l of leaves) s.add(l);
  return s.path();
}

/** Records chunks as a report build does (keys: 10 x the leaf index + 7, ascending, not dense). */
function record(leaves: readonly Hash[], c: number) {
  const rec = new ChunkRecorder<number>(c);
  for (const [i, l] of leaves.entries()) rec.add(l, 10 * i + 7);
  return rec.chunks();
}

function proofAt(leaves: readonly Hash[], c: number, index: number, chunks = record(leaves, c)) {
  const chunkNo = Math.floor(index / c);
  return chunkedInclusionProof({
    size: leaves.length,
    chunkLeaves: c,
    chunkRoots: chunks.map((k) => k.root),
    chunkNo,
    leaves: leaves.slice(chunkNo * c, chunkNo * c + chunkSize(leaves.length, c, chunkNo)),
    position: index % c,
  });
}

describe('chunkedInclusionProof', () => {
  // Small chunks: every index of every size from 1 to 70, for chunks of 1, 2, 4 and 8 leaves.
  it.each([1, 2, 4, 8])('equals the full-tree path for every leaf of every tree up to 70 leaves, chunks of %i', (c) => {
    for (let n = 1; n <= 70; n++) {
      const leaves = leavesOf(n);
      const root = merkleRoot(leaves);
      const chunks = record(leaves, c);
      for (let i = 0; i < n; i++) {
        const p = proofAt(leaves, c, i, chunks);
        expect(p.leafIndex).toBe(i);
        expect(p.root).toEqual(root);
        expect(p.path).toEqual(fullPath(leaves, i));
        expect(verifyInclusion(leaves[i]!, i, n, p.path, root)).toBe(true);
      }
    }
  });

  const C = PROOF_CHUNK_LEAVES;
  // The real chunk size: sizes around it, powers of two, and the first, middle and last leaf of
  // every chunk plus a few inside (the last chunk is partial where the size is not a multiple).
  const sizes = [1, 2, 3, C - 1, C, C + 1, 2 * C - 1, 2 * C, 2 * C + 1, 3 * C + 5, 4 * C, 4 * C + 1, 5 * C + 1023];
  it.each(sizes)(`equals the full-tree path and verifies, tree of %i leaves in chunks of ${C}`, (n) => {
    const leaves = leavesOf(n);
    const root = merkleRoot(leaves);
    const chunks = record(leaves, C);
    expect(chunks).toHaveLength(chunkCount(n, C));
    const indexes = new Set<number>([0, n - 1, Math.floor(n / 2)]);
    for (let k = 0; k * C < n; k++)
      for (const d of [0, 1, 511, 512, C - 2, C - 1]) if (k * C + d < n) indexes.add(k * C + d);
    for (const i of indexes) {
      const p = proofAt(leaves, C, i, chunks);
      expect(p.root).toEqual(root);
      expect(p.path).toEqual(fullPath(leaves, i));
      expect(verifyInclusion(leaves[i]!, i, n, p.path, root)).toBe(true);
    }
  });

  it('agrees with the recursive RFC 9162 PATH too', () => {
    const leaves = leavesOf(3 * 16 + 5);
    for (const i of [0, 15, 16, 47, 48, 52]) expect(proofAt(leaves, 16, i).path).toEqual(inclusionProof(leaves, i));
  });

  it('gives a recomputed chunk root that differs from the stored one when a leaf changed', () => {
    const leaves = leavesOf(3 * 8 + 5);
    const chunks = record(leaves, 8);
    const tampered = leaves.slice(8, 16);
    tampered[3] = leafHash(Buffer.from('edited'));
    const p = chunkedInclusionProof({
      size: leaves.length,
      chunkLeaves: 8,
      chunkRoots: chunks.map((k) => k.root),
      chunkNo: 1,
      leaves: tampered,
      position: 0,
    });
    expect(p.chunkRoot).not.toEqual(chunks[1]!.root);
    expect(p.root).not.toEqual(merkleRoot(leaves));
  });

  it('gives the same proofs of several leaves from a held tree of chunk roots, ignoring it for a changed chunk', () => {
    const leaves = leavesOf(5 * 8 + 3);
    const roots = record(leaves, 8).map((k) => k.root);
    const base = { size: leaves.length, chunkLeaves: 8, chunkRoots: roots, chunkNo: 2, leaves: leaves.slice(16, 24) };
    const held = chunkedInclusionProofs({ ...base, positions: [0, 3, 7], chunkRootsTree: new MerkleTree(roots) });
    expect(held.root).toEqual(merkleRoot(leaves));
    expect(held.proofs.map((p) => p.path)).toEqual([16, 19, 23].map((i) => fullPath(leaves, i)));
    expect(held.proofs.map((p) => p.leafIndex)).toEqual([16, 19, 23]);
    const tampered = [...base.leaves];
    tampered[1] = leafHash(Buffer.from('edited'));
    const t = chunkedInclusionProofs({
      ...base,
      leaves: tampered,
      positions: [0],
      chunkRootsTree: new MerkleTree(roots),
    });
    expect(t.chunkRoot).not.toEqual(roots[2]);
    expect(t.root).not.toEqual(merkleRoot(leaves));
  });

  it('refuses inputs that cannot describe the tree', () => {
    const leaves = leavesOf(20);
    const roots = record(leaves, 8).map((k) => k.root);
    const base = { size: 20, chunkLeaves: 8, chunkRoots: roots, chunkNo: 2, leaves: leaves.slice(16), position: 0 };
    expect(() => chunkedInclusionProof(base)).not.toThrow();
    expect(() => chunkedInclusionProof({ ...base, chunkLeaves: 6 })).toThrow(/power of two/);
    expect(() => chunkedInclusionProof({ ...base, chunkRoots: roots.slice(0, 2) })).toThrow(/chunk roots/);
    expect(() => chunkedInclusionProof({ ...base, chunkNo: 3 })).toThrow(/outside/);
    expect(() => chunkedInclusionProof({ ...base, leaves: leaves.slice(15) })).toThrow(/has 5 leaves, expected 4/);
    expect(() => chunkedInclusionProof({ ...base, chunkNo: 1, leaves: leaves.slice(8, 15) })).toThrow(/expected 8/);
    expect(() => chunkedInclusionProof({ ...base, position: 4 })).toThrow(RangeError);
  });
});

describe('chunk roots', () => {
  it('records each aligned chunk root and first key, the last chunk partial', () => {
    const leaves = leavesOf(3 * 8 + 5);
    const chunks = record(leaves, 8);
    expect(chunks.map((k) => k.firstKey)).toEqual([7, 87, 167, 247]);
    expect(chunks.map((k) => k.root)).toEqual([0, 8, 16, 24].map((s) => merkleRoot(leaves.slice(s, s + 8))));
    expect(new ChunkRecorder<number>(8).chunks()).toEqual([]);
    expect(() => new ChunkRecorder(1000)).toThrow(/power of two/);
  });

  it('fold to the tree root and give node paths without a leaf prefix', () => {
    const roots = leavesOf(5);
    const { path, root } = chunkRootsPath(roots, 4);
    expect(root).toEqual(merkleRoot(roots));
    expect(path).toEqual(inclusionProof(roots, 4));
    expect(chunkRootsPath(roots.slice(0, 1), 0)).toEqual({ path: [], root: roots[0] });
  });

  it.each([
    [[7], 7, 0],
    [[7], 6, -1],
    [[7], 1e12, 0],
    [[7, 87, 167, 247], 7, 0],
    [[7, 87, 167, 247], 86, 0],
    [[7, 87, 167, 247], 87, 1],
    [[7, 87, 167, 247], 246, 2],
    [[7, 87, 167, 247], 9000, 3],
    [[], 5, -1],
  ])('finds the chunk of a key by binary search: %j, %i -> %i', (firstKeys, key, chunk) => {
    expect(chunkOfKey(firstKeys, key)).toBe(chunk);
  });

  it('sizes chunks', () => {
    expect([chunkCount(1, 1024), chunkCount(1024, 1024), chunkCount(1025, 1024)]).toEqual([1, 1, 2]);
    expect([chunkSize(3077, 1024, 0), chunkSize(3077, 1024, 3), chunkSize(1024, 1024, 0)]).toEqual([1024, 5, 1024]);
  });
});
