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
import { lookup as systemLookup, Resolver } from 'node:dns/promises';
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

export class Egress {
  readonly settings: EgressSettings;
  private readonly resolver: Resolver | null;

  constructor(settings: EgressSettings) {
    this.settings = settings;
    if (settings.dnsServers) {
      // A short timeout and few tries: a registration waits on it.
      this.resolver = new Resolver({ timeout: 2000, tries: 2 });
      this.resolver.setServers([...settings.dnsServers]);
    } else {
      this.resolver = null;
    }
  }

  /** Every address of the host (an IP literal is its own address). Empty when it does not resolve. */
  async resolve(hostname: string): Promise<string[]> {
    const host = bareHost(hostname);
    if (isIP(host)) return [host];
    // RFC 6761: localhost names are loopback, whatever a resolver says.
    if (host === 'localhost' || host.endsWith('.localhost')) return ['127.0.0.1', '::1'];
    if (!this.resolver) {
      const found = await systemLookup(host, { all: true, verbatim: true }).catch(() => []);
      return found.map((a) => a.address);
    }
    const [v4, v6] = await Promise.all([
      this.resolver.resolve4(host).catch(() => [] as string[]),
      this.resolver.resolve6(host).catch(() => [] as string[]),
    ]);
    return [...v4, ...v6];
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
