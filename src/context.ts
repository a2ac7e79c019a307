// What every handler receives besides its validated input.
import type { Sql } from './db/client.ts';
import type { AuthContext, ValidatorCaller, ValidatorSessionContext } from './http/auth.ts';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { Storage } from './storage/s3.ts';
import type { SigningKey } from './domain/signing.ts';
import type { Egress } from './webhooks/egress.ts';
import type { RateLimits } from './http/rate-limit.ts';
import type { PooledTextCache } from './domain/pooled-text.ts';
import type { ByteRate } from './domain/byte-rate.ts';

/** Long-lived services shared by every request. */
export interface AppDeps {
  sql: Sql;
  /**
   * A pool of its own, of AGGREGATE_POOL_SIZE connections, for whole-project aggregates (the
   * originator overview): however many overviews are asked at once, they queue here and never
   * hold more than these connections, so the API's pool stays free for every other request.
   */
  aggregateSql: Sql;
  config: Config;
  log: Logger;
  storage: Storage;
  /** The report signing key from SIGNING_KEY, registered at start; null when none is configured. */
  signer: SigningKey | null;
  /** Resolves and checks webhook receiver addresses (WEBHOOK_RECEIVERS). */
  egress: Egress;
  /** Per-client request budgets shared by every server process (src/http/rate-limit.ts). */
  rateLimits: RateLimits;
  /**
   * Upload sessions' file lists as JSON text, per organization, session and files_version, at
   * most 32 MiB together per server process (src/server.ts; src/handlers/uploads.ts
   * `getUploadSession`).
   */
  uploadFileLists: PooledTextCache;
  /**
   * File-list bytes built from the database per organization and server process: 2 MiB a
   * second, 8 MiB at once (src/server.ts); a GET over it waits (src/handlers/uploads.ts).
   */
  uploadFileListBuilds: ByteRate;
  /**
   * File-list bytes answered per organization and server process, from the cache or built: 32
   * MiB a second, 64 MiB at once (src/server.ts); a GET over it waits (src/handlers/uploads.ts).
   */
  uploadFileListReads: ByteRate;
  /**
   * Large request bodies' bytes read per organization (per address without one) and server
   * process: 1 MiB a second, 4 MiB at once (src/server.ts); a request over it waits before its
   * body is read (src/http/pipeline.ts).
   */
  requestBodies: ByteRate;
}

/** What every request has, authenticated or not (the validator sign-in operations are public). */
export interface PublicRequestContext extends AppDeps {
  /** Equal to the X-Request-Id header and the envelope's requestId (and the MCP `requestId:` line). */
  requestId: string;
  /** The Host header the request came in on (webhook URLs must not point back at it). */
  host: string | undefined;
  /**
   * Set by a caller that waits inside one call (MCP's wait tools): a handler that waits for a job
   * waits until this time (ms since the epoch) instead of its usual bound.
   */
  deadline?: number;
  /** Aborted when the client has gone (its connection closed): a waiting call stops polling. */
  signal?: AbortSignal;
}

/** Developer API (/developer/v1, MCP): authenticated by an API key. */
export interface RequestContext extends PublicRequestContext {
  auth: AuthContext;
}

/** Validator API (/validator/v1): authenticated by a validator session token. */
export interface ValidatorRequestContext extends PublicRequestContext {
  session: ValidatorSessionContext;
}

/**
 * A validator's work (/validator/v1's validation operations, /validator/mcp): a person by session
 * token or an AI validator by key; handlers act as `validator.userId` either way.
 */
export interface ValidatorWorkContext extends PublicRequestContext {
  validator: ValidatorCaller;
}

/** The context a handler gets, by the `auth` of its operation in the generated table. */
export interface HandlerContexts {
  apiKey: RequestContext;
  validatorSession: ValidatorRequestContext;
  validator: ValidatorWorkContext;
  none: PublicRequestContext;
}
