import { randomBytes } from 'node:crypto';

/** `req_` + 24 base64url characters: unique enough to find one request in the logs. */
export const newRequestId = (): string => 'req_' + randomBytes(18).toString('base64url');
