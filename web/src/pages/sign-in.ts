// Sign-in. The emailed link is /app/sign-in#token=...: the token sits in the fragment, which the
// browser never sends to any server. The page takes it out of the address bar and history at
// once and asks the person to confirm; only then is it redeemed, with POST /validator/v1/sessions.
// Neither a GET of the link nor a scanner that runs the page's script without a person (some
// mail filters open links in a browser) uses the link up. Without a token the page asks for an
// email address and has a new link sent.
import { h, replace } from '../dom.ts';
import { action, api, ApiFailure, ok, session } from '../api.ts';
import type { PageContext } from '../main.ts';

export async function signInPage(ctx: PageContext): Promise<void> {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (token !== null) {
    history.replaceState(null, '', location.pathname);
    await confirmForm(ctx, token);
    return;
  }
  ctx.main.append(ctx.heading('Sign in'));
  if (ctx.flash) ctx.main.append(h('p', { role: 'status', class: 'notice' }, ctx.flash));
  if (session.token()) {
    ctx.main.append(
      h(
        'p',
        {},
        `You are signed in as ${session.email()}. `,
        h('a', { href: '/app/', 'data-link': true }, 'Go to my projects'),
        '.',
      ),
    );
  }
  ctx.main.append(emailForm(ctx));
}

/**
 * Names the account the link signs in as (asked of the server, without using the link), and the
 * one this browser is signed in as when it differs, before the person confirms: a link someone
 * else crafted would otherwise switch them into the crafter's account without a word.
 */
async function confirmForm(ctx: PageContext, token: string): Promise<void> {
  let target: string;
  try {
    target = (await ok(api.POST('/sign-in-links/inspect', { body: { token } }))).email;
  } catch (err) {
    const message =
      err instanceof ApiFailure && err.code === 'sign_in_link_invalid'
        ? `${err.message.replace(/; request a new one\.?$/, '.')} Ask for a new link below.`
        : err instanceof Error
          ? err.message
          : String(err);
    ctx.main.append(ctx.heading('Sign in'), h('p', { role: 'alert', class: 'error' }, message), emailForm(ctx));
    return;
  }
  const current = session.token() ? session.email() : null;
  const switching = current !== null && current !== target;
  const button = h('button', { type: 'submit' }, switching ? `Switch to ${target}` : `Sign in as ${target}`);
  const status = h('p', { role: 'status', class: 'result' });
  const form = h(
    'form',
    { class: 'card' },
    h('p', {}, 'This sign-in link signs you in as ', h('strong', { class: 'account' }, target), '.'),
    switching
      ? h(
          'p',
          { class: 'notice' },
          `This browser is signed in as ${current}. Continuing signs that account out here. If you did not ask ` +
            `for a link for ${target}, do not continue.`,
        )
      : h('p', {}, 'It works once: continue in this browser to sign in.'),
    button,
    status,
  );
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    button.disabled = true;
    replace(status, 'Signing you in…');
    try {
      const s = await ok(api.POST('/sessions', { body: { token } }));
      session.save(s.sessionToken, s.email);
      const joined = s.acceptedInvites > 0 ? ' You joined the project you were invited to.' : '';
      const waiting =
        s.pendingInvites > 0
          ? ` ${s.pendingInvites === 1 ? 'An invitation waits' : `${s.pendingInvites} invitations wait`} for you below.`
          : '';
      ctx.navigate(session.next(), { replace: true, flash: `Signed in as ${s.email}.${joined}${waiting}` });
    } catch (err) {
      const message =
        err instanceof ApiFailure && err.code === 'sign_in_link_invalid'
          ? `${err.message.replace(/; request a new one\.?$/, '.')} Ask for a new link below.`
          : err instanceof Error
            ? err.message
            : String(err);
      replace(ctx.main, ctx.heading('Sign in'), h('p', { role: 'alert', class: 'error' }, message), emailForm(ctx));
    }
  });
  ctx.main.append(ctx.heading('Sign in to Assay'), form);
  ctx.focus(button);
}

function emailForm(ctx: PageContext): HTMLElement {
  const input = h('input', {
    id: 'email',
    name: 'email',
    type: 'email',
    autocomplete: 'email',
    required: true,
    maxlength: '320',
    'aria-describedby': 'email-help',
  });
  const result = h('p', { role: 'status', class: 'result' });
  const button = h('button', { type: 'submit' }, 'Email me a sign-in link');
  const form = h(
    'form',
    { class: 'card', novalidate: true },
    h('h2', {}, 'Email me a sign-in link'),
    h(
      'p',
      { id: 'email-help' },
      'Assay signs you in with a one-time link instead of a password. Enter the address you were invited with; the ' +
        'link works once, within 15 minutes.',
    ),
    h('label', { for: 'email' }, 'Email address'),
    input,
    button,
    result,
  );
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!input.checkValidity()) {
      input.setAttribute('aria-invalid', 'true');
      replace(result, 'Enter a valid email address, such as ada@example.com.');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    await action(button, result, async () => {
      const r = await ok(api.POST('/sign-in-links', { body: { email: input.value.trim() } }));
      return `${r.message} Open the link in this browser.`;
    });
  });
  if (!session.token()) ctx.focus(input);
  return form;
}
