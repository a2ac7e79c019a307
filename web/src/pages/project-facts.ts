// Wording shared by the originator pages.
import { h } from '../dom.ts';
import type { Schemas } from '../api.ts';

/** Archived, paused, finished (every datapoint terminal) or active. */
export function statusBadge(p: Schemas['Project'], c?: Schemas['Coverage']): HTMLElement {
  if (p.archived) return h('span', { class: 'badge archived' }, 'Archived');
  if (p.paused) return h('span', { class: 'badge paused' }, 'Paused');
  if (c && c.datapointsTotal > 0 && c.datapointsFinalized === c.datapointsTotal)
    return h('span', { class: 'badge finished' }, 'Finished');
  return h('span', { class: 'badge active' }, 'Active');
}

const percent = (part: number, whole: number): string => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '0%');

export const coverageText = (c: Schemas['Coverage']): string =>
  `${c.datapointsFinalized.toLocaleString('en')} / ${c.datapointsTotal.toLocaleString('en')} (` +
  `${percent(c.datapointsFinalized, c.datapointsTotal)})`;

export const contestedText = (contested: number, finalized: number): string =>
  `${contested.toLocaleString('en')} (${percent(contested, finalized)})`;

export const autoConsensusText = (p: Schemas['Project']): string =>
  `${p.autoConsensus ? `On · ${p.autoConsensusSpread}` : 'Off'}${
    p.autoConsensusUsed ? ' · used (reports are test-contaminated)' : ''
  }`;
