// How large and how deep a request body may be. The byte limits are contract facts computed by
// codegen (codegen/body-limits.ts) from each operation's request schema and carried by the
// operation table; the depth bound is this service's own, against stack overflows.
import {
  mcpBodyLimit,
  operationIds,
  operationTable,
  unboundedBodyBytes,
  type OperationId,
} from '../generated/operations.ts';

/** The cap where the contract sets no bound (e.g. a project spec, an open object). */
export const UNBOUNDED_BODY_BYTES = unboundedBodyBytes;
/** Nesting deeper than this is refused (400) before anything walks the value. */
export const MAX_BODY_DEPTH = 32;

/** Bytes each JSON operation accepts, from its request schema (UNBOUNDED_BODY_BYTES where open). */
export const BODY_LIMITS: Readonly<Record<OperationId, number>> = Object.freeze(
  Object.fromEntries(operationIds.map((id) => [id, operationTable[id].bodyLimit])) as Record<OperationId, number>,
);

/** The MCP endpoint: a JSON-RPC envelope around the largest tool call. */
export const MCP_BODY_LIMIT = mcpBodyLimit;

/**
 * A body of at least this many bytes is large: read within its organization's budget
 * (pipeline.ts readBody), and parsed, scanned and validated on the large-body thread
 * (body-thread.ts), or on the event loop in separate turns when the thread is not there.
 */
export const LARGE_BODY_BYTES = 64 * 1024;
