// Assay's real server, alone in its own process for the HTTP benchmark.
import { startServer } from '../src/server.ts';
import { createLogger } from '../src/log.ts';
import { loadConfig } from '../src/config.ts';

// The benchmark measures the API itself, not the rate limiter's budget (RATE_LIMIT_API would
// answer 429 after 600 requests a minute) nor the cap on live claims (the claim benchmark's
// validators each claim hundreds of slots): limits are off unless the environment sets them.
const config = loadConfig(
  {
    RATE_LIMIT_API: 'off',
    RATE_LIMIT_PUBLIC: 'off',
    MAX_LIVE_CLAIMS_PER_VALIDATOR: '10000',
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'error',
  },
  { db: true, s3: true },
);
const server = await startServer(config, { log: createLogger('error') });
console.log(JSON.stringify({ url: server.url }));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
