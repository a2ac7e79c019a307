// The pure parts of the Proof Report: streamed audit paths equal RFC 9162 PATH, report ids,
// leaf encodings and the attestation root.
import { describe, expect, it } from 'vitest';
import { MerkleTree, leafHash, leafHashOfText, merkleRoot, verifyInclusion } from '../../src/domain/merkle.ts';
import { canonicalBytes } from '../../src/domain/canonical-json.ts';
import { signedDecimal } from '../../src/domain/statistics.ts';
import { inclusionProof } from '../helpers/merkle.ts';
import {
  StreamingAuditPath,
  attestationRootOf,
  canonicalTime,
  manifestLeaf,
  reportId,
  resultsLeaf,
  resultsLeafV2,
  voteLeaf,
} from '../../src/domain/proof.ts';

describe('StreamingAuditPath', () => {
  it.each([1, 2, 3, 5, 8, 13, 100])('equals inclusionProof for every leaf of a tree of %i', (n) => {
    const leaves = Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));
    const root = merkleRoot(leaves);
    for (let i = 0; i < n; i++) {
      const s = new StreamingAuditPath(i, n);
      for (const l of leaves) s.add(l);
      expect(s.path()).toEqual(inclusionProof(leaves, i));
      expect(verifyInclusion(leaves[i], i, n, s.path(), root)).toBe(true);
    }
  });

  it('refuses an index outside the tree', () => {
    expect(() => new StreamingAuditPath(3, 3)).toThrow(RangeError);
  });
});

describe('MerkleTree', () => {
  it.each([0, 1, 2, 3, 5, 7, 8, 9, 13, 100, 1024, 1025])(
    'has MTH as root and RFC 9162 PATH for every leaf, %i leaves',
    (n) => {
      const leaves = Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));
      const tree = new MerkleTree(leaves);
      expect(tree.root()).toEqual(merkleRoot(leaves));
      // Every leaf of the small trees; the recursive oracle is O(n) per path, so a few of the large ones.
      const indexes = n <= 100 ? leaves.keys() : [0, 1, 511, 512, n - 2, n - 1];
      for (const i of indexes) expect(tree.path(i)).toEqual(inclusionProof(leaves, i));
      expect(() => tree.path(n)).toThrow(RangeError);
    },
  );
});

describe('leafHashOfText', () => {
  it('is leafHash of the UTF-8 bytes, for short, long and non-ASCII texts', () => {
    for (const t of ['', 'a', 'é ☃ 😀', 'x'.repeat(5000), '☃'.repeat(3000), 'b'])
      expect(leafHashOfText(t)).toEqual(leafHash(Buffer.from(t, 'utf8')));
  });
});

describe('report data', () => {
  it('formats report ids per UTC day with at least four digits', () => {
    expect(reportId(new Date('2026-11-22T23:59:59.999Z'), 'ACME', 1)).toBe('PR-2026-1122-ACME-0001');
    expect(reportId(new Date('2026-01-05T00:00:00Z'), 'X1', 12345)).toBe('PR-2026-0105-X1-12345');
    expect(canonicalTime(new Date('2026-11-22T08:01:02.345Z'))).toBe('2026-11-22T08:01:02Z');
  });

  it('encodes leaves as JCS with figures as fixed decimal strings', () => {
    expect(manifestLeaf({ datapointId: 'd', checksum: 'c' }).toString()).toBe('{"checksum":"c","datapointId":"d"}');
    expect(
      resultsLeaf({
        datapointId: 'd',
        consensusDecisionId: 'c',
        qualityRatingMean: 72.5,
        qualityRatingMedian: 70,
        consensusStrength: 0.1 + 0.2,
      }).toString(),
    ).toBe(
      '{"consensusDecisionId":"c","consensusStrength":"0.300000","datapointId":"d",' +
        '"qualityRatingMean":"72.500000","qualityRatingMedian":"70.000000"}',
    );
  });

  it('roots the three digests as a three-leaf RFC 9162 tree', () => {
    const d = (c: string) => `sha256:${c.repeat(64)}`;
    const root = attestationRootOf({ config: d('1'), manifest: d('2'), results: d('3') });
    const raw = ['1', '2', '3'].map((c) => leafHash(Buffer.from(c.repeat(64), 'hex')));
    expect(root).toEqual(merkleRoot(raw));
    expect(() => attestationRootOf({ config: 'sha256:xyz', manifest: d('2'), results: d('3') })).toThrow(/config/);
  });

  // The leaf encoders write JCS member by member; the generic canonicalBytes of the same object is
  // the reference, on values a hand-written encoder could get wrong (escapes, non-ASCII, -0, null).
  it('writes the same bytes as the generic JCS of the leaf object, or fails as it does', () => {
    const strings = ['d', 'quote " back \\ slash', 'ctl \u0000\u001f\u007f tab\t nl\n', 'é ☃ 😀 \u2028', ''];
    const votedAt = new Date('2026-11-25T10:11:12.345Z');
    for (const s1 of strings)
      for (const s2 of [null, ...strings]) {
        const v = { datapointId: s1, validator: s1, classId: s2, aiConfig: s2, gold: false, synthetic: true };
        for (const [rating, weight] of [
          [0, 1],
          [-0, 0.5],
          [72.5, 1e-7],
          [0.1 + 0.2, 123456.789],
        ] as const)
          expect(voteLeaf({ ...v, rating, weight, votedAt })).toEqual(
            canonicalBytes({
              ...v,
              rating: signedDecimal(rating),
              weight: signedDecimal(weight),
              votedAt: votedAt.toISOString(),
            }),
          );
        const r = { consensusDecisionId: s1, datapointId: s1, contested: s2 === null, escalations: -0 };
        const figures = { consensusStrength: 0.1 + 0.2, qualityRatingMean: -0, qualityRatingMedian: 1e21 };
        expect(resultsLeafV2({ ...r, ...figures, votes: { first: 2 ** 53 - 1, count: 3 } })).toEqual(
          canonicalBytes({
            ...r,
            consensusStrength: signedDecimal(figures.consensusStrength),
            qualityRatingMean: signedDecimal(figures.qualityRatingMean),
            qualityRatingMedian: signedDecimal(figures.qualityRatingMedian),
            votes: { count: 3, first: 2 ** 53 - 1 },
          }),
        );
        expect(manifestLeaf({ checksum: s1, datapointId: s1 })).toEqual(
          canonicalBytes({ checksum: s1, datapointId: s1 }),
        );
      }
    // A lone surrogate or an unsafe integer is refused as the generic path refuses it.
    const vote = { datapointId: 'd', validator: 'v', classId: null, aiConfig: null, gold: false, synthetic: false };
    expect(() => voteLeaf({ ...vote, validator: '\ud800', rating: 1, weight: 1, votedAt })).toThrow(/surrogate/i);
    const decision = { consensusDecisionId: 'c', datapointId: 'd', contested: false, escalations: 0 };
    const figures = { consensusStrength: 1, qualityRatingMean: 1, qualityRatingMedian: 1 };
    expect(() => resultsLeafV2({ ...decision, ...figures, votes: { first: 2 ** 53, count: 1 } })).toThrow(
      /safe integer/,
    );
    expect(() => manifestLeaf({ checksum: '\udc00', datapointId: 'd' })).toThrow(/surrogate/i);
  });
});
