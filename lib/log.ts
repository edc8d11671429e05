/**
 * Plain one-line logs: `LEVEL message key=value ...`. The dev orchestrator prefixes each
 * process's lines with its name, so logs stay readable side by side; in containers the
 * same lines go to stdout for the platform's collector.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function formatValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.message);
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Logger {
  const threshold = ORDER[level];
  const log = (lvl: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold) return;
    const rest = fields
      ? Object.entries(fields)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${formatValue(v)}`)
          .join(' ')
      : '';
    write(`${lvl.toUpperCase().padEnd(5)} ${message}${rest ? ` ${rest}` : ''}`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
