// A DNS server on 127.0.0.1 for the tests: answers A and AAAA queries from a table the test
// controls, NXDOMAIN otherwise. The server under test resolves webhook receiver names through it
// (WEBHOOK_DNS_SERVERS), so no test ever asks a real resolver, and a test can make a name
// resolve to a public address first and to loopback later (DNS rebinding).
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import dnsPacket from 'dns-packet';

export interface DnsStub {
  /** `host:port` for WEBHOOK_DNS_SERVERS. */
  server: string;
  /** name (lower-case, or `*.suffix`) -> addresses (IPv4 and IPv6 mixed). */
  records: Map<string, string[]>;
  /** Every name asked, in order. */
  queries: string[];
  /** Names (lower-case) the stub never answers: a stalling zone. */
  stalled: Set<string>;
  /** The TTL of every answer, in seconds (0 by default: nothing may be cached). */
  ttl: number;
  close(): Promise<void>;
}

export async function startDnsStub(initial: Record<string, string[]> = {}): Promise<DnsStub> {
  const records = new Map(Object.entries(initial));
  const queries: string[] = [];
  const stalled = new Set<string>();
  const state = { ttl: 0 };
  const socket = createSocket('udp4');
  const lookup = (name: string): string[] | undefined => {
    const n = name.toLowerCase();
    if (records.has(n)) return records.get(n);
    for (const [k, v] of records) if (k.startsWith('*.') && n.endsWith(k.slice(1))) return v;
    return undefined;
  };
  socket.on('message', (msg, rinfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    if (!q) return;
    queries.push(q.name);
    if (stalled.has(q.name.toLowerCase())) return;
    const found = lookup(q.name);
    const family = q.type === 'A' ? 4 : q.type === 'AAAA' ? 6 : 0;
    const answers = (found ?? [])
      .filter((a) => (a.includes(':') ? 6 : 4) === family)
      .map((data) => ({ type: q.type as 'A' | 'AAAA', class: 'IN' as const, name: q.name, ttl: state.ttl, data }));
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (found ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    server: `127.0.0.1:${socket.address().port}`,
    records,
    queries,
    stalled,
    get ttl() {
      return state.ttl;
    },
    set ttl(v: number) {
      state.ttl = v;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** The zone every test server resolves through unless a test brings its own stub. */
export const DEFAULT_ZONE: Record<string, string[]> = {
  '*.example.org': ['127.0.0.1'],
  '*.example.com': ['127.0.0.1'],
  'example.org': ['127.0.0.1'],
  'example.com': ['127.0.0.1'],
};
