// The access log: one line per request, written when the response is finished, for audit and
// operations. It is built from an allowlist of fields: request id, method, path (without the
// query string: a link of the old form carried a token there), operation, status, duration,
// organization, API key id (or AI validator key id), validator user and session id, and the client
// address. Never a header, a query, a body or a token. Handlers add what they learn with
// `audit(res, {...})`. The client address is the one rate limits believe: the peer, or behind
// TRUST_PROXY_HOPS proxies listed in TRUSTED_PROXIES the X-Forwarded-For entry they vouch for, as
// written (rate limits key IPv6 by /64).
import type { Request, Response } from 'express';
import type { Logger } from '../log.ts';
import { loggedClientAddress, type ProxyTrust } from './rate-limit.ts';

export interface AuditFields {
  operation?: string;
  orgId?: string;
  keyId?: string;
  userId?: string;
  sessionId?: string;
}

/**
 * Adds to the request's record, in place: the log scope of the request's lines (src/log.ts) holds
 * the same object, so the lines written after authentication carry the organization.
 */
export function audit(res: Response, fields: AuditFields): void {
  if (!res.locals.audit) res.locals.audit = {};
  Object.assign(res.locals.audit as AuditFields, fields);
}

/** Starts the request's record (`res.locals.audit`) and writes its line when the response is finished. */
export function accessLog(req: Request, res: Response, log: Logger, trust: ProxyTrust): AuditFields {
  const record: AuditFields = {};
  res.locals.audit = record;
  // A log level above info writes no access line: nothing is kept for one.
  if (!log.enabled('info')) return record;
  const started = performance.now();
  // Read now: by the time the response is finished the socket may be detached from the request.
  const client = loggedClientAddress(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trust);
  res.once('finish', () => {
    const a = record;
    log.info('request', {
      requestId: res.locals.requestId as string,
      method: req.method,
      path: req.originalUrl.split('?')[0],
      operation: a.operation ?? null,
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      orgId: a.orgId ?? null,
      keyId: a.keyId ?? null,
      // The validator at work: a person (with the session) or an AI validator (with its key).
      ...(a.userId ? { userId: a.userId } : {}),
      ...(a.sessionId ? { sessionId: a.sessionId } : {}),
      client,
    });
  });
  return record;
}
