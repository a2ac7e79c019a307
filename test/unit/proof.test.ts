// The pure parts of the Proof Report: streamed audit paths equal RFC 9162 PATH, report ids,
// leaf encodings and the attestation root.
import { describe, expect, it } from 'vitest';
import { leafHash, merkleRoot, verifyInclusion } from '../../src/domain/merkle.ts';
import { inclusionProof } from '../helpers/merkle.ts';
import {
  StreamingAuditPath,
  attestationRootOf,
  canonicalTime,
  manifestLeaf,
  reportId,
  resultsLeaf,
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
});
