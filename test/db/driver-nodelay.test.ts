// The driver's connections send without Nagle's delay (TCP_NODELAY, as libpq does): with Nagle on,
// a message written behind bytes the server has not acknowledged yet (a COPY's CopyDone after its
// data, a query pipelined behind another) waits for the server's delayed ACK, 40 ms on Linux. A
// 1,000-row COPY took 51 ms with it and 9 ms without (bench/README.md, "Ingest: small files").
// While a COPY streams its data, Nagle is on again (full segments cost both ends less CPU than
// one per write), and TCP_NODELAY comes back before the CopyDone, which it sends at once.
import { Socket } from 'node:net';
import { expect, it, inject, vi } from 'vitest';
import { createSql } from '../../src/db/client.ts';

it('sets TCP_NODELAY on every connection the pool opens', async () => {
  const noDelay = new Set<Socket>();
  const connected = new Set<Socket>();
  const original = { setNoDelay: Socket.prototype.setNoDelay, connect: Socket.prototype.connect };
  const spies = [
    vi.spyOn(Socket.prototype, 'setNoDelay').mockImplementation(function (this: Socket, on?: boolean) {
      if (on !== false) noDelay.add(this);
      return original.setNoDelay.call(this, on);
    }),
    vi.spyOn(Socket.prototype, 'connect').mockImplementation(function (this: Socket, ...args: unknown[]) {
      connected.add(this);
      return (original.connect as (...a: unknown[]) => Socket).apply(this, args);
    }),
  ];
  const sql = createSql(inject('adminUrl'), { max: 2 });
  try {
    // Two statements at once: the pool opens a connection for each (or both on one).
    await Promise.all([sql`select pg_sleep(0.05)`, sql`select pg_sleep(0.05)`]);
    expect(connected.size).toBeGreaterThan(0);
    for (const socket of connected) expect(noDelay.has(socket)).toBe(true);
  } finally {
    for (const spy of spies) spy.mockRestore();
    await sql.end({ timeout: 5 });
  }
});

it('turns Nagle on while a COPY streams and off again before its CopyDone', async () => {
  const sql = createSql(inject('adminUrl'), { max: 1 });
  const calls: boolean[] = [];
  const original = Socket.prototype.setNoDelay;
  try {
    await sql`select 1`;
    await sql`create temp table nodelay_copy (n int)`;
    const spy = vi.spyOn(Socket.prototype, 'setNoDelay').mockImplementation(function (this: Socket, on?: boolean) {
      calls.push(on !== false);
      return original.call(this, on);
    });
    try {
      await sql.begin(async (tx) => {
        await tx`create temp table copy_target (n int) on commit drop`;
        const w = await tx`copy copy_target (n) from stdin`.writable();
        const ended = new Promise<void>((resolve, reject) => {
          w.on('finish', resolve);
          w.on('error', reject);
        });
        w.write('1\n2\n');
        expect(calls).toEqual([false]);
        w.end('3\n');
        await ended;
        expect((await tx`select count(*)::int as n from copy_target`)[0]!.n).toBe(3);
      });
    } finally {
      spy.mockRestore();
    }
    // Off for the data, then on again (the stream's destroy after its end turns it on once more).
    expect(calls[0]).toBe(false);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.slice(1).every(Boolean)).toBe(true);
  } finally {
    await sql.end({ timeout: 5 });
  }
});
