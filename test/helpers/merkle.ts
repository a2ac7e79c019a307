// RFC 9162 §2.1.3.1 PATH(m, D[n]) written as the RFC defines it (recursively over the whole leaf
// list): the oracle the streaming audit path of src/domain/proof.ts is checked against.
import { merkleRoot, type Hash } from '../../src/domain/merkle.ts';

/** Largest power of two strictly below n (n >= 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The audit path of leaf `index`, bottom-up. */
export function inclusionProof(leaves: readonly Hash[], index: number): Hash[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length)
    throw new RangeError(`leaf index ${index} outside a tree of ${leaves.length}`);
  let lo = 0;
  let hi = leaves.length;
  let m = index;
  // Walk down from the root, collecting the sibling subtree at each split; reverse at the end.
  const siblings: Hash[] = [];
  while (hi - lo > 1) {
    const k = split(hi - lo);
    if (m < k) {
      siblings.push(merkleRoot(leaves.slice(lo + k, hi)));
      hi = lo + k;
    } else {
      siblings.push(merkleRoot(leaves.slice(lo, lo + k)));
      lo += k;
      m -= k;
    }
  }
  return siblings.reverse();
}
