// The Assay web app: one page shell (served for every /app/ path), routed here by path. Pages
// render into <main>; links marked data-link navigate without a reload. Pages that need a session
// send people without one to the sign-in page; a session refused by the server (expired, signed
// out elsewhere) does the same.
import { h, replace, type Child } from './dom.ts';
import { api, ApiFailure, ok, session, whenSignedOut, type Schemas } from './api.ts';
import { signInPage } from './pages/sign-in.ts';
import { myProjectsPage } from './pages/my-projects.ts';
import { ratePage } from './pages/rate.ts';
import { orgProjectsPage } from './pages/org-projects.ts';
import { orgProjectPage } from './pages/org-project.ts';
import { verifyPage } from './pages/verify.ts';
import { orgDatapointsPage } from './pages/org-datapoints.ts';
import { orgDatapointPage } from './pages/org-datapoint.ts';

export interface PageContext {
  main: HTMLElement;
  params: string[];
  query: URLSearchParams;
  /** Sets the document title and returns the page's h1 (focused after a navigation). */
  heading(text: string, ...extra: Child[]): HTMLHeadingElement;
  navigate(path: string, options?: { replace?: boolean; flash?: string }): void;
  /** The signed-in person (fetched once per session). */
  me(): Promise<Schemas['Me']>;
  /** Called when the page is left (timers, listeners, releasing what it holds); sign-out waits for it. */
  onLeave(fn: () => unknown): void;
  /** Focus this element once rendered instead of the heading. */
  focus(el: HTMLElement): void;
  /** A message carried over from the previous page (e.g. "You are signed out."). */
  flash: string | null;
  /** The session was refused: forget it and go to sign-in. */
  signedOut(): void;
}

type Page = (ctx: PageContext) => Promise<void> | void;

const ROUTES: { path: RegExp; page: Page; signedIn: boolean }[] = [
  { path: /^\/app\/sign-in\/?$/, page: signInPage, signedIn: false },
  { path: /^\/app\/?$/, page: myProjectsPage, signedIn: true },
  { path: /^\/app\/projects\/([^/]+)\/rate\/?$/, page: ratePage, signedIn: true },
  { path: /^\/app\/org\/?$/, page: orgProjectsPage, signedIn: true },
  { path: /^\/app\/org\/projects\/([^/]+)\/?$/, page: orgProjectPage, signedIn: true },
  { path: /^\/app\/org\/projects\/([^/]+)\/verify\/?$/, page: verifyPage, signedIn: true },
  { path: /^\/app\/org\/projects\/([^/]+)\/datapoints\/?$/, page: orgDatapointsPage, signedIn: true },
  { path: /^\/app\/org\/projects\/([^/]+)\/datapoints\/([^/]+)\/?$/, page: orgDatapointPage, signedIn: true },
];

let mePromise: Promise<Schemas['Me']> | null = null;
const leaving: (() => unknown)[] = [];
let flash: string | null = null;
let firstRender = true;

function me(): Promise<Schemas['Me']> {
  mePromise ??= ok(api.GET('/me')).catch((err: unknown) => {
    mePromise = null;
    throw err;
  });
  return mePromise;
}

function navigate(path: string, options: { replace?: boolean; flash?: string } = {}): void {
  flash = options.flash ?? null;
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  void render();
}

whenSignedOut(() => signedOut());

function signedOut(): void {
  session.forget();
  mePromise = null;
  session.rememberPage();
  navigate('/app/sign-in', {
    replace: true,
    flash: 'Your session has ended. Sign in again with a link sent to your email.',
  });
}

async function signOut(): Promise<void> {
  // The page gives back what it holds (a claim) while the session still works.
  await Promise.allSettled(leaving.splice(0).map((fn) => fn()));
  try {
    await ok(api.DELETE('/sessions/current'));
  } catch {
    // Already ended on the server: forgetting it here is all that is left to do.
  }
  session.forget();
  mePromise = null;
  navigate('/app/sign-in', { flash: 'You are signed out.' });
}

function header(): HTMLElement {
  const nav = h('ul', { class: 'nav' });
  const bar = h(
    'header',
    { class: 'top' },
    h('a', { class: 'skip', href: '#main' }, 'Skip to content'),
    h('a', { class: 'brand', href: '/app/', 'data-link': true }, 'Assay'),
    h('nav', { 'aria-label': 'Main' }, nav),
  );
  if (!session.token()) return bar;
  nav.append(h('li', {}, h('a', { href: '/app/', 'data-link': true }, 'My projects')));
  const orgItem = h('li', { hidden: true }, h('a', { href: '/app/org', 'data-link': true }, 'Organization'));
  nav.append(orgItem);
  nav.append(
    h(
      'li',
      { class: 'who' },
      h('span', { class: 'email' }, session.email()),
      h('button', { type: 'button', class: 'link', onclick: () => void signOut() }, 'Sign out'),
    ),
  );
  me()
    .then((m) => {
      if (m.organizations.some((o) => o.originator)) orgItem.hidden = false;
    })
    .catch(() => {});
  return bar;
}

async function render(): Promise<void> {
  for (const fn of leaving.splice(0)) fn();
  const path = location.pathname;
  const route = ROUTES.map((r) => ({ r, m: r.path.exec(path) })).find((x) => x.m);
  const root = document.getElementById('app')!;
  const main = h('main', { id: 'main', tabindex: '-1' });
  replace(root, header(), main);
  const focus: { heading: HTMLHeadingElement | null; target: HTMLElement | null } = { heading: null, target: null };
  const ctx: PageContext = {
    main,
    params: route?.m?.slice(1).map(decodeURIComponent) ?? [],
    query: new URLSearchParams(location.search),
    heading(text, ...extra) {
      document.title = `${text} · Assay`;
      focus.heading = h('h1', { tabindex: '-1' }, text, ...extra);
      return focus.heading;
    },
    navigate,
    me,
    onLeave: (fn) => leaving.push(fn),
    focus: (el) => {
      focus.target = el;
    },
    flash,
    signedOut,
  };
  flash = null;
  try {
    if (!route) {
      main.append(
        ctx.heading('Page not found'),
        h(
          'p',
          {},
          'There is no page at this address. ',
          h('a', { href: '/app/', 'data-link': true }, 'Go to my projects'),
          '.',
        ),
      );
    } else if (route.r.signedIn && !session.token()) {
      session.rememberPage();
      navigate('/app/sign-in', { replace: true });
      return;
    } else {
      await route.r.page(ctx);
    }
  } catch (err) {
    if (err instanceof ApiFailure && err.signedOut) return signedOut();
    replace(
      main,
      ctx.heading('Something went wrong'),
      h('p', { role: 'alert' }, err instanceof Error ? err.message : String(err)),
    );
  }
  (focus.target ?? (firstRender ? null : focus.heading))?.focus();
  firstRender = false;
}

document.addEventListener('click', (ev) => {
  const a = (ev.target as Element).closest?.('a[data-link]');
  if (!a || ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
  ev.preventDefault();
  navigate(a.getAttribute('href')!);
});
window.addEventListener('popstate', () => void render());
void render();
