// The address rules of webhook egress (src/webhooks/egress.ts): every class the issue names, and
// the self-URL check through a DNS stub on loopback (no real resolver is ever asked).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Egress, addressClass, isAllowedAddress } from '../../src/webhooks/egress.ts';
import { pointsAtSelf } from '../../src/webhooks/self-url.ts';
import { startDnsStub, type DnsStub } from '../helpers/dns-stub.ts';

const PUBLIC = { receivers: ['public'] as const, dnsServers: null };
const DEV = { receivers: ['public', 'loopback'] as const, dnsServers: null };

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.254', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['::7f00:1', 'ipv4Compatible'],
    ['2002:7f00:1::', '6to4'],
    ['2001::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, cls) => {
    expect(addressClass(address)).toBe(cls);
    expect(isAllowedAddress(address, PUBLIC)).toBe(cls === 'public');
    expect(isAllowedAddress(address, DEV)).toBe(cls === 'public' || cls === 'loopback');
  });

  it('never allows private ranges, whatever the setting', () => {
    for (const a of ['10.0.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', 'fc00::1']) {
      expect(isAllowedAddress(a, { receivers: ['public', 'loopback'], dnsServers: null })).toBe(false);
    }
  });
});

describe('registration check and self URL', () => {
  let dns: DnsStub;
  let egress: Egress;
  beforeAll(async () => {
    dns = await startDnsStub({
      'api.assay.example': ['93.184.216.34'],
      'hooks.public.example': ['93.184.216.35'],
      'alias.assay.example': ['93.184.216.34'],
      'mixed.example': ['93.184.216.36', '10.0.0.5'],
      'metadata.example': ['169.254.169.254'],
      'v6private.example': ['fd00::1'],
    });
    egress = new Egress({ receivers: ['public'], dnsServers: [dns.server] });
  });
  afterAll(async () => {
    await dns?.close();
  });

  it.each([
    ['https://hooks.public.example/x', null],
    ['http://93.184.216.34/x', null],
    ['http://169.254.169.254/latest/meta-data/', /public address/],
    ['http://10.0.0.1/hook', /public address/],
    ['http://127.0.0.2:5432/', /public address/],
    ['http://[::ffff:127.0.0.1]:3000/x', /public address/],
    ['http://localhost.:3000/x', /public address/],
    ['http://LOCALHOST/x', /public address/],
    ['http://[::1]/x', /public address/],
    ['http://[fe80::1]/x', /public address/],
    ['http://[64:ff9b::a9fe:a9fe]/x', /public address/],
    ['http://100.64.1.1/x', /public address/],
    ['https://metadata.example/x', /public address/],
    ['https://mixed.example/x', /public address/],
    ['https://v6private.example/x', /public address/],
    ['https://nowhere.example/x', /does not resolve/],
    ['https://user:pw@hooks.public.example/x', /credentials/],
    ['https://token@hooks.public.example/x', /credentials/],
  ])('%s', async (url, expected) => {
    const refusal = await egress.refusal(new URL(url));
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });

  it('caches answers for their TTL, asks once for concurrent questions, refuses a stalling name', async () => {
    dns.ttl = 60;
    try {
      const asked = () => dns.queries.filter((q) => q === 'cached.example').length;
      dns.records.set('cached.example', ['93.184.216.40']);
      const [a, b] = await Promise.all([egress.resolve('cached.example'), egress.resolve('Cached.Example.')]);
      expect(a).toEqual(['93.184.216.40']);
      expect(b).toEqual(a);
      expect(asked()).toBe(2); // one A and one AAAA question for both callers
      expect(await egress.resolve('cached.example')).toEqual(a);
      expect(asked()).toBe(2);
    } finally {
      dns.ttl = 0;
    }
    // A name whose servers never answer: refused as unresolved (after the resolver's deadline),
    // and not asked again while the stall is remembered.
    dns.stalled.add('stall.example');
    expect(await egress.refusal(new URL('https://stall.example/x'))).toMatch(/does not resolve/);
    const stallQueries = dns.queries.filter((q) => q === 'stall.example').length;
    expect(await egress.resolve('stall.example')).toEqual([]);
    expect(dns.queries.filter((q) => q === 'stall.example').length).toBe(stallQueries);
  });

  it('never resolves through dns.lookup (getaddrinfo on the shared libuv pool)', () => {
    const source = readFileSync(new URL('../../src/webhooks/egress.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/\blookup\s*\(|systemLookup|from 'node:dns'/);
  });

  it.each([
    ['http://127.0.0.1:3000/hook', ['http://127.0.0.1:3000'], true],
    ['http://localhost:3000/hook', [undefined, '127.0.0.1:3000'], true],
    ['http://localhost.:3000/hook', [undefined, '127.0.0.1:3000'], true],
    ['http://[::ffff:127.0.0.1]:3000/x', ['http://127.0.0.1:3000'], true],
    ['http://[::1]:3000/hook', [undefined, 'localhost:3000'], true],
    ['https://api.assay.example/hook', ['https://api.assay.example'], true],
    ['https://alias.assay.example/hook', ['https://api.assay.example'], true],
    ['http://API.ASSAY.EXAMPLE/x', ['http://api.assay.example:80'], true],
    ['http://127.0.0.1:4000/hook', ['http://127.0.0.1:3000', '127.0.0.1:3000'], false],
    ['https://hooks.public.example/x', ['https://api.assay.example', 'api.assay.example'], false],
    ['http://api.assay.example/x', ['https://api.assay.example'], false],
  ])('%s against %j points at itself: %s', async (url, selves, expected) => {
    expect(await pointsAtSelf(egress, new URL(url), selves)).toBe(expected);
  });
});
