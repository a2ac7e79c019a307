// The logger (pino under src/log.ts): JSON lines with level, time and message; the scope of a
// request or job on every line written inside it; errors with their stacks and nothing else of
// them; the access log's client address behind trusted proxies.
import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger, logOrganization, scopedLogger, withLogScope } from '../../src/log.ts';
import { accessLog, audit } from '../../src/http/access-log.ts';

function capture(level: Parameters<typeof createLogger>[0] = 'debug') {
  const lines: string[] = [];
  return { log: createLogger(level, (l) => lines.push(l)), lines, parsed: () => lines.map((l) => JSON.parse(l)) };
}

describe('log lines', () => {
  it('are one JSON object per line with level, ISO time, message and fields, filtered by level', () => {
    const { log, lines, parsed } = capture('info');
    log.debug('hidden');
    log.info('shown', { n: 1 });
    log.error('bad');
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
    const [first, second] = parsed();
    expect(first).toEqual({ level: 'info', time: expect.any(String), msg: 'shown', n: 1 });
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(second).toMatchObject({ level: 'error', msg: 'bad' });
    const silent = capture('silent');
    silent.log.error('nothing');
    expect(silent.lines).toEqual([]);
  });

  it('carry the request id and, once authenticated, the organization of the scope they are written in', async () => {
    const { log, parsed } = capture();
    const record: { orgId?: string } = {};
    log.info('outside');
    // A request's lines go through its own logger (RequestContext.log), not an async scope.
    const requestLog = scopedLogger(log, { requestId: 'req_1', audit: record });
    requestLog.info('before authentication');
    record.orgId = 'org_1';
    await new Promise((r) => setTimeout(r, 1));
    requestLog.warn('after', { detail: 'x' });
    withLogScope({ task: 'ingest', jobId: '42', requestId: 'req_2' }, () => {
      log.info('in a job');
      // A job names its organization once it has read its row.
      logOrganization('org_2');
      log.info('its row read');
    });
    const [outside, before, after, job, jobWithOrg] = parsed();
    expect(outside).not.toHaveProperty('requestId');
    expect(outside).not.toHaveProperty('orgId');
    expect(before).toMatchObject({ requestId: 'req_1', orgId: null });
    expect(after).toMatchObject({ requestId: 'req_1', orgId: 'org_1', detail: 'x' });
    expect(job).toMatchObject({ task: 'ingest', jobId: '42', requestId: 'req_2' });
    expect(job).not.toHaveProperty('orgId');
    expect(jobWithOrg).toMatchObject({ task: 'ingest', jobId: '42', orgId: 'org_2' });
  });

  it('write an error as type, message, code and stack, and not its other properties', () => {
    const { log, parsed } = capture();
    // A Postgres error carries the statement's parameters: they must not reach the log.
    const err = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      parameters: ['someone@example.com', 'assay_live_secretsecret'],
      query: 'insert into users (email) values ($1)',
      detail: 'Key (email)=(someone@example.com) already exists.',
      cause: Object.assign(new TypeError('inner'), { token: 'assay_signin_tokentoken' }),
    });
    log.error('request failed', { requestId: 'r', error: err });
    const [line] = parsed();
    expect(line.error).toEqual({
      type: 'Error',
      message: err.message,
      code: '23505',
      stack: err.stack,
      cause: { type: 'TypeError', message: 'inner', stack: (err.cause as Error).stack },
    });
    expect(line.error.stack).toContain('log.test.ts');
    const text = JSON.stringify(line);
    for (const secret of ['someone@example.com', 'assay_live_secretsecret', 'assay_signin_tokentoken', 'values ($1)'])
      expect(text).not.toContain(secret);
  });

  it('censor a secret passed under a well-known key by mistake', () => {
    const { log, parsed } = capture();
    log.info('oops', { authorization: 'Bearer assay_live_x', token: 't0k3n', keyId: 'key_1' });
    const [line] = parsed();
    expect(line).toMatchObject({ authorization: '[redacted]', token: '[redacted]', keyId: 'key_1' });
  });
});

describe('access log', () => {
  /** One request through accessLog: its line once the response finishes. */
  function request(hops: number, peer: string, forwardedFor?: string) {
    const { log, parsed } = capture();
    const req = {
      method: 'GET',
      originalUrl: '/developer/v1/ping?token=secret',
      socket: { remoteAddress: peer },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    } as unknown as Request;
    const res = Object.assign(new EventEmitter(), { locals: {}, statusCode: 200 }) as unknown as Response;
    res.locals.requestId = 'req_9';
    accessLog(req, res, log, { hops, proxies: ['10.0.0.0/8'] });
    audit(res, { operation: 'ping', orgId: 'org_9', keyId: 'key_9' });
    (res as unknown as EventEmitter).emit('finish');
    return parsed()[0];
  }

  it('names the client behind TRUST_PROXY_HOPS proxies, and the peer otherwise', () => {
    expect(request(0, '10.0.0.2', '203.0.113.9').client).toBe('10.0.0.2');
    expect(request(1, '10.0.0.2', '203.0.113.9').client).toBe('203.0.113.9');
    expect(request(1, '10.0.0.2', 'forged, 203.0.113.9').client).toBe('203.0.113.9');
    expect(request(2, '10.0.0.2', 'forged, 203.0.113.9, 10.0.0.1').client).toBe('203.0.113.9');
    expect(request(1, '10.0.0.2').client).toBe('10.0.0.2');
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(request(1, '192.0.2.7', '203.0.113.9').client).toBe('192.0.2.7');
    // IPv6 as written (rate limits key it by /64; the log keeps the address).
    expect(request(1, '10.0.0.2', '2001:db8:1:2::5').client).toBe('2001:db8:1:2::5');
  });

  it('writes the allowlisted fields only', () => {
    const line = request(0, '127.0.0.1');
    expect(Object.keys(line).sort()).toEqual(
      [
        'client',
        'durationMs',
        'keyId',
        'level',
        'method',
        'msg',
        'operation',
        'orgId',
        'path',
        'requestId',
        'status',
        'time',
      ].sort(),
    );
    expect(line).toMatchObject({ path: '/developer/v1/ping', operation: 'ping', orgId: 'org_9', status: 200 });
  });
});
