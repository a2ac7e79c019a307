// A validator's own standing on a project (docs/quality.md, "Validator quality cards"): votes,
// leave-one-out agreement with the other validators on decided datapoints, and a pause with the
// figures the gold rule saw. Every figure is the server's (`getMyStanding`, built by the same
// function as the originator's cards); this module only words and lays them out. Gold figures are
// not part of it: a gold count that moved right after a vote would tell which datapoint was gold.
import { h, replace } from '../dom.ts';
import { action, api, ok, type Schemas } from '../api.ts';

type Standing = Schemas['MyStanding'];
type Pause = Schemas['ValidatorPause'];

const num = (x: number | null, digits = 1): string => (x === null ? '–' : x.toFixed(digits));
const utc = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The standing of the signed-in validator on the project, as the API answers it. */
export const fetchStanding = (projectId: string): Promise<Standing> =>
  ok(api.GET('/projects/{projectId}/standing', { params: { path: { projectId } } }));

/** What a pause means, with the figures the rule saw: said on My projects and when a claim is refused. */
export const pauseText = (p: Pause): string =>
  `Since ${utc(p.pausedAt)} you cannot claim or rate datapoints of this project. Some datapoints are gold items ` +
  `with a rating the project’s owner expects; over your ${p.goldVotes} ratings of them your mean distance from ` +
  `that rating was ${num(p.meanAbsoluteError)} points, confidently at least ${num(p.lowerBound)}, above the ` +
  `project’s limit of ${num(p.threshold, 0)}. The project’s owner can lift the pause; ratings you submitted are kept.`;

/** The figures as a table of row headers and values; notes say what is missing and why. */
function figures(s: Standing, titleId: string): HTMLElement[] {
  const a = s.agreement;
  const rows: [string, string, string][] = [
    ['votes', 'Your ratings', s.votes.toLocaleString('en')],
    ['agreement-datapoints', 'Decided datapoints compared', a.datapoints.toLocaleString('en')],
    [
      'agreement-mad',
      'Mean distance from the others’ mean',
      a.meanAbsoluteDifference === null ? '–' : `${num(a.meanAbsoluteDifference)} points`,
    ],
    ['agreement-ccc', 'Concordance with the others (CCC, −1 to 1)', num(a.ccc, 3)],
    ['status', 'Status', s.paused ? 'Paused' : 'Active'],
  ];
  const table = h(
    'table',
    { class: 'standing', 'aria-labelledby': titleId },
    h(
      'tbody',
      {},
      rows.map(([key, label, value]) =>
        h('tr', { 'data-figure': key }, h('th', { scope: 'row' }, label), h('td', {}, value)),
      ),
    ),
  );
  const notes: HTMLElement[] = [];
  if (s.pause)
    notes.push(h('p', { class: 'notice paused-notice' }, h('strong', {}, 'You are paused. '), pauseText(s.pause)));
  if (s.votes === 0) notes.push(h('p', { class: 'note' }, 'You have not rated anything on this project yet.'));
  else if (a.datapoints === 0)
    notes.push(
      h(
        'p',
        { class: 'note' },
        'Agreement appears once a datapoint you rated is decided and someone else rated it too.',
      ),
    );
  else if (a.ccc === null)
    notes.push(h('p', { class: 'note' }, 'Concordance needs at least two decided datapoints with varied ratings.'));
  notes.push(
    h(
      'p',
      { class: 'note' },
      'Each rating is compared with the mean of the other validators’ ratings of the same datapoint. Your figures on ' +
        'gold items are not shown while you work, so that nothing tells which datapoints are gold.',
    ),
  );
  return [table, ...notes];
}

/**
 * "Your standing" on a project's card: the figures, or why they could not be read, and a control
 * that reads them again (the app's action: an ended session goes to sign-in).
 */
export function standingSection(projectId: string, projectName: string, first: Standing | Error): HTMLElement {
  const id = `standing-${projectId}`;
  const body = h('div', { class: 'standing-body' });
  const status = h('p', { role: 'status', class: 'result' });
  const show = (s: Standing | Error) =>
    replace(
      body,
      s instanceof Error ? h('p', { class: 'error' }, `Your standing could not be read: ${s.message}`) : figures(s, id),
    );
  show(first);
  const refresh = h(
    'button',
    { type: 'button', class: 'secondary small', 'aria-label': `Refresh your standing on ${projectName}` },
    'Refresh',
  );
  refresh.addEventListener('click', () =>
    action(refresh, status, async () => {
      show(await fetchStanding(projectId));
      return `Your standing on ${projectName} is up to date.`;
    }),
  );
  return h(
    'div',
    { class: 'standing', 'data-project': projectId },
    h('h3', { id }, 'Your standing'),
    body,
    h('div', { class: 'actions' }, refresh, status),
  );
}
