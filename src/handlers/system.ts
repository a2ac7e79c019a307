import type { PingResult } from '../generated/handlers.ts';

/** Reaching a handler means the key was valid. */
export async function ping(): Promise<PingResult> {
  return { status: 200, body: { pong: true } };
}
