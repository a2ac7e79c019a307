// The address a public request is rate-limited under: the peer, unless proxies are trusted, and
// then X-Forwarded-For read from the right so that a client cannot pick its own key.
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/http/rate-limit.ts';

describe('clientAddress', () => {
  it.each([
    ['127.0.0.1', undefined, 0, '127.0.0.1'],
    ['127.0.0.1', '203.0.113.9', 0, '127.0.0.1'], // not trusted: the header is ignored
    ['10.0.0.2', '203.0.113.9', 1, '203.0.113.9'],
    ['10.0.0.2', 'forged, 203.0.113.9', 1, '203.0.113.9'], // the client's own entry is left of the proxy's
    ['10.0.0.2', 'forged, 203.0.113.9, 10.0.0.1', 2, '203.0.113.9'],
    ['10.0.0.2', ['a', '203.0.113.9'], 1, '203.0.113.9'],
    ['10.0.0.2', '203.0.113.9', 3, '203.0.113.9'],
  ])('%s with X-Forwarded-For %j and %d trusted hops -> %s', (peer, xff, hops, expected) => {
    expect(clientAddress(peer, xff as string | string[] | undefined, hops)).toBe(expected);
  });
});
