// My projects: pending invitations to accept, and every live assignment (archived projects are
// hidden by the API), paused ones flagged, with my progress and what is left to claim.
import { h, link, plural } from '../dom.ts';
import { action, api, ok, type Schemas } from '../api.ts';
import type { PageContext } from '../main.ts';

export async function myProjectsPage(ctx: PageContext): Promise<void> {
  ctx.main.append(ctx.heading('My projects'));
  if (ctx.flash) ctx.main.append(h('p', { role: 'status', class: 'notice' }, ctx.flash));
  const [{ data }, invites] = await Promise.all([ok(api.GET('/projects')), ok(api.GET('/invites'))]);
  if (invites.data.length > 0) ctx.main.append(invitations(ctx, invites.data));
  if (data.length === 0) {
    ctx.main.append(
      h('p', {}, 'You have no projects to rate yet. When an organization invites you to one, it appears here.'),
    );
    return;
  }
  ctx.main.append(
    h(
      'ul',
      { class: 'cards' },
      data.map((p) =>
        h(
          'li',
          { class: 'card project' },
          h('h2', {}, p.name, p.paused ? h('span', { class: 'badge paused' }, 'Paused') : null),
          p.paused
            ? h('p', { class: 'note' }, 'The project’s owner paused it: nothing can be rated until it resumes.')
            : null,
          h(
            'dl',
            { class: 'stats' },
            h('div', {}, h('dt', {}, 'Rated today'), h('dd', {}, p.ratedToday.toLocaleString('en'))),
            h('div', {}, h('dt', {}, 'Rated overall'), h('dd', {}, p.ratedTotal.toLocaleString('en'))),
            h('div', {}, h('dt', {}, 'Left for you'), h('dd', {}, p.leftForYou.toLocaleString('en'))),
          ),
          p.classId ? h('p', { class: 'note' }, `Your class: ${p.classId}`) : null,
          p.paused
            ? null
            : p.leftForYou === 0
              ? h(
                  'p',
                  { class: 'note' },
                  p.skippedByYou > 0
                    ? `Nothing is left for you but ${p.skippedByYou} you skipped. `
                    : 'Nothing is left for you to rate right now.',
                  p.skippedByYou > 0
                    ? link(
                        `/app/projects/${encodeURIComponent(p.projectId)}/rate`,
                        // The visible words begin the spoken name (WCAG 2.5.3), then which project and why.
                        { 'aria-label': `Open the project ${p.name} to review skipped datapoints` },
                        'Open the project',
                      )
                    : null,
                )
              : link(
                  `/app/projects/${encodeURIComponent(p.projectId)}/rate`,
                  { class: 'button', 'aria-label': `Start rating ${p.name}` },
                  'Start rating',
                ),
        ),
      ),
    ),
  );
  ctx.main.append(h('p', { class: 'note' }, `${plural(data.length, 'project')}. “Today” counts from 00:00 UTC.`));
}

/** Invitations wait for the person: signing in accepts only the one its link came with. */
function invitations(ctx: PageContext, invites: Schemas['MyInvite'][]): HTMLElement {
  const status = h('p', { role: 'status', class: 'result' });
  return h(
    'section',
    { class: 'card invitations', 'aria-labelledby': 'invites-title' },
    h('h2', { id: 'invites-title' }, invites.length === 1 ? 'An invitation' : `${invites.length} invitations`),
    h(
      'ul',
      { class: 'plain' },
      invites.map((inv) => {
        const accept = h(
          'button',
          { type: 'button', 'aria-label': `Accept the invitation to ${inv.projectName}` },
          'Accept',
        );
        accept.addEventListener('click', () =>
          action(accept, status, async () => {
            await ok(api.POST('/invites/{inviteId}/accept', { params: { path: { inviteId: inv.inviteId } } }));
            ctx.navigate('/app/', { replace: true, flash: `You joined ${inv.projectName}.` });
          }),
        );
        return h(
          'li',
          {},
          h(
            'span',
            {},
            h('strong', {}, inv.projectName),
            ` — ${inv.organizationName}${inv.invitedByEmail ? `, invited by ${inv.invitedByEmail}` : ''}`,
          ),
          accept,
        );
      }),
    ),
    status,
  );
}
