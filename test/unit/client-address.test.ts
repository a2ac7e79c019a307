// The address a request without a credential is rate-limited under: the peer, unless the peer
// is a trusted proxy, and then X-Forwarded-For read from the right, hop by hop while each hop is
// a trusted proxy, so that a client can neither pick its own key nor, connecting directly,
// claim another's. IPv6 is keyed per /64, IPv4-mapped IPv6 as its IPv4 address.
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/http/rate-limit.ts';
import { DEFAULT_TRUSTED_PROXIES } from '../../src/config.ts';

const trust = (hops: number, proxies: readonly string[] = DEFAULT_TRUSTED_PROXIES) => ({ hops, proxies });

describe('clientAddress', () => {
  it.each([
    ['127.0.0.1', undefined, 0, '127.0.0.1'],
    ['127.0.0.1', '203.0.113.9', 0, '127.0.0.1'], // no hops trusted: the header is ignored
    ['10.0.0.2', '203.0.113.9', 1, '203.0.113.9'],
    ['10.0.0.2', 'forged, 203.0.113.9', 1, '203.0.113.9'], // the client's own entry is left of the proxy's
    ['10.0.0.2', 'forged, 203.0.113.9, 10.0.0.1', 2, '203.0.113.9'],
    ['10.0.0.2', ['a', '203.0.113.9'], 1, '203.0.113.9'],
    ['10.0.0.2', '203.0.113.9', 3, '203.0.113.9'],
    ['::ffff:10.0.0.2', '203.0.113.9', 1, '203.0.113.9'], // an IPv4-mapped peer is its IPv4 address
  ])('%s with X-Forwarded-For %j and %d trusted hops -> %s', (peer, xff, hops, expected) => {
    expect(clientAddress(peer, xff as string | string[] | undefined, trust(hops))).toBe(expected);
  });

  it('believes X-Forwarded-For only from a trusted proxy, whatever the hop count', () => {
    // A client on the internet connecting directly cannot name an address of its choosing.
    expect(clientAddress('203.0.113.5', '198.51.100.1', trust(1))).toBe('203.0.113.5');
    expect(clientAddress('203.0.113.5', '198.51.100.1', trust(2))).toBe('203.0.113.5');
    // The second hop is believed only when the first one is a trusted proxy too.
    expect(clientAddress('10.0.0.2', 'forged, 198.51.100.7', trust(2))).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', 'forged, 10.0.0.9', trust(2))).toBe('10.0.0.9');
    // A proxy list of its own: only that proxy's header counts.
    expect(clientAddress('192.0.2.10', '198.51.100.1', trust(1, ['192.0.2.10']))).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', '198.51.100.1', trust(1, ['192.0.2.0/24']))).toBe('10.0.0.2');
    // A trusted proxy that wrote no address: the proxy is the client we know of.
    expect(clientAddress('10.0.0.2', 'not-an-address', trust(1))).toBe('10.0.0.2');
  });

  it('keys IPv6 per /64, so one network holds one budget', () => {
    const a = clientAddress('2001:db8:1:2::5', undefined, trust(0));
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2:ffff:ffff:ffff:ffff', undefined, trust(0))).toBe(a);
    expect(clientAddress('2001:db8:1:3::5', undefined, trust(0))).not.toBe(a);
    expect(clientAddress('10.0.0.2', '2001:db8:1:2::77', trust(1))).toBe(a);
    expect(clientAddress('::ffff:198.51.100.4', undefined, trust(0))).toBe('198.51.100.4');
  });
});
