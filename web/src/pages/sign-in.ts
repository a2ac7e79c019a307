// Sign-in. The emailed link is /app/sign-in#token=...: the token sits in the fragment, which the
// browser never sends to any server, and this page redeems it with POST /validator/v1/sessions
// (a GET never consumes a link, so mail scanners that follow links cannot use it up). The token
// is removed from the address bar and history before anything else happens. Without a token the
// page asks for an email address and has a new link sent.
import { h, replace } from '../dom.ts';
import { api, ApiFailure, session, type Schemas } from '../api.ts';
import type { PageContext } from '../main.ts';

export async function signInPage(ctx: PageContext): Promise<void> {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (token !== null) {
    history.replaceState(null, '', location.pathname);
    const status = h('p', { role: 'status' }, 'Signing you in…');
    ctx.main.append(ctx.heading('Signing in'), status);
    try {
      const s = await api<Schemas['ValidatorSession']>('POST', '/sessions', { token });
      session.save(s.sessionToken, s.email);
      const joined = s.acceptedInvites > 0 ? ` You joined ${s.acceptedInvites === 1 ? 'a new project' : `${s.acceptedInvites} new projects`}.` : '';
      ctx.navigate('/app/', { replace: true, flash: `Signed in as ${s.email}.${joined}` });
      return;
    } catch (err) {
      const message = err instanceof ApiFailure && err.code === 'sign_in_link_invalid'
        ? `${err.message.replace(/; request a new one\.?$/, '.')} Ask for a new link below.`
        : err instanceof Error ? err.message : String(err);
      replace(ctx.main, ctx.heading('Sign in'), h('p', { role: 'alert', class: 'error' }, message), emailForm(ctx));
      return;
    }
  }
  ctx.main.append(ctx.heading('Sign in'));
  if (ctx.flash) ctx.main.append(h('p', { role: 'status', class: 'notice' }, ctx.flash));
  if (session.token()) {
    ctx.main.append(h('p', {}, `You are signed in as ${session.email()}. `, h('a', { href: '/app/', 'data-link': true }, 'Go to my projects'), '.'));
  }
  ctx.main.append(emailForm(ctx));
}

function emailForm(ctx: PageContext): HTMLElement {
  const input = h('input', { id: 'email', name: 'email', type: 'email', autocomplete: 'email', required: true, maxlength: '320', 'aria-describedby': 'email-help' });
  const result = h('p', { role: 'status', class: 'result' });
  const button = h('button', { type: 'submit' }, 'Email me a sign-in link');
  const form = h('form', { class: 'card', novalidate: true },
    h('h2', {}, 'Email me a sign-in link'),
    h('p', { id: 'email-help' }, 'Assay signs you in with a one-time link instead of a password. Enter the address you were invited with; the link works once, within 15 minutes.'),
    h('label', { for: 'email' }, 'Email address'),
    input,
    button,
    result);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!input.checkValidity()) {
      input.setAttribute('aria-invalid', 'true');
      replace(result, 'Enter a valid email address, such as ada@example.com.');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    button.disabled = true;
    try {
      const r = await api<Schemas['SignInLinkAccepted']>('POST', '/sign-in-links', { email: input.value.trim() });
      replace(result, `${r.message} Open the link in this browser.`);
    } catch (err) {
      replace(result, err instanceof Error ? err.message : String(err));
    } finally {
      button.disabled = false;
    }
  });
  if (!session.token()) ctx.focus(input);
  return form;
}
