// The app's only way to the server: this origin's validator API, with the session token as a
// Bearer credential (the API accepts no cookie, so no other site can make the browser act with
// it). The token lives in localStorage: a person signs in once per browser and device, and
// "Sign out" revokes it on the server and forgets it here.
//
// Requests go through openapi-fetch typed by the validator document's generated types: a path,
// its parameters, its body and its answer are the contract's, so no call site names a response
// type of its own, and a refusal is branched on by its registry code.
import createClient from 'openapi-fetch';
import type { components, paths } from '../../src/generated/openapi-types.validator.ts';

export type Schemas = components['schemas'];
type ErrorCode = Schemas['ErrorCode'];

const TOKEN_KEY = 'assay.session';
const EMAIL_KEY = 'assay.email';
const NEXT_KEY = 'assay.next';

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  email: (): string => localStorage.getItem(EMAIL_KEY) ?? '',
  save(token: string, email: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(EMAIL_KEY, email);
  },
  forget(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(EMAIL_KEY);
  },
  /** The page a person is sent away from to sign in: where signing in returns them (a deep link survives). */
  rememberPage(): void {
    if (!location.pathname.startsWith('/app/sign-in')) localStorage.setItem(NEXT_KEY, location.pathname);
  },
  /** Where to go after signing in, once. */
  next(): string {
    const next = localStorage.getItem(NEXT_KEY);
    localStorage.removeItem(NEXT_KEY);
    return next?.startsWith('/app/') ? next : '/app/';
  },
};

/** The session's Authorization header, or none. */
export const authHeaders = (): Record<string, string> => {
  const token = session.token();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** The validator API, typed by its document; `api.GET('/projects')` and so on. */
export const api = createClient<paths>({ baseUrl: '/validator/v1', cache: 'no-store' });
api.use({
  onRequest({ request }) {
    for (const [k, v] of Object.entries(authHeaders())) request.headers.set(k, v);
    return request;
  },
});

/** An error answer of the API (its registry code and message), or `network` when none came. */
export class ApiFailure extends Error {
  readonly code: ErrorCode | 'network';
  readonly status: number;
  /** Seconds the server asked to wait before trying again (Retry-After), or null. */
  readonly retryAfter: number | null;
  constructor(status: number, code: ErrorCode | 'network', message: string, retryAfter: number | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
  /** The session is gone (signed out elsewhere, expired, revoked): sign in again. */
  get signedOut(): boolean {
    return this.status === 401;
  }
}

type Answer = { data?: unknown; error?: unknown; response: Response };

/**
 * The answer's body, or an ApiFailure: its code from the error envelope, `network` when the
 * server could not be reached (offline, connection refused).
 */
export async function ok<A extends Answer>(request: Promise<A>): Promise<NonNullable<A['data']>> {
  let answer: A;
  try {
    answer = await request;
  } catch {
    throw new ApiFailure(0, 'network', 'The server could not be reached. Check your connection and try again.');
  }
  const { response } = answer;
  if (response.ok) return answer.data as NonNullable<A['data']>;
  const e = (answer.error as Schemas['ErrorEnvelope'] | undefined)?.error;
  const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
  throw new ApiFailure(
    response.status,
    e?.code ?? 'internal_error',
    e?.message ?? `The server answered ${response.status}.`,
    Number.isFinite(retryAfter) ? retryAfter : null,
  );
}

/** How long a page keeps asking for a report that is being prepared. */
const PREPARED_WITHIN_MS = 15 * 60_000;

/**
 * Repeats `step` until it answers `{ done }` or the deadline (epoch ms) passes: the same shape as
 * the server's poll loop, `pollUntil(deadline, step)`. A step answers `{ againInMs }` to be asked
 * again after that long (never past the deadline).
 */
async function pollUntil<T>(
  deadline: number,
  step: () => Promise<{ done: T } | { againInMs: number }>,
): Promise<{ done: T } | { timedOut: true }> {
  for (;;) {
    const r = await step();
    if ('done' in r) return r;
    const left = deadline - Date.now();
    if (left <= 0) return { timedOut: true };
    await new Promise((resolve) => setTimeout(resolve, Math.min(r.againInMs, left)));
  }
}

/**
 * A report the server may still be preparing (an export, a Proof Report): while it answers "not
 * ready" with Retry-After, `waiting` is told and the request is repeated after that many seconds.
 * "Not ready" without Retry-After (nothing finalized, not drained) is thrown as is.
 */
export async function prepared<T>(get: () => Promise<T>, waiting: (message: string) => void): Promise<T> {
  let last: ApiFailure | null = null;
  const r = await pollUntil<T>(Date.now() + PREPARED_WITHIN_MS, async () => {
    try {
      const done: T = await get();
      return { done };
    } catch (err) {
      if (!(err instanceof ApiFailure) || err.retryAfter === null) throw err;
      last = err;
      waiting(err.message);
      return { againInMs: Math.max(1, err.retryAfter) * 1000 };
    }
  });
  if ('done' in r) return r.done;
  throw last ?? new ApiFailure(0, 'network', 'The report was not ready in time; try again later.');
}

/** Where an expired session goes: set by the router (main.ts), which owns navigation. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (fn: () => void): void => {
  onSignedOut = fn;
};

/**
 * The one shape of a button's action: disable the control, run the action, show what happened in
 * the status line; an expired session goes to sign-in instead of showing an error. `failed`
 * words an ApiFailure by its code (return null for the server's own message).
 */
export async function action(
  control: HTMLButtonElement,
  status: HTMLElement,
  run: () => Promise<unknown>,
  failed: (err: ApiFailure) => string | null = () => null,
): Promise<void> {
  control.disabled = true;
  control.setAttribute('aria-busy', 'true');
  try {
    const said = await run();
    if (typeof said === 'string') status.textContent = said;
  } catch (err) {
    if (err instanceof ApiFailure && err.signedOut) return onSignedOut();
    status.textContent =
      err instanceof ApiFailure ? (failed(err) ?? err.message) : err instanceof Error ? err.message : String(err);
    status.classList.add('error');
    return;
  } finally {
    control.disabled = false;
    control.removeAttribute('aria-busy');
  }
  status.classList.remove('error');
}
