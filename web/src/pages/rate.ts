// Rating: resume the claim already held (or claim the next datapoint), show it with the
// instructions, take a 0-100 rating, and load the next datapoint as soon as the vote is in.
//
// A queue people can trust (docs/webapp.md, "Rating"):
// - a reload or a second visit resumes the live claim instead of taking a new one; leaving the
//   page (another page, closing the tab, signing out) releases it;
// - a skip sticks (the datapoint is not offered again unless nothing else is left and the rater
//   asks), with an optional reason for the project's owner;
// - every request shows its state: busy while in flight (keys typed meanwhile are not appended
//   to the old rating), a visible error with a retry on every failure;
// - the claim's remaining time is always in view, with "Keep it" to extend it once;
// - the last vote can be changed for two minutes while it has not decided its datapoint, and the
//   recent votes are listed;
// - single-key shortcuts (digits from anywhere, S to skip) are listed and can be switched off;
//   inside the rating field S is not a shortcut.
import { h, link, replace } from '../dom.ts';
import { api, ApiFailure, authHeaders, ok, type Schemas } from '../api.ts';
import { markdown, orderedEntries, renderContent } from '../content.ts';
import type { PageContext } from '../main.ts';
import { fetchStanding, pauseText } from './standing.ts';

type Claim = Schemas['Claim'];

const SHORTCUTS_KEY = 'assay.shortcuts';
/**
 * Claims this tab released when the person left the page within the app: coming back must not
 * resume them (the release may still be on its way). A claim is its slot and the time it was
 * claimed: a slot row released and claimed again by the same person is a new claim, resumed.
 */
const RELEASED_KEY = 'assay.released';

const released = (): string[] => JSON.parse(sessionStorage.getItem(RELEASED_KEY) ?? '[]') as string[];
const claimKey = (c: Pick<Claim, 'slotId' | 'claimedAt'>): string => `${c.slotId}@${c.claimedAt}`;

export async function ratePage(ctx: PageContext): Promise<void> {
  const projectId = ctx.params[0]!;
  const path = { projectId };
  const { data } = await ok(api.GET('/projects'));
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

  const counts = { today: project.ratedToday, total: project.ratedTotal, left: project.leftForYou };
  const progress = h('p', { class: 'progress' });
  const showProgress = () =>
    replace(
      progress,
      `Rated today: ${counts.today.toLocaleString('en')} · overall: ${counts.total.toLocaleString('en')} · left for ` +
        `you: ${Math.max(0, counts.left).toLocaleString('en')}`,
    );
  showProgress();
  // Announced politely: what just happened (recorded, skipped, a new datapoint).
  const status = h('p', { role: 'status', class: 'status', 'aria-live': 'polite' });
  // Failures, with the way to retry them.
  const failure = h('div', { class: 'failure', role: 'alert', hidden: true });
  const timerText = h('span', { class: 'timer' });
  const keep = h('button', { type: 'button', class: 'secondary small', hidden: true }, 'Keep it 10 more minutes');
  const bar = h('div', { class: 'claim-bar' }, timerText, keep);
  const work = h('div', { class: 'work' });
  const recent = h('section', { class: 'card recent', 'aria-labelledby': 'recent-title' });
  const shortcutsOn = () => localStorage.getItem(SHORTCUTS_KEY) !== 'off';
  const shortcutToggle = h('input', { type: 'checkbox', id: 'shortcuts', checked: shortcutsOn() });
  shortcutToggle.addEventListener('change', () => {
    localStorage.setItem(SHORTCUTS_KEY, shortcutToggle.checked ? 'on' : 'off');
    if (input) describeKeys();
  });
  // The claim's time, what just happened and any failure stay at the top of the viewport together,
  // so a long datapoint scrolled to its end still shows them, and none of them covers another.
  const top = h('div', { class: 'claim-top' }, bar, status, failure);
  ctx.main.append(ctx.heading(project.name), progress, top, work, recent);

  let claim: Claim | null = null;
  let busy = false;
  let lapsed = false;
  let extended = false;
  let deadline = 0;
  let instructionsOpen = window.matchMedia('(min-width: 60rem)').matches;
  let timer: number | undefined;
  let input: HTMLInputElement | null = null;
  let error: HTMLElement | null = null;
  let keysText: HTMLElement | null = null;
  let form: HTMLFormElement | null = null;
  let fieldOrder: string[] = [];

  /**
   * Gives the held claim back when the person leaves the page within the app (My projects,
   * another page, signing out); keepalive outlives the page. A reload, the browser's back and
   * forward, or a closed tab do not release it: the page cannot tell a reload from leaving, and a
   * reload must resume the claim it had (same datapoint, same time left), so an unloaded page's
   * claim stays until it lapses and the next visit resumes it.
   */
  const releaseHeld = async (): Promise<void> => {
    if (!claim || lapsed) return;
    const held = claim;
    claim = null;
    sessionStorage.setItem(RELEASED_KEY, JSON.stringify([...released(), claimKey(held)].slice(-20)));
    await fetch(`/validator/v1/claims/${encodeURIComponent(held.slotId)}`, {
      method: 'DELETE',
      headers: authHeaders(),
      keepalive: true,
    }).catch(() => {});
  };
  ctx.onLeave(() => {
    clearInterval(timer);
    document.removeEventListener('keydown', onKey);
    return releaseHeld();
  });

  const say = (text: string) => replace(status, text);
  const clearFailure = () => {
    failure.hidden = true;
    replace(failure);
  };

  /** A failure the rater can do something about: said, with a retry of exactly what failed. */
  function failed(err: unknown, what: string, retry: () => void): void {
    if (err instanceof ApiFailure && err.signedOut) {
      ctx.signedOut();
      return;
    }
    const why =
      err instanceof ApiFailure
        ? err.code === 'network'
          ? 'The server could not be reached (are you offline?).'
          : err.code === 'rate_limited'
            ? `Too many requests; wait ${err.retryAfter ?? 'a few'} seconds.`
            : err.message
        : err instanceof Error
          ? err.message
          : String(err);
    const again = h(
      'button',
      {
        type: 'button',
        onclick: () => {
          clearFailure();
          retry();
        },
      },
      'Try again',
    );
    replace(failure, h('p', {}, h('strong', {}, `${what} `), why), again);
    failure.hidden = false;
    say('');
    again.focus();
  }

  /** A full stop: paused, archived, nothing left. The way on is offered as a focused control. */
  function stop(title: string, text: string, ...controls: HTMLElement[]): void {
    clearInterval(timer);
    bar.hidden = true;
    claim = null;
    const back = link('/app/', { class: 'button secondary' }, 'Back to my projects');
    replace(
      work,
      h(
        'section',
        { class: 'card stop', 'aria-labelledby': 'stop-title' },
        h('h2', { id: 'stop-title' }, title),
        h('p', {}, text),
        h('div', { class: 'actions' }, controls, back),
      ),
    );
    (controls[0] ?? back).focus();
  }

  function showLapsed(text: string): void {
    lapsed = true;
    clearInterval(timer);
    bar.hidden = true;
    const again = h('button', { type: 'button', onclick: () => void next() }, 'Rate the next datapoint');
    const box = h(
      'div',
      { class: 'card lapsed', role: 'alert' },
      h('h2', {}, 'Your claim lapsed'),
      h('p', {}, text),
      again,
    );
    form?.setAttribute('inert', '');
    work.prepend(box);
    again.focus();
  }

  /** Handles a refusal of claim or vote by its code; true when it was one of the expected ones. */
  async function refused(err: unknown): Promise<boolean> {
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
          h('button', { type: 'button', onclick: () => void next() }, 'Try again'),
        );
        return true;
      case 'validator_paused': {
        // What the pause means, with the figures the gold rule saw (the standing's; the refusal's words otherwise).
        const mine = await fetchStanding(projectId).catch(() => null);
        stop('You are paused on this project', mine?.pause ? pauseText(mine.pause) : err.message);
        return true;
      }
      case 'project_archived':
      case 'project_not_found':
        stop(
          'This project is closed',
          'It was archived by its owner, or you are no longer assigned to it. Ratings you submitted are kept.',
        );
        return true;
      case 'no_claimable_slot': {
        const mine = (await ok(api.GET('/projects'))).data.find((p) => p.projectId === projectId);
        const skipped = mine?.skippedByYou ?? 0;
        counts.left = 0;
        showProgress();
        stop(
          'Nothing left for you to rate',
          skipped > 0
            ? `Every datapoint open to you is rated or is being rated by someone else, except ` +
                `${skipped === 1 ? 'one you skipped' : `${skipped} you skipped`}. Thank you!`
            : 'Every datapoint open to you is rated or is being rated by someone else. Thank you! Check back later.',
          ...(skipped > 0
            ? [
                h(
                  'button',
                  { type: 'button', onclick: () => void next({ includeSkipped: true }) },
                  `Show the ${skipped === 1 ? 'datapoint' : `${skipped} datapoints`} I skipped`,
                ),
              ]
            : [h('button', { type: 'button', onclick: () => void next() }, 'Check again')]),
        );
        return true;
      }
      case 'claim_limit_reached':
        stop(
          'Too many datapoints held',
          'You hold as many datapoints of this project as one person may (in other tabs or apps). Rate or skip ' +
            'those first; each one also frees itself 10 minutes after it was claimed.',
          h('button', { type: 'button', onclick: () => void next() }, 'Try again'),
        );
        return true;
      case 'claim_expired':
        showLapsed(
          'Claims last 10 minutes; this one ran out before your rating arrived, so the rating was not recorded and ' +
            'the datapoint went back to the pool.',
        );
        return true;
      case 'datapoint_finalized':
        showLapsed(
          'Other raters completed this datapoint before your rating arrived, so your rating was not needed and was ' +
            'not recorded.',
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

  /** The claim to work on: one this person already holds (a reload, another visit), else a new one. */
  async function nextClaim(includeSkipped: boolean): Promise<Claim> {
    const gone = new Set(released());
    const held = (await ok(api.GET('/projects/{projectId}/claims', { params: { path } }))).data.find(
      (c) => !gone.has(claimKey(c)),
    );
    if (held) return held;
    return ok(api.POST('/projects/{projectId}/claims', { params: { path, query: { includeSkipped } } }));
  }

  async function next(options: { message?: string; includeSkipped?: boolean } = {}): Promise<void> {
    if (busy) return;
    busy = true;
    clearFailure();
    work.setAttribute('aria-busy', 'true');
    try {
      show(await nextClaim(options.includeSkipped === true), options.message);
    } catch (err) {
      if (options.message) say(options.message);
      if (!(await refused(err))) failed(err, 'The next datapoint could not be loaded.', () => void next(options));
    } finally {
      busy = false;
      work.removeAttribute('aria-busy');
    }
  }

  /** While a request is in flight the form says so and takes no input. */
  function setBusy(on: boolean, text?: string): void {
    busy = on;
    if (form) {
      form.setAttribute('aria-busy', String(on));
      for (const b of form.querySelectorAll('button')) b.disabled = on;
    }
    if (input) input.readOnly = on;
    keep.disabled = on;
    if (text) say(text);
  }

  async function submit(): Promise<void> {
    if (busy || !claim || lapsed || !input) return;
    const text = input.value.trim();
    const rating = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
    if (!(rating >= 0 && rating <= 100)) {
      input.setAttribute('aria-invalid', 'true');
      error!.hidden = false;
      replace(error!, text === '' ? 'Type a rating from 0 to 100 first.' : 'A rating is a whole number from 0 to 100.');
      input.focus();
      return;
    }
    const current = claim;
    setBusy(true, `Sending rating ${rating}…`);
    clearFailure();
    let decided = false;
    try {
      const receipt = await ok(
        api.POST('/claims/{slotId}/vote', { params: { path: { slotId: current.slotId } }, body: { rating } }),
      );
      decided = receipt.outcome === 'terminal';
    } catch (err) {
      setBusy(false);
      if (!(await refused(err))) failed(err, `Rating ${rating} was not recorded.`, () => void submit());
      return;
    }
    claim = null;
    counts.today++;
    counts.total++;
    counts.left--;
    showProgress();
    setBusy(false);
    void showRecent();
    await next({
      message: decided
        ? `Rating ${rating} recorded; it completed the datapoint. The next datapoint is loaded.`
        : `Rating ${rating} recorded; you can change it for 2 minutes below. The next datapoint is loaded.`,
    });
  }

  async function skip(): Promise<void> {
    if (busy || !claim) return;
    if (lapsed) return next(); // nothing is held any more
    const skipped = claim;
    const reasonField = document.getElementById('skip-reason') as HTMLInputElement | null;
    const reason = reasonField?.value.trim() ?? '';
    setBusy(true, 'Skipping…');
    clearFailure();
    try {
      await ok(
        api.POST('/claims/{slotId}/skip', {
          params: { path: { slotId: skipped.slotId } },
          body: reason ? { reason } : {},
        }),
      ).catch((err: unknown) => {
        // Lapsed or already released: it is back in the pool either way.
        if (!(err instanceof ApiFailure && err.code === 'claim_not_found')) throw err;
      });
    } catch (err) {
      setBusy(false);
      if (!(await refused(err))) failed(err, 'The skip did not go through.', () => void skip());
      return;
    }
    claim = null;
    counts.left--;
    showProgress();
    setBusy(false);
    await next({ message: 'Skipped: you will not be offered that datapoint again. The next one is loaded.' });
  }

  async function extend(): Promise<void> {
    if (busy || !claim || lapsed || extended) return;
    const slotId = claim.slotId;
    setBusy(true);
    try {
      const e = await ok(api.POST('/claims/{slotId}/extend', { params: { path: { slotId } } }));
      extended = true;
      deadline = Date.now() + e.remainingSeconds * 1000;
      keep.hidden = true;
      say('Kept for 10 more minutes (a claim can be kept once).');
      tick();
    } catch (err) {
      if (err instanceof ApiFailure && err.code === 'claim_already_extended') {
        extended = true;
        keep.hidden = true;
      } else if (!(await refused(err))) failed(err, 'The claim could not be extended.', () => void extend());
    } finally {
      setBusy(false);
    }
  }
  keep.addEventListener('click', () => void extend());

  function tick(): void {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    replace(timerText, 'Reserved for you for ', h('time', {}, text), left <= 60 ? ' more — rate it soon' : ' more');
    timerText.classList.toggle('warn', left <= 60);
    keep.hidden = extended || lapsed;
    if (left === 0 && !lapsed)
      showLapsed('This claim ran out: the datapoint went back to the pool and nothing was recorded.');
  }

  function describeKeys(): void {
    if (!keysText) return;
    replace(
      keysText,
      shortcutsOn()
        ? 'Keys: type the number (digits work from anywhere on the page), ↑ ↓ change it by 1 (with Shift by 10), ' +
            'Enter submits; S skips (not inside the rating field).'
        : 'Keys: type the number in the rating field, ↑ ↓ change it by 1 (with Shift by 10), Enter submits. ' +
            'Single-key shortcuts are off.',
    );
  }

  function show(c: Claim, message?: string): void {
    claim = c;
    fieldOrder = c.fieldOrder;
    lapsed = false;
    extended = false;
    bar.hidden = false;
    const instructions = h(
      'details',
      { class: 'instructions card', open: instructionsOpen },
      h('summary', {}, 'Instructions'),
      markdown(c.instructions || 'No instructions were given for this project.'),
    );
    instructions.addEventListener('toggle', () => {
      instructionsOpen = instructions.open;
    });
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
    const slider = h('input', {
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
      if (input!.value !== '' && v >= 0 && v <= 100) slider.value = String(v);
      input!.removeAttribute('aria-invalid');
      error!.hidden = true;
    });
    slider.addEventListener('input', () => {
      input!.value = slider.value;
      input!.removeAttribute('aria-invalid');
      error!.hidden = true;
    });
    keysText = h('p', { id: 'rating-keys', class: 'keys' });
    describeKeys();
    form = h(
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
        'details',
        { class: 'skip-reason' },
        h('summary', {}, 'Skip with a reason'),
        h('label', { for: 'skip-reason' }, 'Why you skip (optional; the project’s owner sees it)'),
        h('input', { id: 'skip-reason', type: 'text', maxlength: '500', autocomplete: 'off' }),
      ),
      keysText,
      h('p', { class: 'switch' }, shortcutToggle, h('label', { for: 'shortcuts' }, 'Single-key shortcuts')),
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void submit();
    });
    replace(
      work,
      h(
        'div',
        { class: 'rate-main' },
        h(
          'section',
          { class: 'card datapoint', 'aria-labelledby': 'dp-title' },
          h('h2', { id: 'dp-title' }, 'Datapoint'),
          renderContent(c.format, c.content, c.file, c),
        ),
        form,
      ),
      instructions,
    );
    say(message ? `${message}` : 'A datapoint is loaded.');

    // The claim's remaining time, counted locally from what the server says is left, so a clock
    // difference between browser and server does not matter (a resumed claim has less left).
    deadline = Date.now() + c.remainingSeconds * 1000;
    clearInterval(timer);
    tick();
    timer = window.setInterval(tick, 1000);
    input.focus({ preventScroll: true });
    ctx.focus(input);
    // The datapoint in view on load, at every width, just below the sticky top (not under it).
    requestAnimationFrame(() => {
      work.style.scrollMarginTop = `${top.offsetHeight}px`;
      work.scrollIntoView({ block: 'start' });
    });
  }

  /** The rater's latest votes; the newest can be changed while the server allows it. */
  async function showRecent(): Promise<void> {
    let votes: Schemas['MyVote'][];
    try {
      votes = (await ok(api.GET('/projects/{projectId}/votes', { params: { path, query: { limit: 5 } } }))).data;
    } catch (err) {
      if (err instanceof ApiFailure && err.signedOut) return ctx.signedOut();
      replace(recent, h('h2', { id: 'recent-title' }, 'Your recent ratings'), h('p', {}, 'Could not be loaded.'));
      return;
    }
    if (votes.length === 0) {
      replace(recent);
      recent.hidden = true;
      return;
    }
    recent.hidden = false;
    replace(
      recent,
      h('h2', { id: 'recent-title' }, 'Your recent ratings'),
      h(
        'ol',
        { class: 'plain recent-list' },
        votes.map((v) =>
          h('li', {}, h('span', { class: 'recent-rating' }, String(v.rating)), ' ', summary(v), change(v)),
        ),
      ),
    );
  }

  function summary(v: Schemas['MyVote']): HTMLElement {
    const c = v.content;
    const text =
      c && typeof c === 'object' && !Array.isArray(c)
        ? orderedEntries(c as Record<string, unknown>, fieldOrder)
            .map(([, x]) => x)
            .filter((x) => typeof x === 'string' || typeof x === 'number')
            .join(' · ')
        : JSON.stringify(c);
    return h('span', { class: 'recent-text' }, text.length > 80 ? `${text.slice(0, 79)}…` : text);
  }

  function change(v: Schemas['MyVote']): HTMLElement | null {
    if (!v.changeableUntil || !v.slotId) return v.changedAt ? h('span', { class: 'note' }, ' (changed)') : null;
    const slotId = v.slotId;
    const field = h('input', {
      id: 'change-rating',
      type: 'text',
      inputmode: 'numeric',
      maxlength: '3',
      class: 'rating small',
      value: String(v.rating),
      autocomplete: 'off',
    });
    const result = h('span', { role: 'status', class: 'result' });
    const save = h('button', { type: 'submit', class: 'secondary small' }, 'Change');
    const f = h(
      'form',
      { class: 'change', novalidate: true },
      h('label', { for: 'change-rating', class: 'inline' }, 'Change this rating to'),
      field,
      save,
      result,
    );
    f.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const rating = /^\d{1,3}$/.test(field.value.trim()) ? Number(field.value.trim()) : Number.NaN;
      if (!(rating >= 0 && rating <= 100)) {
        field.setAttribute('aria-invalid', 'true');
        replace(result, 'A rating is a whole number from 0 to 100.');
        return;
      }
      save.disabled = true;
      try {
        await ok(api.PUT('/claims/{slotId}/vote', { params: { path: { slotId } }, body: { rating } }));
        say(`Changed your rating from ${v.rating} to ${rating}.`);
        await showRecent();
      } catch (err) {
        if (err instanceof ApiFailure && err.signedOut) return ctx.signedOut();
        const why =
          err instanceof ApiFailure && (err.code === 'vote_not_changeable' || err.code === 'datapoint_finalized')
            ? 'It can no longer be changed: it has decided its datapoint, a later rating was made, or 2 minutes ' +
              'have passed.'
            : err instanceof Error
              ? `${err.message} Try again.`
              : String(err);
        replace(result, why);
        save.disabled = false;
      }
    });
    return f;
  }

  function onKey(ev: KeyboardEvent): void {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !claim) return;
    const target = ev.target as HTMLElement;
    const inRating = target === input;
    const inOtherField = !inRating && target.matches('input, textarea, select, [contenteditable]');
    if (inOtherField) return;
    if (busy && (inRating || /^[0-9]$/.test(ev.key))) {
      ev.preventDefault(); // a vote is in flight: nothing is typed into the rating being sent
      return;
    }
    const shortcuts = shortcutsOn();
    if ((ev.key === 's' || ev.key === 'S') && shortcuts && !inRating) {
      ev.preventDefault();
      void skip();
    } else if (/^[0-9]$/.test(ev.key) && !inRating && shortcuts && input && !lapsed) {
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

  recent.hidden = true;
  void showRecent();
  await next();
}
