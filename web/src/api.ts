// The app's only way to the server: this origin's validator API, with the session token as a
// Bearer credential (the API accepts no cookie, so no other site can make the browser act with
// it). The token lives in localStorage: a person signs in once per browser and device, and
// "Sign out" revokes it on the server and forgets it here.
import type { components } from '../../src/generated/openapi-types.ts';

export type Schemas = components['schemas'];

const TOKEN_KEY = 'assay.session';
const EMAIL_KEY = 'assay.email';

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
};

/** An error answer of the API: its registry code and message. */
export class ApiFailure extends Error {
  readonly code: string;
  readonly status: number;
  /** Seconds the server asked to wait before trying again (Retry-After), or null. */
  readonly retryAfter: number | null;
  constructor(status: number, code: string, message: string, retryAfter: number | null = null) {
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

export async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/validator/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure(0, 'network', 'The server could not be reached. Check your connection and try again.');
  }
  if (res.status === 204) return undefined as T;
  const json = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok) {
    const e = json?.error;
    const retryAfter = Number(res.headers.get('Retry-After') ?? NaN);
    throw new ApiFailure(
      res.status,
      e?.code ?? 'internal_error',
      e?.message ?? `The server answered ${res.status}.`,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  return json as T;
}

/** How long a page keeps asking for a report that is being prepared. */
const PREPARED_WITHIN_MS = 15 * 60_000;

/**
 * A GET of a report that the server may still be preparing (an export, a Proof Report): while it
 * answers "not ready" with Retry-After, `waiting` is told and the request is repeated after that
 * many seconds. "Not ready" without Retry-After (nothing finalized, not drained) is thrown as is.
 */
export async function apiPrepared<T>(path: string, waiting: (message: string) => void): Promise<T> {
  const deadline = Date.now() + PREPARED_WITHIN_MS;
  for (;;) {
    try {
      return await api<T>('GET', path);
    } catch (err) {
      if (!(err instanceof ApiFailure) || err.retryAfter === null || Date.now() > deadline) throw err;
      waiting(err.message);
      await new Promise((r) => setTimeout(r, Math.max(1, err.retryAfter!) * 1000));
    }
  }
}
