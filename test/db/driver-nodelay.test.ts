// The driver's connections send without Nagle's delay (TCP_NODELAY, as libpq does): with Nagle on,
// a message written behind bytes the server has not acknowledged yet (a COPY's CopyDone after its
// data, a query pipelined behind another) waits for the server's delayed ACK, 40 ms on Linux. A
// 1,000-row COPY took 51 ms with it and 9 ms without (bench/README.md, "Ingest: small files").
import { Socket } from 'node:net';
import { expect, it, inject, vi } from 'vitest';
import { createSql } from '../../src/db/client.ts';

it('sets TCP_NODELAY on every connection the pool opens', async () => {
  const calls: { socket: Socket; on: boolean }[] = [];
  const original = Socket.prototype.setNoDelay;
  const spy = vi.spyOn(Socket.prototype, 'setNoDelay').mockImplementation(function (this: Socket, on?: boolean) {
    calls.push({ socket: this, on: on !== false });
    return original.call(this, on);
  });
  const sql = createSql(inject('adminUrl'), { max: 2 });
  try {
    // Two statements at once: the pool opens its two connections.
    await Promise.all([sql`select pg_sleep(0.05)`, sql`select pg_sleep(0.05)`]);
    const sockets = new Set(calls.filter((c) => c.on && c.socket.remotePort !== undefined).map((c) => c.socket));
    expect(sockets.size).toBe(2);
  } finally {
    spy.mockRestore();
    await sql.end({ timeout: 5 });
  }
});
