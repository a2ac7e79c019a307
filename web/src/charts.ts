// The project charts in the page: the shared SVG renderer (src/domain/charts.ts) plus, under each
// chart, the same figures as a table for people who do not see the picture.
import { agreementSvg, histogramSvg, progressSvg } from '../../src/domain/charts.ts';
import {
  RATING_BIN_LABELS,
  RATING_EDGES,
  STRENGTH_BIN_LABELS,
  STRENGTH_EDGES,
} from '../../src/domain/distributions.ts';
import { h } from './dom.ts';
import type { Schemas } from './api.ts';

function svgElement(markup: string): Element {
  // The markup is produced by our renderer with every data string escaped; parsed as SVG, not HTML.
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  return document.importNode(doc.documentElement, true);
}

function figure(id: string, title: string, caption: string, svg: string, table: HTMLTableElement): HTMLElement {
  return h(
    'figure',
    { class: 'chart card', id, 'aria-labelledby': `${id}-caption` },
    h('h3', { id: `${id}-caption` }, title),
    svgElement(svg),
    h('figcaption', {}, caption),
    // Named by its chart: five disclosures all called "The figures" cannot be told apart by ear.
    h('details', { class: 'chart-data' }, h('summary', {}, `The figures: ${title}`), table),
  );
}

function table(head: string[], rows: (string | number)[][]): HTMLTableElement {
  return h(
    'table',
    { class: 'data' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        head.map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((r) =>
        h(
          'tr',
          {},
          r.map((c, i) =>
            i === 0
              ? h('th', { scope: 'row' }, String(c))
              : h('td', {}, typeof c === 'number' ? c.toLocaleString('en') : c),
          ),
        ),
      ),
    ),
  );
}

const pct = (a: Schemas['Agreement']): string => (a.votes > 0 ? `${Math.round((100 * a.agreeing) / a.votes)}%` : '–');

export function projectCharts(o: Schemas['ProjectOverview']): HTMLElement[] {
  const agreementRows = (list: Schemas['Agreement'][]) =>
    list.map((a) => [a.label, a.votes, a.agreeing, pct(a), a.meanAbsoluteDifference.toFixed(1)]);
  const agreementHead = ['', 'votes', 'agreeing', 'share', 'mean distance (points)'];
  return [
    figure(
      'chart-rating',
      'Consensus ratings',
      'Finalized datapoints by consensus rating (the weighted mean of their votes), in bins of 10 points.',
      histogramSvg({
        id: 'svg-rating',
        title: 'Consensus ratings',
        labels: RATING_BIN_LABELS,
        edges: RATING_EDGES,
        values: o.ratingHistogram,
        xTitle: 'consensus rating',
        yTitle: 'datapoints',
      }),
      table(
        ['rating', 'datapoints'],
        RATING_BIN_LABELS.map((l, i) => [l, o.ratingHistogram[i] ?? 0]),
      ),
    ),
    figure(
      'chart-strength',
      'Consensus strength',
      '1 is unanimous. A datapoint under the project’s minimum strength gets more votes, and is finalized as ' +
        'contested if it stays under.',
      histogramSvg({
        id: 'svg-strength',
        title: 'Consensus strength',
        labels: STRENGTH_BIN_LABELS,
        edges: STRENGTH_EDGES,
        values: o.strengthHistogram,
        xTitle: 'consensus strength',
        yTitle: 'datapoints',
      }),
      table(
        ['strength', 'datapoints'],
        STRENGTH_BIN_LABELS.map((l, i) => [l, o.strengthHistogram[i] ?? 0]),
      ),
    ),
    figure(
      'chart-classes',
      'Agreement by validator class',
      'Share of votes within 10 points of their datapoint’s consensus rating, per class.',
      agreementSvg({ id: 'svg-classes', title: 'Agreement by validator class', rows: o.classAgreement }),
      table(['class', ...agreementHead.slice(1)], agreementRows(o.classAgreement)),
    ),
    figure(
      'chart-validators',
      'Agreement by validator',
      'The same per validator, most votes first.',
      agreementSvg({ id: 'svg-validators', title: 'Agreement by validator', rows: o.validatorAgreement }),
      table(['validator', ...agreementHead.slice(1)], agreementRows(o.validatorAgreement)),
    ),
    figure(
      'chart-progress',
      'Progress over time',
      'Finalized datapoints since the project was created; the dashed line is the number of datapoints.',
      progressSvg({
        id: 'svg-progress',
        title: 'Progress over time',
        points: o.progress,
        total: o.coverage.datapointsTotal,
      }),
      table(
        ['time (UTC)', 'finalized'],
        o.progress.map((p) => [p.at.slice(0, 19).replace('T', ' '), p.finalized]),
      ),
    ),
  ];
}
