// A local webhook receiver for development: listens on RECEIVER_PORT (default 4000), registers
// itself as a webhook endpoint of the development organization (BASE_URL and API_KEY, as in
// .data/dev.env), verifies every message with the standardwebhooks package and prints one line
// per event. Ctrl-C deletes the endpoint again.
//   . .data/dev.env && node scripts/webhook-receiver.ts
import { createServer } from 'node:http';
import { once } from 'node:events';
import { Webhook } from 'standardwebhooks';

const { BASE_URL, API_KEY } = process.env;
if (!BASE_URL || !API_KEY) {
  console.error('BASE_URL and API_KEY are needed: run `. .data/dev.env` first (make dev writes it).');
  process.exit(2);
}
const port = Number(process.env.RECEIVER_PORT ?? 4000);
let verifier: Webhook | null = null;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = verifier!.verify(body, req.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      console.log(`${req.headers['webhook-id']} ${event.type} verified ${JSON.stringify(event.data)}`);
      res.writeHead(204).end();
    } catch (err) {
      console.log(`${req.headers['webhook-id']} REFUSED: ${(err as Error).message}`);
      res.writeHead(400).end();
    }
  });
});
server.listen(port, '127.0.0.1');
await once(server, 'listening');

// biome-ignore lint/suspicious/noExplicitAny: a dev script reading the API's JSON answers.
const api = async (method: string, path: string, body?: unknown): Promise<any> => {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};
const endpoint = await api('POST', '/webhook-endpoints', {
  url: `http://127.0.0.1:${port}/hooks`,
  eventTypes: ['datapoint.consensus_reached'],
  description: 'scripts/webhook-receiver.ts',
});
verifier = new Webhook(endpoint.secret);
console.log(
  `listening on http://127.0.0.1:${port}/hooks as webhook endpoint ${endpoint.webhookEndpointId}; Ctrl-C to stop`,
);

process.on('SIGINT', () => {
  void api('DELETE', `/webhook-endpoints/${endpoint.webhookEndpointId}`).finally(() => {
    server.close();
    process.exit(0);
  });
});
