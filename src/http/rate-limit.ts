// Rate limits (docs/security.md), with rate-limiter-flexible's Postgres store so that every
// server process counts against the same numbers: a fixed window per policy and client, one
// atomic upsert per request. Policies:
// - `public`: the validator API's unauthenticated operations (sign-in), per client address;
// - `api`: the developer API and MCP per API key (one budget: MCP is not a way around REST's),
//   and the validator API's session operations per session.
// Over the limit: 429 `rate_limited` with Retry-After and the IETF RateLimit and
// RateLimit-Policy headers (draft-ietf-httpapi-ratelimit-headers), which every limited response
// carries. If Postgres fails, an in-memory limiter per process stands in (the library's
// insurance), so an outage of the counter neither opens the gates nor fails the request.
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors.ts';
import type { Logger } from '../log.ts';

export interface RatePolicy {
  /** Requests per window. */
  readonly points: number;
  readonly windowSeconds: number;
}

export type PolicyName = 'api' | 'public';

export interface RateLimitSettings {
  /** null: not limited. */
  readonly api: RatePolicy | null;
  readonly public: RatePolicy | null;
}

export class RateLimits {
  private readonly pool: pg.Pool | null;
  private readonly limiters: Partial<Record<PolicyName, { policy: RatePolicy; limiter: RateLimiterPostgres }>> = {};

  constructor(
    databaseUrl: string,
    settings: RateLimitSettings,
    log: Logger,
    pooling: { transactionMode: boolean } = { transactionMode: false },
  ) {
    const active = (Object.entries(settings) as [PolicyName, RatePolicy | null][]).filter(([, p]) => p !== null) as [
      PolicyName,
      RatePolicy,
    ][];
    // Short bounds: a limit check that cannot reach the database falls back to the in-memory
    // insurance limiter instead of holding the request.
    this.pool = active.length
      ? new pg.Pool({
          connectionString: databaseUrl,
          max: 4,
          application_name: 'assay-rate-limit',
          connectionTimeoutMillis: 2000,
          query_timeout: 2000,
          // A startup parameter, which a pooler in transaction mode refuses; query_timeout bounds it there.
          ...(pooling.transactionMode ? {} : { statement_timeout: 2000 }),
        })
      : null;
    // Idle connections report errors to the pool, checked-out ones to themselves: both are
    // handled, or a connection reset while the database restarts would crash the process.
    const lost = (err: Error) => log.warn('rate limit connection lost', { error: err.message });
    this.pool?.on('error', lost);
    this.pool?.on('connect', (client) => client.on('error', lost));
    for (const [name, policy] of active) {
      this.limiters[name] = {
        policy,
        limiter: new RateLimiterPostgres({
          storeClient: this.pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix: name,
          points: policy.points,
          duration: policy.windowSeconds,
          insuranceLimiter: new RateLimiterMemory({
            keyPrefix: name,
            points: policy.points,
            duration: policy.windowSeconds,
          }),
        }),
      };
    }
  }

  /**
   * Counts one request of `key` under the policy. Returns the RateLimit headers for the response;
   * throws 429 `rate_limited` (with the same headers and Retry-After) when the budget is spent.
   */
  async consume(name: PolicyName, key: string): Promise<Record<string, string>> {
    const entry = this.limiters[name];
    if (!entry) return {};
    try {
      const res = await entry.limiter.consume(key);
      return headers(name, entry.policy, res);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ApiError(
        'rate_limited',
        `Too many requests: ${entry.policy.points} per ${entry.policy.windowSeconds} seconds; retry after ` +
          `${retryAfter} seconds.`,
        undefined,
        { ...headers(name, entry.policy, rejection), 'Retry-After': String(retryAfter) },
      );
    }
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }
}

function headers(name: PolicyName, policy: RatePolicy, res: RateLimiterRes): Record<string, string> {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    'RateLimit-Policy': `"${name}";q=${policy.points};w=${policy.windowSeconds}`,
    RateLimit: `"${name}";r=${res.remainingPoints};t=${reset}`,
  };
}

/**
 * The address a public request is counted under: the socket's peer, or, behind `trustedHops`
 * proxies, the address the outermost trusted proxy saw (X-Forwarded-For read from the right, so
 * a client cannot choose its own key by sending the header).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const peer = socketAddress ?? 'unknown';
  if (trustedHops <= 0 || !forwardedFor) return peer;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - trustedHops] ?? chain[0] ?? peer;
}
