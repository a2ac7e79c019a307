// The quality cards of a project's validators, for its originators (docs/quality.md): votes, gold
// figures, leave-one-out agreement, the rater model's estimates, the weight carried and pauses,
// with the control that lifts a pause. The figures are the server's (one function builds them
// for the API, MCP and this page).
import { h, saveFile } from '../dom.ts';
import { action, api, ok, type Schemas } from '../api.ts';

const num = (x: number | null, digits = 1): string => (x === null ? '–' : x.toFixed(digits));
const signed = (x: number | null): string => (x === null ? '–' : `${x > 0 ? '+' : ''}${x.toFixed(1)}`);

type Card = Schemas['ValidatorQualityCard'];

/**
 * One validator's row. A paused validator's status cell holds the lift: the card the server
 * answers with replaces the row, and `status` says what happened.
 */
function row(projectId: string, c: Card, status: HTMLElement): HTMLTableRowElement {
  const who = c.email || c.validatorId;
  let cell: Node | string = 'Active';
  if (c.pause) {
    const lift = h(
      'button',
      { type: 'button', class: 'secondary small', 'aria-label': `Lift the pause of ${who}` },
      'Lift the pause',
    );
    cell = h(
      'div',
      { class: 'pause' },
      h(
        'span',
        { class: 'badge paused', title: `Paused ${c.pause.pausedAt.slice(0, 16).replace('T', ' ')} UTC` },
        'Paused',
      ),
      h(
        'span',
        { class: 'why' },
        `gold MAE ${num(c.pause.meanAbsoluteError)} (at least ${num(c.pause.lowerBound)}) > ` +
          `${num(c.pause.threshold, 0)}`,
      ),
      lift,
    );
    lift.addEventListener('click', () =>
      action(lift, status, async () => {
        const card = await ok(
          api.POST('/originator/projects/{projectId}/validators/{validatorId}/resume', {
            params: { path: { projectId, validatorId: c.validatorId } },
          }),
        );
        tr.replaceWith(row(projectId, card, status));
        return `The pause of ${who} is lifted: they can claim and rate again; the gold rule starts over.`;
      }),
    );
  }
  const tr = h(
    'tr',
    { 'data-validator': c.validatorId },
    h('th', { scope: 'row' }, who),
    // Second, so that a pause and its lift are in view without scrolling the table on a phone.
    h('td', { class: 'status' }, cell),
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
  );
  return tr;
}

/** Downloads the cards as a file in `format`, rendered by the server (the API's export). */
function exportButton(projectId: string, format: 'csv' | 'json', status: HTMLElement): HTMLButtonElement {
  const b = h(
    'button',
    { type: 'button', class: 'secondary', 'data-format': format },
    `Download the cards (${format.toUpperCase()})`,
  );
  b.addEventListener('click', () =>
    action(b, status, async () => {
      const file = await ok(
        api.GET('/originator/projects/{projectId}/validator-quality/export', {
          params: { path: { projectId }, query: { format } },
        }),
      );
      saveFile(file.filename, file.content, file.contentType);
      return `Saved as ${file.filename}.`;
    }),
  );
  return b;
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
  const status = h('p', { role: 'status', class: 'result', id: 'validator-quality-status' });
  const head = [
    'Validator',
    'Status',
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
  ];
  section.append(
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Validator quality' },
      h(
        'table',
        { id: 'validator-quality' },
        h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...data.map((c) => row(projectId, c, status))),
      ),
    ),
    h(
      'p',
      { class: 'note' },
      'Gold figures compare ratings of gold items with their expected ratings; agreement compares each rating with ' +
        'the other validators’ mean on decided datapoints. A validator whose gold error is confidently above the ' +
        'project’s threshold is paused; lifting the pause lets them rate again, and the rule starts over with ' +
        'their next gold votes. How the figures are computed: docs/quality.md.',
    ),
    h(
      'div',
      { class: 'links' },
      ...(['csv', 'json'] as const).map((format) => exportButton(projectId, format, status)),
    ),
    status,
  );
  return section;
}
