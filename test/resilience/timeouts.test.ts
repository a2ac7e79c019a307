// Timeouts: Postgres sessions of our pools end statements and idle transactions that run too long
// (server-side, so a stuck client cannot hold locks), and the S3 client gives up on a store that
// accepts connections but never answers, after a bounded number of attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { API_TIMEOUTS, WORKER_TIMEOUTS, createSql } from '../../src/db/client.ts';
import { createStorage, headSize } from '../../src/storage/s3.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function rejection(p: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('Postgres session timeouts', { timeout: 120_000 }, () => {
  it('the API and worker pools carry their statement and idle-in-transaction timeouts', async () => {
    for (const [timeouts, statement, idle] of [
      [API_TIMEOUTS, '30s', '30s'],
      [WORKER_TIMEOUTS, '30min', '1min'],
    ] as const) {
      const sql = createSql(db.databaseUrl, { max: 1, timeouts });
      try {
        const [row] = await sql<
          { s: string; i: string }[]
        >`select current_setting('statement_timeout') as s, current_setting('idle_in_transaction_session_timeout') as
        i`;
        expect(row).toEqual({ s: statement, i: idle });
      } finally {
        await sql.end();
      }
    }
  });

  it('a statement over the limit is cancelled by the server', async () => {
    const sql = createSql(db.databaseUrl, { max: 1, timeouts: { statementMs: 200, idleInTransactionMs: 60_000 } });
    try {
      const err = await rejection(sql`select pg_sleep(5)`);
      expect(err.code).toBe('57014');
      // The connection is still usable afterwards.
      expect((await sql`select 1 as one`)[0].one).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it('a transaction left idle is ended by the server, releasing its row locks', async () => {
    const sql = createSql(db.databaseUrl, { max: 1, timeouts: { statementMs: 60_000, idleInTransactionMs: 300 } });
    const [org] = await db.sql<
      { id: string }[]
    >`insert into organizations (name, code) values ('Idle', 'IDLE') returning id`;
    try {
      // The transaction takes a row lock and then idles; only the server ending the session can
      // end it (postgres.js rejects the transaction when its connection closes).
      const err = await rejection(
        sql.begin(async (tx) => {
          await tx`select id from organizations where id = ${org.id} for update`;
          await new Promise(() => {});
        }),
      );
      expect(err).toBeInstanceOf(Error);
      // The lock went with the session.
      const [locked] = await db.sql.begin(
        async (tx) => tx`select id from organizations where id = ${org.id} for update nowait`,
      );
      expect(locked.id).toBe(org.id);
    } finally {
      await sql.end();
    }
  });
});

describe('S3 timeouts', () => {
  let blackhole: Server;
  const sockets: Socket[] = [];
  let connections = 0;
  beforeAll(async () => {
    // Accepts connections and never answers (a hung store), on loopback.
    blackhole = createServer((socket) => {
      connections++;
      sockets.push(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => blackhole.close(r));
  });

  it('gives up on a store that never answers after maxAttempts timed-out requests', async () => {
    const port = (blackhole.address() as { port: number }).port;
    const storage = createStorage(
      { ...inject('s3'), endpoint: `http://127.0.0.1:${port}` },
      { responseTimeoutMs: 300, idleTimeoutMs: 300, maxAttempts: 2 },
    );
    const err = await rejection(headSize(storage, 'some/key'));
    // Named as storage's outage (503 with Retry-After), the SDK's timeout as its cause.
    expect(err).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/object storage/i) });
    expect((err.cause as Error).name).toMatch(/TimeoutError/);
    expect(connections).toBe(2);
    storage.client.destroy();
  });
});
