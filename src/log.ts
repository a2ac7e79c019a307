// Structured JSON lines on stdout, written by pino (docs/decisions.md, "Observability"). Callers
// pass fields, never secrets: API keys, tokens, webhook secrets, signing keys and email addresses
// are not logged anywhere (the access log, src/http/access-log.ts, is built from an allowlist).
//
// Every line written while a request or a job runs carries its scope (request id, organization,
// task, job id; the trace id when tracing is on), so a handler's or a job's own lines need not
// pass them: a job's through AsyncLocalStorage (withLogScope), a request's through the logger it
// is given (scopedLogger: RequestContext.log). A request does not run in an AsyncLocalStorage
// scope: every tick it queues in one carries the scope's frame (docs/decisions.md, "A request's
// log scope"). An Error in the fields is written as its type, message,
// code and stack only (and its cause, alike): never its other properties, which for a Postgres
// error include the statement's parameters.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream } from 'pino';
import { currentTraceId } from './tracing.ts';

export type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Whether lines of `level` are written: a caller skips building a line nobody writes. */
  enabled(level: Exclude<Level, 'silent'>): boolean;
}

/**
 * What the lines of one request or job carry. `audit` is the request's access-log record
 * (src/http/access-log.ts), filled in as the request is authenticated: lines written before the
 * caller is known have no organization, those after it do.
 */
export interface LogScope {
  requestId?: string;
  audit?: { orgId?: string };
  orgId?: string;
  task?: string;
  jobId?: string;
}

const scopes = new AsyncLocalStorage<LogScope>();

/** Runs `fn` with `scope` on every line it (and what it awaits) logs. */
export function withLogScope<T>(scope: LogScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/**
 * Names the organization a job works for, once it has read its row: the job's lines from here on
 * carry it (a request's organization comes from its authentication instead). Outside a scope: nothing.
 */
export function logOrganization(orgId: string): void {
  const s = scopes.getStore();
  if (s && !s.audit) s.orgId = orgId;
}

/**
 * A logger whose lines carry `scope` (read as each line is written, so the lines after
 * authentication carry the organization); a line's own fields win.
 */
export function scopedLogger(log: Logger, scope: LogScope): Logger {
  return new ScopedLogger(log, scope);
}

/** scopedLogger's: one object per request (no closure per level), nothing built for a level not written. */
class ScopedLogger implements Logger {
  private readonly log: Logger;
  private readonly scope: LogScope;
  constructor(log: Logger, scope: LogScope) {
    this.log = log;
    this.scope = scope;
  }
  private line(level: Exclude<Level, 'silent'>, msg: string, fields?: Record<string, unknown>): void {
    if (this.log.enabled(level)) this.log[level](msg, { ...fieldsOf(this.scope), ...fields });
  }
  debug(msg: string, fields?: Record<string, unknown>): void {
    this.line('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.line('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.line('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.line('error', msg, fields);
  }
  enabled(level: Exclude<Level, 'silent'>): boolean {
    return this.log.enabled(level);
  }
}

/** The fields a line gets from its job's scope (pino's mixin: called only for lines that are written). */
function scopeFields(): Record<string, unknown> {
  return fieldsOf(scopes.getStore());
}

function fieldsOf(s: LogScope | undefined): Record<string, unknown> {
  const traceId = currentTraceId();
  if (!s) return traceId ? { traceId } : {};
  const out: Record<string, unknown> = {};
  if (s.requestId !== undefined) out.requestId = s.requestId;
  const orgId = s.audit ? (s.audit.orgId ?? null) : s.orgId;
  if (orgId !== undefined) out.orgId = orgId;
  if (s.task !== undefined) out.task = s.task;
  if (s.jobId !== undefined) out.jobId = s.jobId;
  if (traceId) out.traceId = traceId;
  return out;
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError | string;
}

/** An Error as the log writes it: an allowlist of its fields, its cause likewise (two levels at most). */
function loggedError(err: Error, depth = 0): LoggedError {
  const out: LoggedError = { type: err.name, message: err.message };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = String(code);
  if (err.stack) out.stack = err.stack;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error && depth < 2) out.cause = loggedError(cause, depth + 1);
  return out;
}

function withErrors(fields: Record<string, unknown>): Record<string, unknown> {
  for (const key in fields) {
    if (fields[key] instanceof Error)
      return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? loggedError(v) : v]));
  }
  return fields;
}

export function createLogger(level: Level = 'info', write?: (line: string) => void): Logger {
  // Synchronous writes to stdout: a line logged just before process.exit (the end of a drain) is
  // not lost in a buffer, and the order of lines is the order of calls, as before pino.
  const destination: DestinationStream = write
    ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 1, sync: true });
  const p = pino(
    {
      level,
      base: null,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: scopeFields,
      // Belt and braces behind the rule that callers never pass secrets: these keys are censored
      // wherever a caller might put one at the top of a line.
      redact: {
        paths: ['authorization', 'token', 'sessionToken', 'secret', 'password', 'apiKey'],
        censor: '[redacted]',
      },
    },
    destination,
  );
  // The level is fixed for the logger's life: a line below it costs one test of a constant.
  const on = {
    debug: p.isLevelEnabled('debug'),
    info: p.isLevelEnabled('info'),
    warn: p.isLevelEnabled('warn'),
    error: p.isLevelEnabled('error'),
  };
  const emit = (lvl: Exclude<Level, 'silent'>) => {
    const enabled = on[lvl];
    return (msg: string, fields?: Record<string, unknown>): void => {
      if (!enabled) return;
      if (fields) p[lvl](withErrors(fields), msg);
      else p[lvl](msg);
    };
  };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    enabled: (lvl) => on[lvl],
  };
}
