// The logger's lines carry the time of the clock it was given (the platform's), never a clock of its own.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/log/logger';

describe('createLogger', () => {
  it("stamps each line, its children's too, with the given clock's time", () => {
    const lines: string[] = [];
    let time = Date.UTC(2031, 0, 2, 3, 4, 5);
    const log = createLogger({ now: () => time, sink: (line) => lines.push(line) });
    log.info('first');
    time += 1500;
    log.child('scope').warn('second');
    expect(lines.map((line) => (JSON.parse(line) as { time: string }).time)).toEqual([
      '2031-01-02T03:04:05.000Z',
      '2031-01-02T03:04:06.500Z',
    ]);
  });
});
