// What every call of the client shares: the documents' types, an error envelope as an exception
// (`ok`), and the pause between polls.
import type { Client } from 'openapi-fetch';
import type { components as DeveloperComponents, paths as DeveloperPaths } from './generated/developer.ts';
import type { components as ValidatorComponents, paths as ValidatorPaths } from './generated/validator.ts';

export type { DeveloperPaths, ValidatorPaths };
/** The developer document's schemas, e.g. `DeveloperSchemas['Project']`. */
export type DeveloperSchemas = DeveloperComponents['schemas'];
/** The validator document's schemas. */
export type ValidatorSchemas = ValidatorComponents['schemas'];
export type DeveloperClient = Client<DeveloperPaths>;
export type ValidatorClient = Client<ValidatorPaths>;
type ErrorBody = DeveloperSchemas['ErrorEnvelope'];

/** An error answer of the API (its error envelope), or a failure outside it (`code` then says which). */
export class AssayError extends Error {
  readonly status: number;
  /** The registry's error code, e.g. `project_not_found`. */
  readonly code: string;
  /** The offending parameter or body field, when the API names one. */
  readonly param: string | undefined;
  readonly requestId: string | undefined;
  /** Seconds to wait before asking again, from `Retry-After`. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, retryAfter?: string | null, message?: string) {
    const envelope = isEnvelope(body) ? body : undefined;
    super(envelope ? `${envelope.error.code}: ${envelope.error.message}` : (message ?? `HTTP ${status}`));
    this.name = 'AssayError';
    this.status = status;
    this.code = envelope?.error.code ?? `http_${status}`;
    this.param = envelope?.error.param;
    this.requestId = envelope?.requestId;
    const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
    this.retryAfter = Number.isFinite(seconds) ? seconds : undefined;
  }
}

function isEnvelope(body: unknown): body is ErrorBody {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string';
}

/**
 * The data of a call, or its error as an `AssayError`:
 * `const project = await ok(api.POST('/projects', { body }))`.
 */
export async function ok<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R> | R,
): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) {
    throw new AssayError(response.status, error, response.headers.get('Retry-After'));
  }
  return data as NonNullable<R['data']>;
}

export interface WaitOptions {
  /** Give up after this many milliseconds (default 10 minutes). */
  timeoutMs?: number;
  /** Milliseconds between polls when the API gives no `Retry-After` (default 500). */
  intervalMs?: number;
  signal?: AbortSignal;
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
