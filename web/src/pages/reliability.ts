// The project's reliability for its originators (docs/quality.md): Krippendorff's alpha with its
// 95% bootstrap interval, as the signed Proof Report carries it (statistics.alpha, per class and
// human / AI), drawn on a 0-1 scale with the 0.667 and 0.800 marks. The figures are the signed
// ones, read from the report: the page computes nothing.
import { h, replace } from '../dom.ts';
import { action, api, ok, prepared, type Schemas } from '../api.ts';

type Alpha = Schemas['AlphaStatistic'];

const three = (x: string | null): string => (x === null ? '–' : Number(x).toFixed(3));
const share = (x: string): string => `${(100 * Number(x)).toFixed(1)}%`;

/** Krippendorff's reading of a value: >= 0.800 reliable, >= 0.667 tentative conclusions only. */
function reading(value: string | null): string {
  if (value === null) return 'undefined: too few datapoints with two votes, or no variation among the ratings';
  const v = Number(value);
  if (v >= 0.8) return 'reliable (at least 0.800)';
  if (v >= 0.667) return 'tentative conclusions only (0.667 to 0.800)';
  return 'not reliable (below 0.667)';
}

/** A position on the 0-1 scale, clamped (alpha may be negative). */
const at = (x: number): string => `${(100 * Math.min(1, Math.max(0, x))).toFixed(2)}%`;

/** The interval as a band on a 0-1 track, the value as a mark; the same figures are written beside it. */
function scale(a: Alpha): HTMLElement {
  const track = h('div', { class: 'alpha-track', 'aria-hidden': 'true' });
  for (const [t, label] of [
    [0.667, '0.667'],
    [0.8, '0.800'],
  ] as const) {
    const mark = h('span', { class: 'alpha-threshold' }, h('span', {}, label));
    mark.style.setProperty('left', at(t));
    track.append(mark);
  }
  if (a.ci95) {
    const band = h('span', { class: 'alpha-interval' });
    band.style.setProperty('left', at(Number(a.ci95[0])));
    band.style.setProperty('width', `calc(${at(Number(a.ci95[1]))} - ${at(Number(a.ci95[0]))})`);
    track.append(band);
  }
  if (a.value !== null) {
    const point = h('span', { class: 'alpha-value' });
    point.style.setProperty('left', at(Number(a.value)));
    track.append(point);
  }
  return h(
    'div',
    { class: 'alpha-scale' },
    track,
    h('div', { class: 'alpha-axis' }, h('span', {}, '0'), h('span', {}, '1')),
  );
}

function figures(s: Schemas['ReportStatistics'], reportId: string): HTMLElement[] {
  const a = s.alpha;
  const rows: [string, Alpha][] = [
    ...s.alphaByClass.map((c): [string, Alpha] => [
      `Class ${c.classId} (${c.type === 'ai' ? 'AI' : 'human'})`,
      c.alpha,
    ]),
    ['Human classes', s.alphaByType.human],
    ['AI classes', s.alphaByType.ai],
  ];
  return [
    h(
      'p',
      { class: 'headline' },
      h('strong', {}, 'Krippendorff’s alpha ', h('span', { id: 'alpha-value' }, three(a.value))),
      a.ci95 ? [' · 95% interval ', h('span', { id: 'alpha-ci' }, `${three(a.ci95[0])} – ${three(a.ci95[1])}`)] : '',
      ': ',
      h('span', { id: 'alpha-reading' }, reading(a.value)),
    ),
    scale(a),
    h(
      'dl',
      { class: 'stats' },
      h('div', {}, h('dt', {}, 'Datapoints with two or more votes'), h('dd', {}, a.pairableUnits.toLocaleString('en'))),
      h('div', {}, h('dt', {}, 'Their votes'), h('dd', {}, a.pairableValues.toLocaleString('en'))),
      a.pAlphaBelow
        ? [
            h('div', {}, h('dt', {}, 'P(alpha < 0.667)'), h('dd', { id: 'alpha-p667' }, share(a.pAlphaBelow['0.667']))),
            h('div', {}, h('dt', {}, 'P(alpha < 0.800)'), h('dd', { id: 'alpha-p800' }, share(a.pAlphaBelow['0.800']))),
          ]
        : null,
    ),
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Alpha by group' },
      h(
        'table',
        { class: 'list', id: 'alpha-groups' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Votes of', 'Alpha', '95% interval', 'Votes paired'].map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
        h(
          'tbody',
          {},
          rows.map(([label, g]) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, label),
              h('td', { class: 'num' }, three(g.value)),
              h('td', { class: 'num' }, g.ci95 ? `${three(g.ci95[0])} – ${three(g.ci95[1])}` : '–'),
              h('td', { class: 'num' }, g.pairableValues.toLocaleString('en')),
            ),
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'note' },
      `Signed in Proof Report ${reportId} (statistics.alpha): interval alpha over every decided datapoint’s votes; ` +
        `the interval is Krippendorff’s bootstrap with ${a.draws.toLocaleString('en')} replicates seeded by ` +
        `${a.seed} (${a.prng}), so anyone recomputes it from the votes export. 1 is perfect agreement, 0 no better ` +
        'than chance. How it is computed: docs/quality.md.',
    ),
  ];
}

/**
 * The section. Alpha is read from the signed Proof Report when asked for: a project's first
 * report is built by a job (a large project's takes a while), which a page view should not start.
 * Before every datapoint is terminal there is no signed report, hence no alpha.
 */
export function reliabilitySection(projectId: string, reportReady: boolean): HTMLElement {
  const body = h('div', { id: 'reliability-body' });
  const section = h(
    'section',
    { class: 'card', 'aria-labelledby': 'reliability-title' },
    h('h2', { id: 'reliability-title' }, 'Reliability'),
    body,
  );
  if (!reportReady) {
    replace(
      body,
      h(
        'p',
        {},
        'Krippendorff’s alpha, with its 95% interval, is signed in the Proof Report once every datapoint is terminal.',
      ),
    );
    return section;
  }
  const status = h('p', { role: 'status', class: 'result' });
  const show = h('button', { type: 'button', class: 'secondary' }, 'Show alpha with its 95% interval');
  show.addEventListener('click', () =>
    action(show, status, async () => {
      const r = await prepared(
        () => ok(api.GET('/originator/projects/{projectId}/proof-report', { params: { path: { projectId } } })),
        () => replace(status, 'The Proof Report is being built and signed; alpha shows as soon as it is ready…'),
      );
      const s = r.payload.statistics;
      if (!s) return 'This Proof Report was signed before reports carried statistics.';
      replace(body, ...figures(s, r.reportId));
      return undefined;
    }),
  );
  replace(
    body,
    h(
      'p',
      {},
      'Krippendorff’s alpha says whether the validators agree more than chance would have them agree; it is ' +
        'signed in the Proof Report with its 95% interval.',
    ),
    show,
    status,
  );
  return section;
}
