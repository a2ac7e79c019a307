// One datapoint for the project's originators: its content as the raters saw it, its decision,
// every vote (who, class, rating, weight, time, whether the rating was replaced) and the skips
// with their reasons.
import { h, link } from '../dom.ts';
import { api, ApiFailure, ok, type Schemas } from '../api.ts';
import { renderContent } from '../content.ts';
import type { PageContext } from '../main.ts';

export async function orgDatapointPage(ctx: PageContext): Promise<void> {
  const [projectId, datapointId] = [ctx.params[0]!, ctx.params[1]!];
  const base = `/app/org/projects/${encodeURIComponent(projectId)}`;
  let d: Schemas['OriginatorDatapointDetail'];
  try {
    d = await ok(
      api.GET('/originator/projects/{projectId}/datapoints/{datapointId}', {
        params: { path: { projectId, datapointId } },
      }),
    );
  } catch (err) {
    if (err instanceof ApiFailure && (err.code === 'datapoint_not_found' || err.code === 'project_not_found')) {
      ctx.main.append(
        ctx.heading('Datapoint not found'),
        h('p', { role: 'alert' }, err.message),
        h('p', {}, link(`${base}/datapoints`, {}, 'Back to the datapoints')),
      );
      return;
    }
    throw err;
  }
  const p = d.datapoint;
  ctx.main.append(
    ctx.heading(`Datapoint ${p.sourceFile} #${p.sourceRow}`),
    h('p', {}, link(`${base}/datapoints`, {}, 'Back to the datapoints')),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'decision-title' },
      h('h2', { id: 'decision-title' }, 'Decision'),
      d.decision
        ? h(
            'dl',
            { class: 'stats' },
            h('div', {}, h('dt', {}, 'Consensus rating'), h('dd', {}, d.decision.qualityRatingMean.toFixed(2))),
            h('div', {}, h('dt', {}, 'Median'), h('dd', {}, d.decision.qualityRatingMedian.toFixed(2))),
            h('div', {}, h('dt', {}, 'Strength'), h('dd', {}, d.decision.consensusStrength.toFixed(3))),
            h('div', {}, h('dt', {}, 'Contested'), h('dd', {}, p.contested ? 'Yes' : 'No')),
          )
        : h('p', {}, `Pending: ${p.votes} vote${p.votes === 1 ? '' : 's'} so far.`),
    ),
    h(
      'section',
      { class: 'card datapoint', 'aria-labelledby': 'content-title' },
      h('h2', { id: 'content-title' }, 'Content'),
      renderContent(d.format, d.content, null, d),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'votes-title' },
      h('h2', { id: 'votes-title' }, 'Votes'),
      d.votes.length === 0
        ? h('p', {}, 'No votes yet.')
        : h(
            'div',
            { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Votes (scrolls sideways)' },
            h(
              'table',
              { class: 'data votes' },
              h('caption', {}, 'Every vote, oldest first'),
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  // The pseudonym is the validator's name in the signed Proof Report and the votes export.
                  ['Validator', 'In the report', 'Class', 'Rating', 'Weight', 'Time'].map((c) =>
                    h('th', { scope: 'col' }, c),
                  ),
                ),
              ),
              h(
                'tbody',
                {},
                d.votes.map((v) =>
                  h(
                    'tr',
                    {},
                    h('td', {}, v.validator),
                    h('td', {}, h('code', {}, v.pseudonym)),
                    h('td', {}, v.classId ?? 'No class'),
                    h('td', { class: 'num' }, `${v.rating}${v.changed ? ' (changed)' : ''}`),
                    h('td', { class: 'num' }, String(v.weight)),
                    h('td', {}, h('time', { datetime: v.createdAt }, v.createdAt.replace('T', ' ').slice(0, 19))),
                  ),
                ),
              ),
            ),
          ),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'skips-title' },
      h('h2', { id: 'skips-title' }, 'Skips'),
      d.skips.length === 0
        ? h('p', {}, 'Nobody skipped this datapoint.')
        : h(
            'ul',
            { class: 'plain' },
            d.skips.map((k) => h('li', {}, `${k.validator}: ${k.reason ?? 'no reason given'}`)),
          ),
    ),
  );
}
