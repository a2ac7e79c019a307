// A real HTTP webhook receiver that verifies every message with the standardwebhooks package
// (an independent implementation of the scheme). `answer` decides the status per request.
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** null when the signature verified against the current secret, else the error message. */
  verifyError: string | null;
  status: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  secret: string;
  close(): Promise<void>;
}

export async function startReceiver(
  answer: (n: number, r: Omit<Received, 'status'>) => number = () => 204,
): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = { url: '', received, secret: '', close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const h = (name: string) => String(req.headers[name] ?? '');
      let verifyError: string | null = null;
      try {
        new Webhook(receiver.secret).verify(body, {
          'webhook-id': h('webhook-id'),
          'webhook-timestamp': h('webhook-timestamp'),
          'webhook-signature': h('webhook-signature'),
        });
      } catch (err) {
        verifyError = (err as Error).message;
      }
      const r = {
        id: h('webhook-id'),
        timestamp: h('webhook-timestamp'),
        signature: h('webhook-signature'),
        body,
        verifyError,
      };
      const status = answer(received.length + 1, r);
      received.push({ ...r, status });
      res.writeHead(status).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${address.port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return receiver;
}

export { until } from './wait.ts';
