// A logger for tests that keeps its (already redacted) lines in memory.
import { createLogger, type Logger } from '../../src-main/log/logger';

export function memoryLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return { log: createLogger({ now: Date.now, level: 'debug', sink: (line) => lines.push(line) }), lines };
}
