// RFC 9162 §2.1 Merkle trees against the published Certificate Transparency vectors, and
// inclusion proofs for trees of 0, 1, 2, 3, 5, 8 and 1,000 leaves.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  MerkleRootBuilder,
  leafHash,
  merkleRoot,
  nodeHash,
  verifyInclusion,
} from '../../src/domain/merkle.ts';
import { inclusionProof } from '../helpers/merkle.ts';

// The RFC 6962 / RFC 9162 reference leaves and the roots of their first n leaves.
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(
  (h) => Buffer.from(h, 'hex'),
);
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const hashes = LEAVES.map(leafHash);

describe('Merkle Tree Hash', () => {
  it.each(ROOTS.map((root, n) => [n, root]))('root of the first %i reference leaves', (n, root) => {
    expect(merkleRoot(hashes.slice(0, n as number)).toString('hex')).toBe(root);
  });

  it('the empty tree is SHA-256 of nothing', () => {
    expect(EMPTY_ROOT.toString('hex')).toBe(ROOTS[0]);
  });

  it('does not duplicate odd nodes', () => {
    const [a, b, c] = hashes;
    expect(merkleRoot([a, b, c])).toEqual(nodeHash(nodeHash(a, b), c));
    expect(merkleRoot([a, b, c])).not.toEqual(nodeHash(nodeHash(a, b), nodeHash(c, c)));
  });

  it('streams: the builder agrees with a recursive definition for every size up to 70', () => {
    const recursive = (l: Buffer[]): Buffer => {
      if (l.length === 0) return EMPTY_ROOT;
      if (l.length === 1) return l[0];
      let k = 1;
      while (k * 2 < l.length) k *= 2;
      return nodeHash(recursive(l.slice(0, k)), recursive(l.slice(k)));
    };
    const many = Array.from({ length: 70 }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));
    const b = new MerkleRootBuilder();
    for (let n = 0; n <= 70; n++) {
      expect(b.root()).toEqual(recursive(many.slice(0, n)));
      expect(b.size).toBe(n);
      if (n < 70) b.add(many[n]);
    }
  });
});

describe('inclusion proofs', () => {
  it('matches the published audit path of leaf 5 in the 8-leaf tree', () => {
    expect(inclusionProof(hashes, 5).map((h) => h.toString('hex'))).toEqual([
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
  });

  it('has no proof in an empty tree', () => {
    expect(() => inclusionProof([], 0)).toThrow(RangeError);
    expect(verifyInclusion(hashes[0], 0, 0, [], EMPTY_ROOT)).toBe(false);
  });

  it.each([1, 2, 3, 5, 8, 1000])('every leaf of a %i-leaf tree verifies, and tampering fails', (n) => {
    const leaves = Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`datapoint ${i}`)));
    const root = merkleRoot(leaves);
    const step = n > 100 ? 37 : 1;
    for (let i = 0; i < n; i += step) {
      const proof = inclusionProof(leaves, i);
      expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
      expect(verifyInclusion(leaves[i], i, n, proof, root)).toBe(true);
      // Wrong leaf, wrong index, wrong size, tampered path, wrong root.
      expect(verifyInclusion(leafHash(Buffer.from('other')), i, n, proof, root)).toBe(false);
      if (n > 1) {
        expect(verifyInclusion(leaves[i], (i + 1) % n, n, proof, root)).toBe(false);
        const bad = proof.map((p) => Buffer.from(p));
        bad[0][0] ^= 1;
        expect(verifyInclusion(leaves[i], i, n, bad, root)).toBe(false);
        expect(verifyInclusion(leaves[i], i, n, proof.slice(1), root)).toBe(false);
      }
      // (A wrong tree size is not always detectable from the path alone, as RFC 9162 §2.1.3.2
      // allows; the signed report carries the size. An index outside the tree always fails.)
      expect(verifyInclusion(leaves[i], n, n, proof, root)).toBe(false);
      expect(verifyInclusion(leaves[i], i, n, proof, leafHash(Buffer.from('x')))).toBe(false);
    }
  });
});
