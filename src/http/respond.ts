// The express side of the request pipeline (pipeline.ts): a request as the pipeline's Exchange,
// and the one writer of results and error responses, for REST and the MCP endpoint's HTTP-level
// errors.
import type { Request, Response } from 'express';
import { asApiError, type Exchange } from './pipeline.ts';
import { readJsonBody } from './body.ts';
import { clientAddress } from './rate-limit.ts';
import { audit } from './access-log.ts';
import type { ApiResult } from './api.ts';
import type { AppDeps } from '../context.ts';
import type { Logger } from '../log.ts';

/** Raw query string without the `?`, so openapi-backend parses and validates it itself. */
const rawQuery = (req: Request): string => {
  const i = req.originalUrl.indexOf('?');
  return i < 0 ? '' : req.originalUrl.slice(i + 1);
};

/** The address (budget key) a request is counted under, by the configured proxy trust. */
export const requestAddress = (req: Request, deps: Pick<AppDeps, 'config'>): string =>
  clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], {
    hops: deps.config.trustProxyHops,
    proxies: deps.config.trustedProxies,
  });

export function expressExchange(req: Request, res: Response, deps: AppDeps): Exchange {
  let address: string | undefined;
  return {
    requestId: res.locals.requestId as string,
    method: req.method,
    path: req.path,
    rawQuery: rawQuery(req),
    headers: req.headers,
    clientAddress: () => {
      address ??= requestAddress(req, deps);
      return address;
    },
    readBody: (limit) => readJsonBody(req, res, limit),
    setHeaders: (headers) => {
      res.set(headers);
    },
    audit: (fields) => audit(res, fields),
  };
}

export function writeResult(res: Response, result: ApiResult): void {
  res.status(result.status);
  if (result.headers) res.set(result.headers);
  if (result.body === undefined) res.end();
  else res.json(result.body);
}

export function writeError(res: Response, err: unknown, requestId: string, log: Logger): void {
  const apiErr = asApiError(err, log, requestId);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(apiErr.status).set(apiErr.headers).json(apiErr.body(requestId));
}
