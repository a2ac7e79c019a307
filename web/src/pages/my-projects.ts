// My projects: pending invitations to accept, and every live assignment (archived projects are
// hidden by the API), paused ones flagged, with my progress, what is left to claim and my own
// standing on each (votes, agreement, a pause on me with why).
import { h, link, plural } from '../dom.ts';
import { action, api, ApiFailure, ok, type Schemas } from '../api.ts';
import type { PageContext } from '../main.ts';
import { fetchStanding, standingSection } from './standing.ts';

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
  // Read together; a failure shows on its card, an ended session goes to sign-in (the router).
  const standings = await Promise.all(
    data.map((p) =>
      fetchStanding(p.projectId).catch((err: unknown) => {
        if (err instanceof ApiFailure && err.signedOut) throw err;
        return err instanceof Error ? err : new Error(String(err));
      }),
    ),
  );
  ctx.main.append(
    h(
      'ul',
      { class: 'cards' },
      data.map((p, i) => {
        const standing = standings[i]!;
        const pausedMe = !(standing instanceof Error) && standing.paused;
        return h(
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
            : pausedMe
              ? h('p', { class: 'note' }, 'You are paused on this project: see your standing below.')
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
          standingSection(p.projectId, p.name, standing),
        );
      }),
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
