// The quality cards of a project's validators, for its originators (docs/quality.md): votes, gold
// figures, leave-one-out agreement, the rater model's estimates, the weight carried and pauses.
// The figures are the server's (one function builds them for the API, MCP and this page).
import { h } from '../dom.ts';
import { api, ok, type Schemas } from '../api.ts';

const num = (x: number | null, digits = 1): string => (x === null ? '–' : x.toFixed(digits));
const signed = (x: number | null): string => (x === null ? '–' : `${x > 0 ? '+' : ''}${x.toFixed(1)}`);

function row(c: Schemas['ValidatorQualityCard']): HTMLTableRowElement {
  const status = c.pause
    ? h(
        'span',
        { class: 'badge paused', title: `Paused ${c.pause.pausedAt.slice(0, 16).replace('T', ' ')} UTC` },
        `Paused: gold MAE ${num(c.pause.meanAbsoluteError)} ` +
          `(at least ${num(c.pause.lowerBound)}) > ${num(c.pause.threshold, 0)}`,
      )
    : 'Active';
  return h(
    'tr',
    {},
    h('th', { scope: 'row' }, c.email || c.validatorId),
    h('td', {}, c.classId ?? '–'),
    h('td', { class: 'num' }, c.votes),
    h('td', { class: 'num' }, c.gold.count),
    h('td', { class: 'num' }, num(c.gold.meanAbsoluteError)),
    h('td', { class: 'num' }, signed(c.gold.bias)),
    h('td', { class: 'num' }, num(c.gold.ccc, 3)),
    h('td', { class: 'num' }, `${num(c.agreement.meanAbsoluteDifference)} (${c.agreement.datapoints})`),
    h('td', { class: 'num' }, signed(c.raterModel?.bias ?? null)),
    h('td', { class: 'num' }, num(c.raterModel?.inconsistency ?? null)),
    h('td', { class: 'num' }, num(c.weightCarried, 2)),
    h('td', {}, status),
  );
}

/** The section of the project page: a table, one row per validator. */
export async function validatorQualitySection(projectId: string): Promise<HTMLElement> {
  const { data } = await ok(
    api.GET('/originator/projects/{projectId}/validator-quality', { params: { path: { projectId } } }),
  );
  const section = h(
    'section',
    { 'aria-labelledby': 'validators-title' },
    h('h2', { id: 'validators-title', class: 'section' }, 'Validators'),
  );
  if (data.length === 0) {
    section.append(h('p', {}, 'No validator is assigned to this project yet.'));
    return section;
  }
  const head = [
    'Validator',
    'Class',
    'Votes',
    'Gold votes',
    'Gold MAE',
    'Gold bias',
    'Gold CCC',
    'Agreement: mean difference (datapoints)',
    'Model bias',
    'Inconsistency',
    'Weight carried',
    'Status',
  ];
  section.append(
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Validator quality' },
      h(
        'table',
        { id: 'validator-quality' },
        h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...data.map(row)),
      ),
    ),
    h(
      'p',
      { class: 'note' },
      'Gold figures compare ratings of gold items with their expected ratings; agreement compares each rating with ' +
        'the other validators’ mean on decided datapoints. A paused validator is lifted with the API operation ' +
        'resumeValidator (MCP resume_validator). How the figures are computed: docs/quality.md.',
    ),
  );
  return section;
}
