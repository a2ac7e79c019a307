// THE list of what the contract promises but later issues build. Each entry answers 501
// `not_implemented` (REST and MCP alike), and `make fuzz` excludes exactly these operations.
// It must shrink to nothing: remove an entry in the change that implements it.
import type { OperationId } from '../generated/operations.ts';

export const NOT_IMPLEMENTED = {
  operations: [
  ] as const satisfies readonly OperationId[],
  /** MCP tools without a REST counterpart that are not built yet. */
  tools: [] as readonly string[],
};
