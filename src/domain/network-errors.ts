// Node's error codes for a peer that could not be reached or dropped the connection: the same
// set means "unavailable, retry later" for the database (src/db/errors.ts) and object storage
// (src/storage/s3.ts).
export const NETWORK_ERROR_CODES: readonly string[] = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
];
