// The access log: one line per request, written when the response is finished, for audit and
// operations. It is built from an allowlist of fields: request id, method, path (without the
// query string: a link of the old form carried a token there), operation, status, duration,
// organization, API key id (or AI validator key id), validator user and session id, and the
// client address. Never a header, a query, a body or a token. Handlers add what they learn with
// `audit(res, {...})`.
import type { Request, Response } from 'express';
import type { Logger } from '../log.ts';

export interface AuditFields {
  operation?: string;
  orgId?: string;
  keyId?: string;
  userId?: string;
  sessionId?: string;
}

export function audit(res: Response, fields: AuditFields): void {
  res.locals.audit = { ...(res.locals.audit as AuditFields | undefined), ...fields };
}

export function accessLog(req: Request, res: Response, log: Logger): void {
  const started = performance.now();
  // Read now: by the time the response is finished the socket may be detached from the request.
  const client = req.socket?.remoteAddress ?? null;
  res.once('finish', () => {
    const a = (res.locals.audit ?? {}) as AuditFields;
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
}
