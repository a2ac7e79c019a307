// Webhook egress: the service POSTs to URLs its tenants chose, so without a check a tenant could
// make it call the cloud metadata service, the database port or any host of the private network
// (SSRF), and read the outcome in the attempt list: an internal port scanner.
//
// The defence: a receiver's address must be public. It is checked twice:
// - at registration, on every address the host resolves to (a name with one private record is
//   refused, not just one whose first record is private);
// - at connect time, on the address actually connected to: the undici Agent resolves the name
//   through the same checking lookup and connects only to an address it allowed, and an IP literal
//   (which Node connects to without any lookup) is checked before connecting. After connecting,
//   the socket's remote address is checked once more. A name that resolved to a public address at
//   registration and to 127.0.0.1 later (DNS rebinding) is refused at the second check.
//
// "Public" is ipaddr.js's `unicast` class: everything outside loopback, RFC 1918, link-local
// (169.254.0.0/16 with the metadata service, fe80::/10), CGNAT 100.64.0.0/10, 0.0.0.0/8,
// 198.18.0.0/15, multicast, broadcast, the reserved and documentation ranges, ::, ::1,
// fc00::/7, and the IPv6 forms that embed an IPv4 address (IPv4-mapped ::ffff:0:0/96 is judged by
// the IPv4 address it carries; IPv4-compatible ::/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4
// and Teredo are refused outright: they can lead to any IPv4 host through a translator).
//
// Loopback is allowed only when the configuration names it (`WEBHOOK_RECEIVERS`): `make dev`
// allows public and loopback receivers; the tests and `make fuzz` allow loopback only, so nothing
// they register can leave the machine. Private ranges are never allowed.
import { Resolver } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

type ReceiverClass = 'public' | 'loopback';

export interface EgressSettings {
  /** Which address classes may receive webhooks; private ranges are never among them. */
  readonly receivers: readonly ReceiverClass[];
  /** DNS servers (`host` or `host:port`) for receiver names; null: the system resolver. */
  readonly dnsServers: readonly string[] | null;
}

/** Thrown (and recorded as a refused attempt) when a receiver's address is not allowed. */
export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'EgressRefused';
  }
}

/** `public`, `loopback`, or the name of the range that makes the address unusable. */
export function addressClass(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js calls it unicast; it is not a public host.
    else if (v6.range() === 'unicast' && v6.parts.slice(0, 6).every((p) => p === 0)) return 'ipv4Compatible';
  }
  const range = ip.range();
  return range === 'unicast' ? 'public' : range;
}

export function isAllowedAddress(address: string, settings: EgressSettings): boolean {
  const cls = addressClass(address);
  return (cls === 'public' || cls === 'loopback') && settings.receivers.includes(cls);
}

/** A host name without brackets and trailing dot, lower-cased: `[::1]` -> `::1`, `LocalHost.` -> `localhost`. */
export function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The longest a name may take to resolve, whatever the resolver does; then it counts as unresolved. */
const DNS_DEADLINE_MS = 2_000;
/** Answers are kept for their TTL, at most this long. */
const DNS_MAX_TTL_SECONDS = 300;
/** A name that missed the deadline is not asked again for this long (a stalling zone costs one wait). */
const DNS_STALL_CACHE_MS = 30_000;
/** Names kept at most; the oldest entry goes first. */
const DNS_CACHE_ENTRIES = 10_000;

export class Egress {
  readonly settings: EgressSettings;
  // c-ares (node:dns Resolver), not dns.lookup: lookup runs getaddrinfo on libuv's four-thread
  // pool, which database, object storage and file work share, so a name whose servers stall
  // held those threads with no deadline. The Resolver queries asynchronously on the event loop
  // (the system's servers unless WEBHOOK_DNS_SERVERS names others; it does not read /etc/hosts).
  private readonly resolver: Resolver;
  private readonly cache = new Map<string, { addresses: string[]; expires: number }>();
  private readonly inFlight = new Map<string, Promise<string[]>>();

  constructor(settings: EgressSettings) {
    this.settings = settings;
    this.resolver = new Resolver({ timeout: 1_000, tries: 2 });
    if (settings.dnsServers) this.resolver.setServers([...settings.dnsServers]);
  }

  /**
   * Every address of the host (an IP literal is its own address). Empty when it does not resolve
   * within DNS_DEADLINE_MS. Answers are cached for their TTL (at most DNS_MAX_TTL_SECONDS), a
   * stall for DNS_STALL_CACHE_MS, and concurrent questions for one name share one query.
   */
  async resolve(hostname: string): Promise<string[]> {
    const host = bareHost(hostname);
    if (isIP(host)) return [host];
    // RFC 6761: localhost names are loopback, whatever a resolver says.
    if (host === 'localhost' || host.endsWith('.localhost')) return ['127.0.0.1', '::1'];
    const cached = this.cache.get(host);
    if (cached && cached.expires > Date.now()) return cached.addresses;
    let pending = this.inFlight.get(host);
    if (!pending) {
      pending = this.query(host).finally(() => this.inFlight.delete(host));
      this.inFlight.set(host, pending);
    }
    return pending;
  }

  private async query(host: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), DNS_DEADLINE_MS);
    });
    const none = [] as { address: string; ttl: number }[];
    const answered = Promise.all([
      this.resolver.resolve4(host, { ttl: true }).catch(() => none),
      this.resolver.resolve6(host, { ttl: true }).catch(() => none),
    ]);
    const result = await Promise.race([answered, stalled]).finally(() => clearTimeout(timer));
    if (result === null) {
      this.remember(host, [], DNS_STALL_CACHE_MS);
      return [];
    }
    const records = [...result[0], ...result[1]];
    const addresses = records.map((r) => r.address);
    const ttl = Math.min(DNS_MAX_TTL_SECONDS, ...records.map((r) => r.ttl));
    if (records.length && ttl > 0) this.remember(host, addresses, ttl * 1000);
    return addresses;
  }

  private remember(host: string, addresses: string[], ms: number): void {
    if (this.cache.size >= DNS_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(host, { addresses, expires: Date.now() + ms });
  }

  /**
   * The registration check: null when the URL may be a receiver, else the reason (for the
   * tenant: it names no address, only what is wrong with the URL they gave).
   */
  async refusal(url: URL): Promise<string | null> {
    if (url.username || url.password) return 'A webhook URL must not carry credentials (user:password@).';
    const addresses = await this.resolve(url.hostname);
    if (addresses.length === 0) return "The webhook URL's host does not resolve.";
    if (!addresses.every((a) => isAllowedAddress(a, this.settings))) {
      return 'The webhook URL must point at a public address (not loopback, private, link-local or reserved).';
    }
    return null;
  }

  /** The lookup the Agent connects through: only allowed addresses are ever returned. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (addresses) => {
        const ok = addresses.filter((a) => isAllowedAddress(a, this.settings));
        // Refused when any address is not allowed (a name mixing public and private records is
        // suspect), or when there is nothing to connect to.
        if (ok.length === 0 || ok.length !== addresses.length) {
          callback(
            addresses.length
              ? new EgressRefused(`${hostname} resolves to an address that is not allowed`)
              : Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }),
            '',
            4,
          );
          return;
        }
        const entries = ok.map((address) => ({ address, family: isIP(address) }));
        if ((options as { all?: boolean }).all)
          (callback as unknown as (e: null, a: typeof entries) => void)(null, entries);
        else callback(null, entries[0].address, entries[0].family);
      },
      (err: Error) => callback(err, '', 4),
    );
  };

  /**
   * An undici dispatcher for webhook deliveries: connects only to allowed addresses. One per
   * process (it pools connections per origin).
   */
  createAgent(options: { connectTimeoutMs: number }): Agent {
    const connect = buildConnector({ lookup: this.lookup, timeout: options.connectTimeoutMs });
    const settings = this.settings;
    return new Agent({
      connect: (opts, callback) => {
        // Node connects to an IP literal without calling lookup: check it here, before connecting.
        const host = bareHost(opts.hostname);
        if (isIP(host) && !isAllowedAddress(host, settings)) {
          callback(new EgressRefused(`${host} is not an allowed address`), null);
          return;
        }
        connect(opts, (err, socket) => {
          if (err || !socket) {
            callback(err ?? new Error('no socket'), null);
            return;
          }
          // The address actually connected to, whatever led there.
          const remote = socket.remoteAddress;
          if (!remote || !isAllowedAddress(remote, settings)) {
            socket.destroy();
            callback(new EgressRefused(`connected to ${remote ?? 'an unknown address'}, which is not allowed`), null);
            return;
          }
          callback(null, socket);
        });
      },
    });
  }
}
