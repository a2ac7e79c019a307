// RFC 9162 consistency and inclusion proofs against every probe of transparency-dev/merkle's
// testdata (test/vectors/README.md), the negative cases included, and consistency proofs built
// here against its happy paths.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  consistencyRanges,
  leafHash,
  merkleRoot,
  verifyConsistency,
  verifyInclusion,
} from '../../src/domain/merkle.ts';

const DIR = join(import.meta.dirname, '../vectors/transparency-dev-merkle');
const b64 = (s: string | null | undefined): Buffer => Buffer.from(s ?? '', 'base64');

function probes(sub: string): [string, any][] {
  const out: [string, any][] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.json')) out.push([p.slice(DIR.length + 1), JSON.parse(readFileSync(p, 'utf8'))]);
    }
  };
  walk(join(DIR, sub));
  return out;
}

const leaves: Buffer[] = JSON.parse(readFileSync(join(DIR, 'leaf-inputs.json'), 'utf8')).leafInputsHex.map(
  (h: string) => leafHash(Buffer.from(h, 'hex')),
);
const roots: string[] = JSON.parse(readFileSync(join(DIR, 'leaf-inputs.json'), 'utf8')).rootHashesHex;

describe('consistency probes of transparency-dev/merkle', () => {
  const all = probes('consistency');
  it('reads them all, with negative cases among them', () => {
    expect(all.length).toBeGreaterThan(80);
    expect(all.filter(([, p]) => p.wantErr).length).toBeGreaterThan(70);
  });
  it.each(all)('%s', (_name, p) => {
    const ok = verifyConsistency(p.size1, p.size2, (p.proof ?? []).map(b64), b64(p.root1), b64(p.root2));
    expect(ok).toBe(!p.wantErr);
  });
});

describe('inclusion probes of transparency-dev/merkle', () => {
  it.each(probes('inclusion'))('%s', (_name, p) => {
    const ok = verifyInclusion(b64(p.leafHash), p.leafIdx, p.treeSize, (p.proof ?? []).map(b64), b64(p.root));
    expect(ok).toBe(!p.wantErr);
  });
});

describe('consistency proofs built here', () => {
  it('reproduce every happy-path proof of the testdata', () => {
    const happy = probes('consistency').filter(([name]) => name.endsWith('happy-path.json'));
    expect(happy.length).toBeGreaterThanOrEqual(4);
    for (const [, p] of happy) {
      expect(merkleRoot(leaves.slice(0, p.size2)).toString('base64')).toBe(p.root2);
      if (p.size1 === p.size2) continue;
      expect(consistencyProof(leaves.slice(0, p.size2), p.size1).map((h) => h.toString('base64'))).toEqual(p.proof);
    }
  });

  it('verify for every 1 <= m <= n <= 70, and fail with a flipped bit, a hash short or one too many', () => {
    const many = Array.from({ length: 70 }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));
    for (let n = 1; n <= 70; n++) {
      const root2 = merkleRoot(many.slice(0, n));
      for (let m = 1; m <= n; m++) {
        const root1 = merkleRoot(many.slice(0, m));
        const proof = consistencyProof(many.slice(0, n), m);
        expect(verifyConsistency(m, n, proof, root1, root2)).toBe(true);
        if (m === n) continue;
        expect(verifyConsistency(n, m, proof, root2, root1)).toBe(false);
        expect(verifyConsistency(m, n, proof.slice(0, -1), root1, root2)).toBe(false);
        expect(verifyConsistency(m, n, [...proof, proof[0]], root1, root2)).toBe(false);
        const flipped = proof.map((h) => Buffer.from(h));
        flipped[flipped.length - 1][0] ^= 1;
        expect(verifyConsistency(m, n, flipped, root1, root2)).toBe(false);
        // Another tree's prefix of the same size is not consistent with this one.
        const other = merkleRoot([leafHash(Buffer.from('other')), ...many.slice(1, m)]);
        expect(verifyConsistency(m, n, proof, other, root2)).toBe(false);
      }
    }
  });

  it('refuses ranges outside 1 <= m <= n', () => {
    expect(() => consistencyRanges(0, 3)).toThrow(RangeError);
    expect(() => consistencyRanges(4, 3)).toThrow(RangeError);
    expect(consistencyRanges(3, 3)).toEqual([]);
    expect(roots).toHaveLength(9);
  });
});
