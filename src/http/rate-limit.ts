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
// - `unauthenticated`: in memory, per process and client address, checked before any database
//   work: every request without a credential (the public operations, /readyz, the JWKS) counts
//   one, and so does every credential that failed authentication; once spent, such requests
//   (and further attempts with credentials from that address) get 429 before a lookup. A
//   caller whose key is valid never counts against it.
// A client address is keyed as written for IPv4 and by its /64 prefix for IPv6 (one customer
// network holds a whole /64, so a per-/128 key gives one attacker 2^64 budgets); X-Forwarded-For
// is believed only from the trusted proxies (TRUSTED_PROXIES), at most TRUST_PROXY_HOPS of them.
import pg from 'pg';
import ipaddr from 'ipaddr.js';
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
  /** In memory, per process and client address, before any database work. */
  readonly unauthenticated: RatePolicy | null;
}

export class RateLimits {
  private readonly pool: pg.Pool | null;
  private readonly limiters: Partial<Record<PolicyName, { policy: RatePolicy; limiter: RateLimiterPostgres }>> = {};
  private readonly local: { policy: RatePolicy; limiter: RateLimiterMemory } | null;
  /** The addresses that may hold points of the unauthenticated budget (checkCredentialAttempt's shortcut). */
  private readonly spending: SpendingAddresses | null;

  constructor(
    databaseUrl: string,
    settings: RateLimitSettings,
    log: Logger,
    pooling: { transactionMode: boolean } = { transactionMode: false },
  ) {
    const shared: Record<PolicyName, RatePolicy | null> = { api: settings.api, public: settings.public };
    const active = (Object.entries(shared) as [PolicyName, RatePolicy | null][]).filter(([, p]) => p !== null) as [
      PolicyName,
      RatePolicy,
    ][];
    const u = settings.unauthenticated;
    this.local = u
      ? {
          policy: u,
          limiter: new RateLimiterMemory({ keyPrefix: 'unauth', points: u.points, duration: u.windowSeconds }),
        }
      : null;
    this.spending = u ? new SpendingAddresses(u.windowSeconds * 1000) : null;
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

  /** Whether `name` is limited (a policy configured off costs a request nothing, not even a promise). */
  limits(name: PolicyName): boolean {
    return this.limiters[name] !== undefined;
  }

  /** Whether requests without a (valid) credential are counted per address. */
  get limitsAddresses(): boolean {
    return this.local !== null;
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

  /**
   * Counts one request without a credential from `address`, in memory: 429 once the address's
   * unauthenticated budget is spent. No database work.
   */
  async consumeUnauthenticated(address: string): Promise<void> {
    if (!this.local) return;
    this.spending!.add(address);
    try {
      await this.local.limiter.consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw this.unauthenticatedRefusal(rejection);
    }
  }

  /**
   * Before a credential is looked up: 429 when `address` has spent its unauthenticated budget
   * (failed authentications count against it), so guessed keys and tokens stop reaching the
   * database. Counts nothing itself. Undefined (nothing to await) for an address that has spent
   * no point of the budget in its window, which is every request with a valid credential.
   */
  checkCredentialAttempt(address: string): Promise<void> | undefined {
    if (!this.local || !this.spending!.mayHold(address)) return undefined;
    return this.refuseSpent(this.local, address);
  }

  private async refuseSpent(local: NonNullable<RateLimits['local']>, address: string): Promise<void> {
    const res = await local.limiter.get(address);
    if (res && res.consumedPoints >= local.policy.points) throw this.unauthenticatedRefusal(res);
  }

  /** A credential from `address` failed authentication: it counts against the unauthenticated budget. */
  async countFailedCredential(address: string): Promise<void> {
    if (!this.local) return;
    this.spending!.add(address);
    await this.local.limiter.penalty(address, 1);
  }

  private unauthenticatedRefusal(res: RateLimiterRes): ApiError {
    const policy = this.local!.policy;
    const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    return new ApiError(
      'rate_limited',
      `Too many requests without a valid credential: ${policy.points} per ${policy.windowSeconds} seconds; retry ` +
        `after ${retryAfter} seconds.`,
      undefined,
      {
        'RateLimit-Policy': `"unauthenticated";q=${policy.points};w=${policy.windowSeconds}`,
        RateLimit: `"unauthenticated";r=0;t=${retryAfter}`,
        'Retry-After': String(retryAfter),
      },
    );
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

/** Which proxies' X-Forwarded-For entries are believed, and how many of them in a row. */
export interface ProxyTrust {
  /** TRUST_PROXY_HOPS: at most this many trusted proxies between the client and us. */
  readonly hops: number;
  /** TRUSTED_PROXIES: the addresses (CIDR ranges) those proxies connect from. */
  readonly proxies: readonly string[];
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const parsedRanges = new Map<readonly string[], Range[]>();

function ranges(list: readonly string[]): Range[] {
  let parsed = parsedRanges.get(list);
  if (!parsed) {
    parsed = list.map((r) =>
      r.includes('/') ? ipaddr.parseCIDR(r) : ipaddr.parseCIDR(`${r}/${r.includes(':') ? 128 : 32}`),
    );
    parsedRanges.set(list, parsed);
  }
  return parsed;
}

/** The address as ipaddr.js parses it, IPv4-mapped IPv6 as its IPv4 address; null when not an address. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return null;
  const ip = ipaddr.parse(bare);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

function isTrustedProxy(ip: ipaddr.IPv4 | ipaddr.IPv6, trust: ProxyTrust): boolean {
  return ranges(trust.proxies).some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
}

/** The budget key of an address: IPv4 as written, IPv6 by its /64 prefix (`2001:db8:1:2::/64`). */
function addressKey(ip: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (ip.kind() === 'ipv4') return ip.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/64`);
  return `${prefix.toString()}/64`;
}

/**
 * The client's address as far as trusted proxies vouch for it: the socket's peer, or, when the
 * peer is a trusted proxy, the address it reports in X-Forwarded-For (read from the right, each
 * further hop believed only while the previous one is a trusted proxy too, at most
 * `trust.hops`), so a client cannot choose its address by sending the header, and a client
 * that connects directly cannot claim another's. Null when the socket has no address.
 */
function vouchedAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let ip = parseAddress(socketAddress ?? '');
  if (!ip) return null;
  const chain = forwardedFor
    ? (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  for (let hop = 0; hop < trust.hops && chain.length > 0 && isTrustedProxy(ip, trust); hop++) {
    const next = parseAddress(chain.pop()!);
    // A trusted proxy that wrote something else than an address: it is the client we know of.
    if (!next) break;
    ip = next;
  }
  return ip;
}

/** A client's address as the access log writes it and as its budget is keyed. */
interface ClientAddress {
  logged: string | null;
  key: string;
}

function resolveClient(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): ClientAddress {
  const ip = vouchedAddress(socketAddress, forwardedFor, trust);
  return {
    logged: ip?.toString() ?? socketAddress ?? null,
    key: ip ? addressKey(ip) : (socketAddress ?? 'unknown'),
  };
}

/**
 * Without X-Forwarded-For the answer depends on the socket's address alone, and a keep-alive
 * connection asks for it on every request (the access log, then the credential budget): parsed
 * once per address. Bounded: cleared when full, so a flood of new addresses costs a parse each,
 * as without the cache.
 */
const directClients = new Map<string, ClientAddress>();
const DIRECT_CLIENTS_MAX = 4096;

function client(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): ClientAddress {
  if (forwardedFor !== undefined || socketAddress === undefined)
    return resolveClient(socketAddress, forwardedFor, trust);
  let known = directClients.get(socketAddress);
  if (!known) {
    if (directClients.size >= DIRECT_CLIENTS_MAX) directClients.clear();
    known = resolveClient(socketAddress, undefined, trust);
    directClients.set(socketAddress, known);
  }
  return known;
}

/** The client's address for the access log (vouchedAddress), as written. */
export function loggedClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): string | null {
  return client(socketAddress, forwardedFor, trust).logged;
}

/** The key a request without a credential is counted under: its vouched address, IPv6 per /64. */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): string {
  return client(socketAddress, forwardedFor, trust).key;
}

/**
 * The addresses that spent a point of the unauthenticated budget, each until its window has
 * surely ended (a window starts at its first point: the limiter forgets the address by then), so
 * that a request from any other address is not looked up in the limiter. Bounded: past `cap`
 * addresses it forgets the ended ones; an address it could not hold is not known here, so until
 * a whole window after the last such address it answers "may hold" for every address (each check
 * then asks the limiter, as without the shortcut).
 */
export class SpendingAddresses {
  private readonly until = new Map<string, number>();
  /** Until then an address may hold points without being in `until` (it came while the set was full). */
  private unknownUntil = 0;
  private swept = 0;
  private readonly windowMs: number;
  private readonly cap: number;

  constructor(windowMs: number, cap = 100_000) {
    this.windowMs = windowMs;
    this.cap = cap;
  }

  add(address: string): void {
    const now = Date.now();
    if (!this.until.has(address) && this.until.size >= this.cap) {
      // At most one sweep a second: a flood of new addresses must not cost a sweep each.
      if (now - this.swept >= 1000) {
        this.swept = now;
        for (const [a, t] of this.until) if (t <= now) this.until.delete(a);
      }
      if (this.until.size >= this.cap) {
        this.unknownUntil = now + this.windowMs;
        return;
      }
    }
    this.until.set(address, now + this.windowMs);
  }

  mayHold(address: string): boolean {
    const now = Date.now();
    if (now < this.unknownUntil) return true;
    const t = this.until.get(address);
    return t !== undefined && t > now;
  }
}
