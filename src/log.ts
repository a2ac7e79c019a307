// Structured JSON lines on stdout. Callers pass fields, never secrets: API keys, webhook secrets
// and signing keys are not logged anywhere.
export type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: Level = 'info',
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Logger {
  const emit =
    (lvl: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[lvl] < ORDER[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
