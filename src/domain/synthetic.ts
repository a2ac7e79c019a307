// Synthetic ratings for Auto Consensus (test mode). Pure and reproducible: each datapoint has a
// latent quality derived from its checksum, and the n-th synthetic voter's rating is derived
// from (checksum, n), so the same dataset gives the same votes on every run.
import { createHash } from 'node:crypto';

export type Spread = 'tight' | 'medium' | 'wild';

/** A number in [0, 1) from the SHA-256 of the parts. */
function unit(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) / 2 ** 32;
}

/** Latent quality of a datapoint, 0..100, from its checksum. */
export const latentQuality = (checksum: string): number => Math.round(unit(checksum, 'quality') * 1000) / 10;

/** Standard normal from two uniforms (Box-Muller). */
function normal(a: number, b: number): number {
  return Math.sqrt(-2 * Math.log(1 - a)) * Math.cos(2 * Math.PI * b);
}

const clamp = (x: number): number => Math.min(100, Math.max(0, Math.round(x * 10) / 10));

/**
 * tight: every voter rates the latent quality exactly (unanimous);
 * medium: realistic disagreement (normal noise, sd 6);
 * wild: half the voters rate anywhere on the scale, so datapoints are often contested and escalate.
 */
export function syntheticRating(checksum: string, voterIndex: number, spread: Spread): number {
  const q = latentQuality(checksum);
  if (spread === 'tight') return q;
  const a = unit(checksum, voterIndex, 'a');
  const b = unit(checksum, voterIndex, 'b');
  if (spread === 'medium') return clamp(q + 6 * normal(a, b));
  return unit(checksum, voterIndex, 'wild') < 0.5 ? clamp(a * 100) : clamp(q + 10 * normal(a, b));
}
