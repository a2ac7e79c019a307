// Rating: claim the next datapoint, show the instructions and the content, take a 0-100 rating,
// and load the next datapoint as soon as the vote is in. Works with the keyboard alone: digits
// type the rating (from anywhere on the page), arrow keys adjust it (Shift: by 10), Enter
// submits, S skips. A skip claims the next datapoint first and then releases the skipped one, so
// the skipped datapoint goes back to the pool without being handed straight back.
import { h, link, replace } from '../dom.ts';
import { api, ApiFailure, type Schemas } from '../api.ts';
import { markdown, renderContent } from '../content.ts';
import type { PageContext } from '../main.ts';

type Claim = Schemas['Claim'];

export async function ratePage(ctx: PageContext): Promise<void> {
  const projectId = ctx.params[0]!;
  const { data } = await api<Schemas['MyProjectList']>('GET', '/projects');
  const project = data.find((p) => p.projectId === projectId);
  if (!project) {
    ctx.main.append(
      ctx.heading('Project not available'),
      h(
        'p',
        { role: 'alert' },
        'This project is not among your projects: it was archived by its owner, or you are no longer assigned to it.',
      ),
      h('p', {}, link('/app/', {}, 'Back to my projects')),
    );
    return;
  }

  const counts = { today: project.ratedToday, total: project.ratedTotal };
  const progress = h('p', { class: 'progress' });
  const showProgress = () =>
    replace(
      progress,
      `Rated today: ${counts.today.toLocaleString('en')} · overall: ${counts.total.toLocaleString('en')}`,
    );
  showProgress();
  const status = h('p', { role: 'status', class: 'status' });
  const work = h('div', { class: 'work' });
  ctx.main.append(ctx.heading(project.name), progress, status, work);

  let claim: Claim | null = null;
  let busy = false;
  let lapsed = false;
  let instructionsOpen = true;
  let timer: number | undefined;
  let input: HTMLInputElement | null = null;
  let slider: HTMLInputElement | null = null;
  let error: HTMLElement | null = null;
  ctx.onLeave(() => {
    clearInterval(timer);
    document.removeEventListener('keydown', onKey);
  });

  const say = (text: string) => replace(status, text);

  /** A full stop: paused, archived, nothing left. The way on is offered as a focused control. */
  function stop(title: string, text: string, retry: boolean): void {
    clearInterval(timer);
    say('');
    claim = null;
    const back = link('/app/', { class: 'button secondary' }, 'Back to my projects');
    const again = retry ? h('button', { type: 'button', onclick: () => void next() }, 'Try again') : null;
    replace(
      work,
      h(
        'section',
        { class: 'card stop', 'aria-labelledby': 'stop-title' },
        h('h2', { id: 'stop-title' }, title),
        h('p', {}, text),
        h('div', { class: 'actions' }, again, back),
      ),
    );
    (again ?? back).focus();
  }

  function showLapsed(text: string): void {
    lapsed = true;
    clearInterval(timer);
    say('');
    const again = h('button', { type: 'button', onclick: () => void next() }, 'Rate the next datapoint');
    const box = h(
      'div',
      { class: 'card lapsed', role: 'alert' },
      h('h2', {}, 'Your claim lapsed'),
      h('p', {}, text),
      again,
    );
    work.querySelector('form')?.setAttribute('inert', '');
    work.prepend(box);
    again.focus();
  }

  /** Handles a refusal of claim or vote; true when it was one of the expected ones. */
  function refused(err: unknown): boolean {
    if (!(err instanceof ApiFailure)) return false;
    if (err.signedOut) {
      ctx.signedOut();
      return true;
    }
    switch (err.code) {
      case 'project_paused':
        stop(
          'This project is paused',
          'Its owner paused it: nothing can be claimed or rated until it resumes. Ratings you submitted are kept.',
          true,
        );
        return true;
      case 'project_archived':
      case 'project_not_found':
        stop(
          'This project is closed',
          'It was archived by its owner, or you are no longer assigned to it. Ratings you submitted are kept.',
          false,
        );
        return true;
      case 'no_claimable_slot':
        stop(
          'Nothing left to rate',
          'Every datapoint open to you is rated or is being rated by someone else. Thank you! Check back later.',
          true,
        );
        return true;
      case 'claim_limit_reached':
        stop(
          'Too many datapoints held',
          'You hold as many datapoints of this project as one person may (in other tabs or apps). Rate or skip those ' +
            'first; each one also frees itself 10 minutes after it was claimed.',
          true,
        );
        return true;
      case 'claim_expired':
        showLapsed(
          `${
            err.message.includes('consensus')
              ? err.message
              : 'Claims last 10 minutes; this one ran out before your ' +
                'rating arrived, so the rating was not recorded and the datapoint went back to the pool.'
          }`,
        );
        return true;
      case 'claim_not_found':
        showLapsed(
          'This datapoint is no longer claimed by you (it may have been released in another tab), so the rating was ' +
            'not recorded.',
        );
        return true;
      default:
        return false;
    }
  }

  async function claimOne(): Promise<Claim> {
    return api<Claim>('POST', `/projects/${encodeURIComponent(projectId)}/claims`);
  }

  async function next(message?: string): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      show(await claimOne());
      if (message) say(message);
    } catch (err) {
      if (message) say(message);
      if (!refused(err)) throw err;
    } finally {
      busy = false;
    }
  }

  async function submit(): Promise<void> {
    if (busy || !claim || lapsed || !input) return;
    const text = input.value.trim();
    const rating = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(rating >= 0 && rating <= 100)) {
      input.setAttribute('aria-invalid', 'true');
      error!.hidden = false;
      replace(error!, text === '' ? 'Type a rating from 0 to 100 first.' : 'A rating is a whole number from 0 to 100.');
      input.focus();
      return;
    }
    busy = true;
    const current = claim;
    try {
      await api<Schemas['VoteReceipt']>('POST', `/claims/${encodeURIComponent(current.slotId)}/vote`, { rating });
      counts.today++;
      counts.total++;
      showProgress();
    } catch (err) {
      busy = false;
      if (!refused(err)) throw err;
      return;
    }
    busy = false;
    await next(`Rating ${rating} recorded. The next datapoint is loaded.`);
  }

  async function skip(): Promise<void> {
    if (busy || !claim) return;
    if (lapsed) return next(); // nothing is held any more
    busy = true;
    const skipped = claim;
    const release = () =>
      api('DELETE', `/claims/${encodeURIComponent(skipped.slotId)}`).catch((err: unknown) => {
        // Lapsed or already released: it is back in the pool either way.
        if (!(err instanceof ApiFailure && err.code === 'claim_not_found')) throw err;
      });
    try {
      const following = await claimOne().catch((err: unknown) => {
        if (err instanceof ApiFailure && err.code === 'no_claimable_slot') return null;
        throw err;
      });
      await release();
      if (following) {
        show(following);
        say('Skipped: that datapoint went back to the pool. The next one is loaded.');
      } else {
        stop(
          'Nothing else to rate',
          'You skipped the last datapoint open to you; it went back to the pool for someone else. Thank you!',
          true,
        );
      }
    } catch (err) {
      if (!refused(err)) throw err;
    } finally {
      busy = false;
    }
  }

  function show(c: Claim): void {
    claim = c;
    lapsed = false;
    const details = h(
      'details',
      { class: 'instructions card', open: instructionsOpen },
      h('summary', {}, 'Instructions'),
      markdown(c.instructions || 'No instructions were given for this project.'),
    );
    details.addEventListener('toggle', () => {
      instructionsOpen = details.open;
    });
    const timerText = h('p', { class: 'timer' });
    input = h('input', {
      id: 'rating',
      name: 'rating',
      type: 'text',
      inputmode: 'numeric',
      pattern: '[0-9]*',
      maxlength: '3',
      autocomplete: 'off',
      'aria-describedby': 'rating-keys rating-error',
      class: 'rating',
    });
    slider = h('input', {
      type: 'range',
      min: '0',
      max: '100',
      step: '1',
      value: '50',
      tabindex: '-1',
      'aria-hidden': 'true',
      class: 'slider',
    });
    error = h('p', { id: 'rating-error', class: 'error', hidden: true });
    input.addEventListener('input', () => {
      const v = Number(input!.value);
      if (input!.value !== '' && v >= 0 && v <= 100) slider!.value = String(v);
      input!.removeAttribute('aria-invalid');
      error!.hidden = true;
    });
    slider.addEventListener('input', () => {
      input!.value = slider!.value;
      input!.removeAttribute('aria-invalid');
      error!.hidden = true;
    });
    const form = h(
      'form',
      { class: 'rate card', novalidate: true },
      h('label', { for: 'rating' }, 'Your rating, 0 (worst) to 100 (best)'),
      h('div', { class: 'rating-row' }, input, slider),
      error,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit' }, 'Submit rating'),
        h('button', { type: 'button', class: 'secondary', onclick: () => void skip() }, 'Skip'),
      ),
      h(
        'p',
        { id: 'rating-keys', class: 'keys' },
        'Keyboard: type the number, ↑ ↓ change it by 1 (with Shift by 10), Enter submits, S skips.',
      ),
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void submit();
    });
    replace(
      work,
      details,
      h(
        'section',
        { class: 'card datapoint', 'aria-labelledby': 'dp-title' },
        h('h2', { id: 'dp-title' }, 'Datapoint'),
        timerText,
        renderContent(c.format, c.content, c.file),
      ),
      form,
    );

    // The claim's remaining time, counted locally from the length the server granted, so a
    // clock difference between browser and server does not matter.
    const deadline = Date.now() + (Date.parse(c.expiresAt) - Date.parse(c.claimedAt));
    const tick = () => {
      const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
      replace(timerText, 'Reserved for you for ', h('time', {}, text), left <= 60 ? ' more — rate it soon' : ' more');
      timerText.classList.toggle('warn', left <= 60);
      if (left === 0 && !lapsed)
        showLapsed(
          'Claims last 10 minutes and this one ran out: the datapoint went back to the pool and nothing was recorded.',
        );
    };
    clearInterval(timer);
    tick();
    timer = window.setInterval(tick, 1000);
    input.focus();
    ctx.focus(input);
  }

  function onKey(ev: KeyboardEvent): void {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !claim) return;
    const target = ev.target as HTMLElement;
    const inRating = target === input;
    const inOtherField = !inRating && target.matches('input, textarea, select, [contenteditable]');
    if (inOtherField) return;
    if (ev.key === 's' || ev.key === 'S') {
      ev.preventDefault();
      void skip();
    } else if (/^[0-9]$/.test(ev.key) && !inRating && input && !lapsed) {
      // Typing a digit anywhere starts (or continues) the rating.
      ev.preventDefault();
      input.value = (input.value + ev.key).slice(-3);
      input.dispatchEvent(new Event('input'));
      input.focus();
    } else if ((ev.key === 'ArrowUp' || ev.key === 'ArrowDown') && inRating && input) {
      ev.preventDefault();
      const step = (ev.shiftKey ? 10 : 1) * (ev.key === 'ArrowUp' ? 1 : -1);
      const current = input.value === '' ? 50 - step : Number(input.value) || 0;
      input.value = String(Math.min(100, Math.max(0, current + step)));
      input.dispatchEvent(new Event('input'));
    } else if (inRating && ev.key.length === 1 && !/^[0-9]$/.test(ev.key)) {
      ev.preventDefault(); // only digits go into the rating
    }
  }
  document.addEventListener('keydown', onKey);

  await next();
}
