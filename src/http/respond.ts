// The one writer of error responses, for REST and the MCP endpoint's HTTP-level errors.
import type { Response } from 'express';
import { toApiError } from '../errors.ts';
import { fromPgError } from '../db/errors.ts';
import { fromStorageError } from '../storage/s3.ts';
import type { Logger } from '../log.ts';

export function writeError(res: Response, err: unknown, requestId: string, log: Logger): void {
  const apiErr = toApiError(fromStorageError(fromPgError(err)));
  if (apiErr.code === 'internal_error') {
    // The cause goes to the log only; the client sees the registry's generic message.
    log.error('request failed', { requestId, error: err instanceof Error ? err.stack : String(err) });
  } else if (apiErr.code === 'service_unavailable') {
    // One line, no stack: an outage would otherwise fill the log with identical traces.
    const cause = (apiErr as { cause?: { code?: string; name?: string; message?: string } }).cause;
    log.warn('dependency unavailable', {
      requestId,
      message: apiErr.message,
      cause: cause?.code ?? cause?.name ?? cause?.message,
    });
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(apiErr.status).set(apiErr.headers).json(apiErr.body(requestId));
}
