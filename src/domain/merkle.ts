// RFC 9162 §2.1 Merkle Tree Hash and inclusion-proof verification. Pure: no I/O. Audit paths are
// built while streaming (StreamingAuditPath in proof.ts).
//   leaf:  SHA-256(0x00 || data)
//   node:  SHA-256(0x01 || left || right)
//   MTH of n > 1 leaves splits at k, the largest power of two < n; odd nodes are never duplicated.
//   MTH of the empty list is SHA-256 of the empty string.
import { createHash } from 'node:crypto';

export type Hash = Buffer;

export const leafHash = (data: Uint8Array): Hash => createHash('sha256').update(Buffer.of(0)).update(data).digest();
export const nodeHash = (left: Hash, right: Hash): Hash =>
  createHash('sha256').update(Buffer.of(1)).update(left).update(right).digest();
export const EMPTY_ROOT: Hash = createHash('sha256').digest();

/**
 * Builds the root from leaf hashes streamed in order, holding O(log n) hashes: completed
 * perfect subtrees are merged as soon as two of equal size meet, and the remaining ones are
 * folded right to left at the end, which is exactly MTH's left-heavy split.
 */
export class MerkleRootBuilder {
  private readonly stack: { hash: Hash; size: number }[] = [];
  private count = 0;

  add(leaf: Hash): void {
    let node = { hash: leaf, size: 1 };
    while (this.stack.length && this.stack[this.stack.length - 1].size === node.size) {
      const left = this.stack.pop()!;
      node = { hash: nodeHash(left.hash, node.hash), size: left.size * 2 };
    }
    this.stack.push(node);
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  root(): Hash {
    if (this.stack.length === 0) return EMPTY_ROOT;
    let acc = this.stack[this.stack.length - 1].hash;
    for (let i = this.stack.length - 2; i >= 0; i--) acc = nodeHash(this.stack[i].hash, acc);
    return acc;
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
