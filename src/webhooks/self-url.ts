// A webhook URL must not point at this service: deliveries would call our own API (with no
// key, but a loop or a probe of internal routes all the same). "Itself" is the public base URL
// and the host the registering request came in on, compared by port and by the addresses the
// hosts resolve to (all loopback addresses count as one), so `localhost.`, `[::ffff:127.0.0.1]`
// or another name of the same address are caught as well as the literal host.
import ipaddr from 'ipaddr.js';
import { bareHost, type Egress } from './egress.ts';

const defaultPort = (u: URL): string => u.port || (u.protocol === 'https:' ? '443' : '80');

/** One spelling per address: IPv4-mapped as IPv4, every loopback address as `loopback`. */
function canonical(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'loopback' ? 'loopback' : ip.toNormalizedString();
}

export async function pointsAtSelf(egress: Egress, target: URL, selves: (string | undefined)[]): Promise<boolean> {
  const port = defaultPort(target);
  const host = bareHost(target.hostname);
  const targetAddresses = new Set((await egress.resolve(host)).map(canonical));
  for (const self of selves) {
    if (!self) continue;
    let u: URL;
    try {
      u = new URL(self.includes('://') ? self : `http://${self}`);
    } catch {
      continue;
    }
    // A Host header carries no scheme: its port decides; a full base URL gives both.
    if (defaultPort(u) !== port) continue;
    if (bareHost(u.hostname) === host) return true;
    for (const a of await egress.resolve(u.hostname)) if (targetAddresses.has(canonical(a))) return true;
  }
  return false;
}
