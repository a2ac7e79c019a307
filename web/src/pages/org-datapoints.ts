// A project's datapoints for its originators: filters (status, contested, rating range, validator)
// kept in the address (so a filtered view can be reloaded and shared), a page at a time, each row
// opening the datapoint with its votes and decision.
import { h, link, replace } from '../dom.ts';
import { api, ok } from '../api.ts';
import type { PageContext } from '../main.ts';

export async function orgDatapointsPage(ctx: PageContext): Promise<void> {
  const projectId = ctx.params[0]!;
  const path = { projectId };
  const q = ctx.query;
  const o = await ok(api.GET('/originator/projects/{projectId}', { params: { path } }));
  const base = `/app/org/projects/${encodeURIComponent(projectId)}`;
  ctx.main.append(ctx.heading(`Datapoints of ${o.project.name}`), h('p', {}, link(base, {}, 'Back to the project')));

  const num = (name: string) => {
    const v = q.get(name);
    return v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  };
  const filters = {
    status: (q.get('status') as 'pending' | 'terminal' | null) ?? undefined,
    contested: q.get('contested') === 'true' ? true : q.get('contested') === 'false' ? false : undefined,
    minRating: num('minRating'),
    maxRating: num('maxRating'),
    validator: q.get('validator') || undefined,
  };

  const select = (id: string, label: string, options: [string, string][], value: string | undefined) =>
    h(
      'div',
      { class: 'field' },
      h('label', { for: id }, label),
      h(
        'select',
        { id, name: id },
        options.map(([v, text]) => h('option', { value: v, selected: v === (value ?? '') }, text)),
      ),
    );
  // `spoken`: the field's name when its visible label reads only beside the previous field ("to").
  const number = (id: string, label: string, value: number | undefined, spoken?: string) =>
    h(
      'div',
      { class: 'field' },
      h('label', { for: id }, label),
      h('input', {
        id,
        name: id,
        type: 'number',
        min: '0',
        max: '100',
        step: 'any',
        value: value ?? '',
        'aria-label': spoken,
      }),
    );
  const form = h(
    'form',
    { class: 'card filters', 'aria-label': 'Filter the datapoints' },
    select(
      'status',
      'Status',
      [
        ['', 'Any'],
        ['pending', 'Pending'],
        ['terminal', 'Decided'],
      ],
      filters.status,
    ),
    select(
      'contested',
      'Contested',
      [
        ['', 'Any'],
        ['true', 'Contested'],
        ['false', 'Not contested'],
      ],
      q.get('contested') ?? undefined,
    ),
    number('minRating', 'Consensus rating from', filters.minRating),
    number('maxRating', 'to', filters.maxRating, 'Consensus rating up to'),
    select(
      'validator',
      'Voted on by',
      [['', 'Anyone'], ...o.validatorAgreement.flatMap((a): [string, string][] => (a.key ? [[a.key, a.label]] : []))],
      filters.validator,
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit' }, 'Apply filters'),
      link(`${base}/datapoints`, { class: 'button secondary' }, 'Clear'),
    ),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v !== '') params.set(k, v);
    ctx.navigate(`${base}/datapoints${params.size ? `?${params}` : ''}`);
  });
  ctx.main.append(form);

  const cursor = q.get('cursor') ?? undefined;
  const page = await ok(
    api.GET('/originator/projects/{projectId}/datapoints', {
      params: {
        path,
        query: {
          limit: 25,
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.contested !== undefined ? { contested: filters.contested } : {}),
          ...(filters.minRating !== undefined ? { minRating: filters.minRating } : {}),
          ...(filters.maxRating !== undefined ? { maxRating: filters.maxRating } : {}),
          ...(filters.validator ? { validator: filters.validator } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
    }),
  );
  const status = h('p', { role: 'status' });
  replace(
    status,
    page.data.length === 0
      ? 'No datapoint matches these filters.'
      : `${page.data.length} datapoint${page.data.length === 1 ? '' : 's'} on this page` +
          `${page.hasMore ? '; more on the next' : ''}.`,
  );
  const fmt = (x: number | null, digits: number) => (x === null ? '–' : x.toFixed(digits));
  const table = h(
    'table',
    { class: 'data datapoints' },
    h('caption', {}, 'Datapoints, newest first'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Datapoint', 'Source', 'Status', 'Rating', 'Strength', 'Votes', 'Skips'].map((c) =>
          h('th', { scope: 'col' }, c),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      page.data.map((d) =>
        h(
          'tr',
          {},
          h('td', {}, link(`${base}/datapoints/${encodeURIComponent(d.id)}`, {}, d.excerpt || d.id)),
          h('td', {}, `${d.sourceFile} #${d.sourceRow}`),
          h('td', {}, d.status === 'terminal' ? (d.contested ? 'Decided (contested)' : 'Decided') : 'Pending'),
          h('td', { class: 'num' }, fmt(d.qualityRatingMean, 1)),
          h('td', { class: 'num' }, fmt(d.consensusStrength, 2)),
          h('td', { class: 'num' }, String(d.votes)),
          h('td', { class: 'num' }, String(d.skips)),
        ),
      ),
    ),
  );
  const paging = h('p', { class: 'links' });
  if (cursor) {
    const first = new URLSearchParams(q);
    first.delete('cursor');
    paging.append(
      link(`${base}/datapoints${first.size ? `?${first}` : ''}`, { class: 'button secondary' }, 'First page'),
    );
  }
  if (page.nextCursor) {
    const next = new URLSearchParams(q);
    next.set('cursor', page.nextCursor);
    paging.append(link(`${base}/datapoints?${next}`, { class: 'button secondary' }, 'Next page'));
  }
  ctx.main.append(status, h('div', { class: 'table-wrap' }, table), paging);
}
