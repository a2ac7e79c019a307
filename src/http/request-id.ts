import { randomFillSync } from 'node:crypto';

// Random bytes drawn in blocks: one call into the CSPRNG per 227 request ids instead of one per
// request (it showed up at about 4% of the server's CPU under load, bench/README.md).
const ID_BYTES = 18;
const pool = Buffer.alloc(ID_BYTES * 227);
let offset = pool.length;

/** `req_` + 24 base64url characters: unique enough to find one request in the logs. */
export const newRequestId = (): string => {
  if (offset + ID_BYTES > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = 'req_' + pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
};
