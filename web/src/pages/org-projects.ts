// The projects of the organizations where the signed-in person is an originator.
import { h, link } from '../dom.ts';
import { api, type Schemas } from '../api.ts';
import type { PageContext } from '../main.ts';
import { autoConsensusText, coverageText, contestedText, statusBadge } from './project-facts.ts';

export async function orgProjectsPage(ctx: PageContext): Promise<void> {
  ctx.main.append(ctx.heading('Organization projects'));
  const [me, { data }] = await Promise.all([
    ctx.me(),
    api<Schemas['OriginatorProjectList']>('GET', '/originator/projects'),
  ]);
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
  if (data.length === 0) {
    ctx.main.append(h('p', {}, 'No projects yet. Projects are created through the developer API or MCP.'));
    return;
  }
  ctx.main.append(
    h(
      'ul',
      { class: 'cards' },
      data.map((p) =>
        h(
          'li',
          { class: 'card org-project' },
          h(
            'h2',
            {},
            link(`/app/org/projects/${encodeURIComponent(p.project.id)}`, {}, p.project.name),
            ' ',
            statusBadge(p.project),
          ),
          h(
            'dl',
            { class: 'stats' },
            h('div', {}, h('dt', {}, 'Coverage'), h('dd', {}, coverageText(p.coverage))),
            h(
              'div',
              {},
              h('dt', {}, 'Contested'),
              h('dd', {}, contestedText(p.contested, p.coverage.datapointsFinalized)),
            ),
            h('div', {}, h('dt', {}, 'Auto Consensus'), h('dd', {}, autoConsensusText(p.project))),
          ),
          orgs.length > 1 ? h('p', { class: 'note' }, p.organization.name) : null,
        ),
      ),
    ),
  );
}
