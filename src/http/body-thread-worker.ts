// The large-body thread (see body-thread.ts): parses a request body, scans it for NUL and depth,
// and runs its operation's body validator, answering what it found.
//
// Messages in:  a BodyJob {id, bytes, maxDepth, nul, operationId}.
// Messages out: {type: 'ready'} once the validators are compiled, then one
//               {type: 'result', id, ...ThreadResult} per job, in order.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { operationIds, operationTable, type OperationId } from '../generated/operations.ts';
import { compileContract, requestValidators } from './api.ts';
import { LARGE_BODY_BYTES } from './body-limits.ts';
import type { BodyJob, ThreadMessage, ThreadResult } from './body-thread.ts';
import { scanValue } from './nul.ts';

/** The operations that can receive a large body: the only ones the thread validates. */
const LARGE_BODY_OPERATIONS = operationIds.filter(
  (id) => operationTable[id].bodyType === 'application/json' && operationTable[id].bodyLimit >= LARGE_BODY_BYTES,
);

/**
 * The thread's niceness: its work gives way to the event loop's and the database's when they want
 * the CPU at once (a large body is one tenant's; the event loop and the database serve everyone).
 */
const NICENESS = 10;

// Linux sets a niceness per thread: this thread's id is the last part of /proc/thread-self. Elsewhere
// (or without /proc) the thread keeps the process's.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), NICENESS);
} catch {
  // Not Linux, or no /proc: the process's niceness.
}

const backend = await compileContract(LARGE_BODY_OPERATIONS);

/** Whether a schema has a `default` anywhere (Ajv then fills it in: the validator changes the value it checks). */
function hasDefault(schema: unknown, seen = new Set<object>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  if (!Array.isArray(schema) && Object.hasOwn(schema, 'default')) return true;
  return Object.values(schema).some((v) => hasDefault(v, seen));
}

const validators = new Map(
  LARGE_BODY_OPERATIONS.map((id) => {
    const content = (
      backend.router.getOperation(id)?.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined
    )?.content;
    return [id, { validate: requestValidators(backend, id).body!, fills: hasDefault(content) }] as const;
  }),
);

/**
 * Whether the operation's body validator passes `body` and leaves it as it was. A validator that
 * fills in defaults checks a copy: the body the request goes on with must be the one it sent (its
 * idempotency fingerprint is taken before validation), so a filled one is left to the event loop.
 */
function validatesUnchanged(operationId: OperationId, body: unknown, text: string): boolean {
  const v = validators.get(operationId);
  if (!v) return false;
  if (!v.fills) return v.validate({ requestBody: body });
  const copy: unknown = JSON.parse(text);
  return v.validate({ requestBody: copy }) && JSON.stringify(copy) === JSON.stringify(body);
}

function run(job: BodyJob): ThreadResult {
  const text = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  const found = scanValue(body, job.maxDepth, job.nul);
  if (found) return { kind: 'found', found };
  let validated = false;
  try {
    validated = job.operationId !== null && validatesUnchanged(job.operationId, body, text);
  } catch {
    // Left to the event loop, which validates as it would without the thread.
  }
  return { kind: 'parsed', body, validated };
}

const port = parentPort!;
port.on('message', (job: BodyJob) => {
  port.postMessage({ type: 'result', id: job.id, ...run(job) } satisfies ThreadMessage);
});
port.postMessage({ type: 'ready' } satisfies ThreadMessage);
