// The one writer of error responses, for REST and the MCP endpoint's HTTP-level errors.
import type { Response } from 'express';
import { toApiError } from '../errors.ts';
import { fromPgError } from '../db/errors.ts';
import type { Logger } from '../log.ts';

export function writeError(res: Response, err: unknown, requestId: string, log: Logger): void {
  const apiErr = toApiError(fromPgError(err));
  if (apiErr.code === 'internal_error') {
    // The cause goes to the log only; the client sees the registry's generic message.
    log.error('request failed', { requestId, error: err instanceof Error ? err.stack : String(err) });
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(apiErr.status).set(apiErr.headers).json(apiErr.body(requestId));
}
