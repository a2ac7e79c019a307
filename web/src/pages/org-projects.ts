// The projects of the organizations where the signed-in person is an originator: searchable by
// name (the address keeps the search, so it can be shared and reloaded) and a page at a time.
import { h, link, replace } from '../dom.ts';
import { action, api, ok, type Schemas } from '../api.ts';
import type { PageContext } from '../main.ts';
import { autoConsensusText, coverageText, contestedText, statusBadge } from './project-facts.ts';

const PAGE = 25;

export async function orgProjectsPage(ctx: PageContext): Promise<void> {
  ctx.main.append(ctx.heading('Organization projects'));
  const q = ctx.query.get('q') ?? '';
  const me = await ctx.me();
  const orgs = me.organizations.filter((o) => o.originator);
  if (orgs.length === 0) {
    ctx.main.append(
      h(
        'p',
        {},
        'You are not an originator of any organization. ' + 'Originators see their organization’s projects here.',
      ),
    );
    return;
  }
  ctx.main.append(h('p', { class: 'note' }, `Projects of ${orgs.map((o) => `${o.name} (${o.code})`).join(', ')}.`));
  const search = h('input', { id: 'project-search', name: 'q', type: 'search', value: q, maxlength: '200' });
  const form = h(
    'form',
    { class: 'search', role: 'search' },
    h('label', { for: 'project-search' }, 'Search projects by name'),
    h('div', { class: 'search-row' }, search, h('button', { type: 'submit' }, 'Search')),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const v = search.value.trim();
    ctx.navigate(v ? `/app/org?q=${encodeURIComponent(v)}` : '/app/org');
  });
  const list = h('ul', { class: 'cards' });
  const status = h('p', { role: 'status', class: 'result' });
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Show more projects');
  ctx.main.append(form, list, more, status);

  let cursor: string | undefined;
  const load = async (): Promise<string | undefined> => {
    const page = await ok(
      api.GET('/originator/projects', {
        params: { query: { limit: PAGE, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } },
      }),
    );
    list.append(...page.data.map(card));
    cursor = page.nextCursor ?? undefined;
    more.hidden = !page.hasMore;
    const shown = list.children.length;
    if (shown === 0)
      return q
        ? `No project’s name contains “${q}”.`
        : 'No projects yet. Projects are created through the developer API or MCP.';
    return (
      `${shown.toLocaleString('en')} project${shown === 1 ? '' : 's'} shown` +
      `${page.hasMore ? '; more follow' : ''}${q ? ` for “${q}”` : ''}.`
    );
  };
  more.addEventListener('click', () => action(more, status, load));
  replace(status, await load());

  function card(p: Schemas['OriginatorProject']): HTMLElement {
    return h(
      'li',
      { class: 'card org-project' },
      h(
        'h2',
        {},
        link(`/app/org/projects/${encodeURIComponent(p.project.id)}`, {}, p.project.name),
        ' ',
        statusBadge(p.project, p.coverage),
      ),
      h(
        'dl',
        { class: 'stats' },
        h('div', {}, h('dt', {}, 'Coverage'), h('dd', {}, coverageText(p.coverage))),
        h('div', {}, h('dt', {}, 'Contested'), h('dd', {}, contestedText(p.contested, p.coverage.datapointsFinalized))),
        h('div', {}, h('dt', {}, 'Auto Consensus'), h('dd', {}, autoConsensusText(p.project))),
      ),
      orgs.length > 1 ? h('p', { class: 'note' }, p.organization.name) : null,
    );
  }
}
