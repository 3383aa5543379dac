// The app's logger: structured lines, every message and field passed through the redactor first.
import { redact, redactString } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(scope: string): Logger;
}

/** Where formatted, already-redacted lines go (stderr, a file, a test's array). */
export type LogSink = (line: string, level: LogLevel) => void;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

export interface LoggerOptions {
  readonly sink?: LogSink;
  readonly level?: LogLevel;
  readonly scope?: string;
  /**
   * The platform's clock (epoch ms): the entry gives the one its platform uses (systemClock), a test its own. The
   * logger exists before the platform, whose adapters log, so it cannot take the Core's.
   */
  readonly now: () => number;
}

export function createLogger(options: LoggerOptions): Logger {
  const sink = options.sink ?? stderrSink;
  const threshold = ORDER[options.level ?? 'info'];
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    if (ORDER[level] < threshold) return;
    const record: Record<string, unknown> = {
      time: new Date(options.now()).toISOString(),
      level,
      message: redactString(message),
    };
    if (options.scope) record.scope = options.scope;
    if (fields) record.fields = redact(fields);
    sink(JSON.stringify(record), level);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (scope) => createLogger({ ...options, scope: options.scope ? `${options.scope}.${scope}` : scope }),
  };
}
