// The bench's table in docs/performance.md: rows rendered from figures, merged by figure number so a partial run
// keeps the other figures' last readings, the hand-written text kept, and the file as the formatter wants it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import type { Figure } from '../../../bench/lib/figure';
import {
  TABLE_BEGIN,
  TABLE_END,
  measuredAt,
  parseTable,
  readingsFromRun,
  renderTable,
  updatePerformanceDoc,
  writePerformanceDoc,
} from '../../../bench/lib/performance-doc';

const figure = (name: string, value: string, meetsTarget: boolean | null, target = '≤ 1.0'): Figure => ({
  figure: name,
  value,
  ratio: null,
  target,
  meetsTarget,
  how: 'not shown in the document',
  details: {},
});

const INTRO = '# Performance\n\nWhat each figure means, written by hand.\n';
const OUTRO = '\n## After the table\n\nAlso by hand.\n';
const emptyDoc = `${INTRO}\n${TABLE_BEGIN}\n${TABLE_END}\n${OUTRO}`;

describe('the performance document', () => {
  it('renders each figure with its number, reading, target, pass or fail, date and machine', () => {
    const rows = readingsFromRun(
      [
        figure('2. Requests to reveal N keys', '1.00 for N = 1, 100', true),
        figure('9. Emulator capacity', '1,590 req/s', null, 'informational'),
        figure('7. Idle cost', '0.0071', false, '≤ 0.005'),
      ],
      '2026-11-28 04:31 UTC',
      '2 cores (Fake CPU), linux, Node v20, load 3.0',
    );
    const table = renderTable(rows);
    const lines = table.split('\n');
    expect(lines[0]).toBe('| # | Figure | Reading | Target | Met | Measured | Machine |');
    // Sorted by figure number whatever order they ran in.
    expect(lines.slice(2).map((l) => l.split('|')[1]?.trim())).toEqual(['2', '7', '9']);
    expect(lines[3]).toContain(
      '| 0.0071 | ≤ 0.005 | **no** | 2026-11-28 04:31 UTC | 2 cores (Fake CPU), linux, Node v20, load 3.0 |',
    );
    expect(lines[2]).toContain('| yes |');
    expect(lines[4]).toContain('| informational | — |');
  });

  it('reads back what it wrote, pipes and line breaks in a reading included', () => {
    const rows = readingsFromRun(
      [
        figure('5. List scaling', 'first rows 2.1 | scroll 1.0\nsearch 1.2', true),
        figure('12. Keys table', 'a \\ b', false),
      ],
      '2026-11-28 04:31 UTC',
      'm',
    );
    const back = parseTable(renderTable(rows));
    expect(back.map((r) => [r.n, r.figure, r.value, r.met])).toEqual([
      [5, 'List scaling', 'first rows 2.1 | scroll 1.0 search 1.2', true],
      [12, 'Keys table', 'a \\ b', false],
    ]);
  });

  it('replaces only the figures of a partial run and keeps the rest with their own date', () => {
    const first = updatePerformanceDoc(
      emptyDoc,
      readingsFromRun(
        [figure('1. Requests per refresh cycle', '0.68', true), figure('3. Poll budget', '1', true)],
        '2026-11-01 10:00 UTC',
        'old machine',
      ),
    );
    const second = updatePerformanceDoc(
      first,
      readingsFromRun(
        [figure('3. Poll budget', '2', false), figure('16. A new figure', '4', true)],
        '2026-11-28 04:31 UTC',
        'new machine',
      ),
    );
    const rows = parseTable(second.slice(second.indexOf(TABLE_BEGIN) + TABLE_BEGIN.length, second.indexOf(TABLE_END)));
    expect(rows.map((r) => [r.n, r.value, r.met, r.measured, r.machine])).toEqual([
      [1, '0.68', true, '2026-11-01 10:00 UTC', 'old machine'],
      [3, '2', false, '2026-11-28 04:31 UTC', 'new machine'],
      [16, '4', true, '2026-11-28 04:31 UTC', 'new machine'],
    ]);
    expect(second.startsWith(INTRO)).toBe(true);
    expect(second.endsWith(OUTRO)).toBe(true);
  });

  it('refuses a document without its markers, or with a row it did not write, rather than lose text', () => {
    expect(() => updatePerformanceDoc(INTRO, [])).toThrow(/markers/);
    const edited = `${TABLE_BEGIN}\n| # | Figure |\n| --- | --- |\n| hand-written | row |\n${TABLE_END}`;
    expect(() => updatePerformanceDoc(edited, [])).toThrow(/did not write/);
  });

  it('refuses two figures under one number rather than keep only the last', () => {
    const twins = [
      figure('14. Sync of 100 accounts', '1.0', true),
      figure('14. Requests per allowance refill', '1', true),
    ];
    expect(() => readingsFromRun(twins, 'now', 'm')).toThrow(/two bench figures are numbered 14/);
  });

  it('refuses a figure whose name does not start with its number', () => {
    expect(() => readingsFromRun([figure('Unnumbered', '1', true)], 'now', 'm')).toThrow(/number/);
  });

  it('dates a run to the minute in UTC', () => {
    expect(measuredAt(new Date(Date.UTC(2026, 10, 28, 4, 31, 59)))).toBe('2026-11-28 04:31 UTC');
  });

  describe('the file on disk', () => {
    let dir = '';
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('is written already formatted, and a second run still reads it', async () => {
      dir = mkdtempSync(join(tmpdir(), 'keydesk-perf-doc-'));
      const path = join(dir, 'performance.md');
      writeFileSync(path, emptyDoc);
      await writePerformanceDoc(
        path,
        [figure('11. Keydesk’s own critical requests per host', '0.8 (5 of its own)', true)],
        new Date(Date.UTC(2026, 10, 28)),
        'm1',
      );
      const once = readFileSync(path, 'utf8');
      expect(await format(once, { filepath: path, printWidth: 120 })).toBe(once);
      await writePerformanceDoc(path, [figure('4. Start-up', '0.82', true)], new Date(Date.UTC(2026, 10, 29)), 'm2');
      const twice = readFileSync(path, 'utf8');
      const rows = parseTable(twice.slice(twice.indexOf(TABLE_BEGIN) + TABLE_BEGIN.length, twice.indexOf(TABLE_END)));
      expect(rows.map((r) => [r.n, r.value, r.machine])).toEqual([
        [4, '0.82', 'm2'],
        [11, '0.8 (5 of its own)', 'm1'],
      ]);
      expect(twice).toContain('What each figure means, written by hand.');
    });
  });
});
