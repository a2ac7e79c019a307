// The quality cards of a project's validators, for its originators (docs/quality.md): votes, gold
// figures, leave-one-out agreement, the rater model's estimates, the weight carried and pauses,
// with the control that lifts a pause; for AI validators their served model and whether their
// configuration is in shadow (weight 0) or active, and the project's AI configurations with their
// calibration. The figures are the server's (one function builds them for the API, MCP and this
// page).
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
    h(
      'td',
      { class: 'class' },
      c.classId ?? '–',
      ...(c.ai ? [h('br'), aiBadge(c.ai.state), ` ${c.ai.servedModel ?? c.ai.declaredModel}`] : []),
    ),
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
type ExportFormat = Schemas['ValidatorQualityExport']['format'];

const EXPORT_LABELS: Record<ExportFormat, string> = {
  csv: 'Download the cards (CSV)',
  json: 'Download the cards (JSON)',
  agreement_csv: 'Download the agreement matrix (CSV)',
};

function exportButton(projectId: string, format: ExportFormat, status: HTMLElement): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'secondary', 'data-format': format }, EXPORT_LABELS[format]);
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

/** An AI configuration's state: in shadow its votes count with weight 0. */
const aiBadge = (state: 'shadow' | 'active'): HTMLElement =>
  h(
    'span',
    {
      class: `badge ai ${state === 'active' ? 'active' : 'archived'}`,
      title: state === 'active' ? 'Passed calibration: its votes count' : 'In shadow: its votes count with weight 0',
    },
    state === 'active' ? 'AI: active' : 'AI: shadow',
  );

function samplingText(s: Schemas['AiConfiguration']['sampling']): string {
  const parts = [
    s.temperature === undefined ? null : `temperature ${s.temperature}`,
    s.topP === undefined ? null : `top_p ${s.topP}`,
    s.maxTokens === undefined ? null : `max tokens ${s.maxTokens}`,
    s.seed === undefined ? null : `seed ${s.seed}`,
  ].filter((x) => x !== null);
  return parts.length ? parts.join(', ') : 'provider defaults';
}

function aiRow(c: Schemas['AiConfigurationCard']): HTMLTableRowElement {
  const cal = c.calibration;
  const ci = cal.ci95 ? ` [${num(cal.ci95[0]!, 3)}, ${num(cal.ci95[1]!, 3)}]` : '';
  return h(
    'tr',
    {},
    h('th', { scope: 'row' }, c.classId),
    h('td', {}, h('code', { title: c.configurationHash }, c.configurationHash.slice(0, 12))),
    h('td', {}, `${c.configuration.model} (${c.configuration.provider})`),
    h('td', {}, samplingText(c.configuration.sampling)),
    h('td', {}, aiBadge(c.state)),
    h('td', { class: 'num' }, c.votes),
    h('td', { class: 'num' }, cal.items),
    h('td', { class: 'num' }, `${num(cal.concordance, 3)}${ci}`),
    h('td', { class: 'num' }, signed(cal.bias)),
    h('td', { class: 'num' }, cal.winningRate === null ? '–' : `${num(cal.winningRate, 2)} (${cal.annotators})`),
  );
}

/** The project's AI configurations and the AI share of the weight; nothing without AI votes. */
function aiSection(data: Schemas['ValidatorQualityList']): HTMLElement[] {
  if (data.aiConfigurations.length === 0) return [];
  const head = [
    'Class',
    'Configuration',
    'Model',
    'Sampling',
    'State',
    'Votes',
    'Items',
    'CCC [95% CI]',
    'Bias',
    'Alt-test winning rate (people)',
  ];
  const share = data.aiShare;
  const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);
  return [
    h('h3', { id: 'ai-configurations-title' }, 'AI configurations'),
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'ai-configurations-title' },
      h(
        'table',
        { id: 'ai-configurations' },
        h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...data.aiConfigurations.map(aiRow)),
      ),
    ),
    h(
      'p',
      { class: 'note' },
      `AI share of the decision weight: ${pct(share.overall)} overall, at most ${pct(share.maxPerDatapoint)} ` +
        `on one datapoint (${share.datapointsWithAi} decided datapoints with an AI vote; cap ${pct(share.cap)}). ` +
        'A configuration counts with weight 0 until its concordance with the people’s ratings passes calibration; ' +
        'a new model or prompt template starts in shadow again.',
    ),
  ];
}

/**
 * The agreement matrix (the list's `agreement`): one row per pair of voters who rated a decided
 * datapoint in common, with how many; validators named as in the cards' table.
 */
function agreementSection(list: Schemas['ValidatorQualityList']): HTMLElement[] {
  const title = h('h3', { id: 'agreement-title' }, 'Agreement between validators');
  if (list.agreement.length === 0)
    return [title, h('p', {}, 'No two validators have rated the same decided datapoint yet.')];
  const cards = new Map(list.data.map((c) => [c.validatorId, c]));
  const name = (key: string): string => {
    const c = cards.get(key);
    if (c) return `${c.email || c.validatorId}${c.ai ? ' (AI)' : ''}`;
    return key.startsWith('synthetic:') ? `Auto Consensus ${key.slice('synthetic:'.length)}` : key;
  };
  const head = ['Validator', 'With', 'Shared datapoints', 'Mean difference', 'Within 10 points'];
  return [
    title,
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'agreement-title' },
      h(
        'table',
        { id: 'agreement-matrix' },
        h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
        h(
          'tbody',
          {},
          ...list.agreement.map((p) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, name(p.a)),
              h('td', {}, name(p.b)),
              h('td', { class: 'num' }, p.datapoints.toLocaleString('en')),
              h('td', { class: 'num' }, num(p.meanAbsoluteDifference)),
              h('td', { class: 'num' }, `${(100 * p.within10).toFixed(0)}%`),
            ),
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'note' },
      'Each pair of validators (AI validators and Auto Consensus included) over the decided datapoints both rated: ' +
        'the mean absolute difference of their ratings and the share at most 10 points apart. The same figures as ' +
        'the signed Proof Report’s agreement, which names validators by pseudonym.',
    ),
  ];
}

/** The section of the project page: a table, one row per validator. */
export async function validatorQualitySection(projectId: string): Promise<HTMLElement> {
  const list = await ok(
    api.GET('/originator/projects/{projectId}/validator-quality', { params: { path: { projectId } } }),
  );
  const { data } = list;
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
      ...(['csv', 'json', 'agreement_csv'] as const).map((format) => exportButton(projectId, format, status)),
    ),
    status,
    ...agreementSection(list),
    ...aiSection(list),
  );
  return section;
}
