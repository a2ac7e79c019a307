// `make dev` runs with limits sized for a local test suite; production keeps its defaults.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { devLimits } from '../../src/dev/limits.ts';

describe('development limits', () => {
  it('let a local suite send thousands of requests a minute, while production keeps 600 per key', () => {
    const dev = loadConfig({ ...devLimits({}) }, {});
    expect(dev.rateLimits.api!.points / dev.rateLimits.api!.windowSeconds).toBeGreaterThanOrEqual(1000);
    expect(dev.invites.perRecipientPerDay).toBeGreaterThanOrEqual(1000);
    expect(dev.invites.resendCooldownMinutes).toBe(0);
    const production = loadConfig({}, {});
    expect(production.rateLimits.api).toEqual({ points: 600, windowSeconds: 60 });
    expect(production.invites.perRecipientPerDay).toBe(5);
  });

  it('a value the developer sets wins', () => {
    expect(loadConfig({ ...devLimits({ RATE_LIMIT_API: '5/60' }) }, {}).rateLimits.api).toEqual({
      points: 5,
      windowSeconds: 60,
    });
  });
});
