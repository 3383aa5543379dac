// Writes the bench's latest table into docs/performance.md between two markers, leaving the hand-written text around
// it alone. A run of some figures replaces only their rows: each row keeps the date and machine it was measured on.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release } from 'node:os';
import { format, resolveConfig } from 'prettier';
import type { Figure } from './figure';

export const TABLE_BEGIN = '<!-- bench:table:begin (written by npm run bench; edits inside are overwritten) -->';
export const TABLE_END = '<!-- bench:table:end -->';

/** One row of the table: a figure's latest reading and where and when it was taken. */
export interface Reading {
  readonly n: number;
  readonly figure: string;
  readonly value: string;
  readonly target: string;
  /** true / false against the target; null when the figure is informational. */
  readonly met: boolean | null;
  readonly measured: string;
  readonly machine: string;
}

const HEADER = ['#', 'Figure', 'Reading', 'Target', 'Met', 'Measured', 'Machine'];

/** "2026-11-28 04:31 UTC": minutes are enough to tell runs apart, and UTC reads the same on every machine. */
export function measuredAt(when: Date): string {
  return `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The machine a run was on, with its load at the start: figures from a busy shared machine are noisier. */
export function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg()[0] ?? 0;
  return `${cores.length} cores (${model}), ${platform()} ${release()}, Node ${process.version}, load ${load.toFixed(1)}`;
}

/** The bench's figures as rows; a figure's number is the one its name starts with ("12. Keys table …"). */
export function readingsFromRun(figures: readonly Figure[], measured: string, machine: string): Reading[] {
  const readings = figures.map((f) => {
    const match = /^(\d+)\.\s*(.*)$/s.exec(f.figure);
    if (!match) throw new Error(`a bench figure's name must start with its number: "${f.figure}"`);
    return {
      n: Number(match[1]),
      figure: match[2] ?? '',
      value: f.value,
      target: f.target,
      met: f.meetsTarget,
      measured,
      machine,
    };
  });
  // Two figures under one number would leave only the last in the table, the other's reading lost without a word.
  const seen = new Set<number>();
  for (const r of readings) {
    if (seen.has(r.n)) throw new Error(`two bench figures are numbered ${String(r.n)}; each needs its own number`);
    seen.add(r.n);
  }
  return readings;
}

const escapeCell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').trim();

function unescapeCell(text: string): string {
  return text.trim().replace(/\\([\\|])/g, '$1');
}

/** Splits a table line into its cells, honouring `\|` and `\\` inside them. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let current = '';
  const body = line.trim().replace(/^\|/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body.charAt(i);
    if (ch === '\\' && i + 1 < body.length) {
      current += ch + body.charAt(i + 1);
      i++;
    } else if (ch === '|') {
      cells.push(unescapeCell(current));
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') cells.push(unescapeCell(current));
  return cells;
}

const metText = (met: boolean | null) => (met === null ? '—' : met ? 'yes' : '**no**');

function metFromText(text: string): boolean | null {
  if (text === 'yes') return true;
  if (text === '**no**') return false;
  return null;
}

export function renderTable(readings: readonly Reading[]): string {
  const rows = [...readings].sort((a, b) => a.n - b.n);
  const lines = [`| ${HEADER.join(' | ')} |`, `| ${HEADER.map(() => '---').join(' | ')} |`];
  for (const r of rows) {
    const cells = [String(r.n), r.figure, r.value, r.target, metText(r.met), r.measured, r.machine];
    lines.push(`| ${cells.map(escapeCell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The rows of a table renderTable wrote; a line that is not such a row is an error, never silently dropped. */
export function parseTable(block: string): Reading[] {
  const lines = block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|'));
  const readings: Reading[] = [];
  for (const line of lines.slice(2)) {
    const cells = splitRow(line);
    const n = Number(cells[0]);
    if (cells.length !== HEADER.length || !Number.isInteger(n)) {
      throw new Error(`docs/performance.md: a table row the bench did not write: ${line}`);
    }
    const [, figure = '', value = '', target = '', met = '', measured = '', machine = ''] = cells;
    readings.push({ n, figure, value, target, met: metFromText(met), measured, machine });
  }
  return readings;
}

/** The document with the fresh readings merged into its table: a figure measured now replaces its row, others stay. */
export function updatePerformanceDoc(doc: string, fresh: readonly Reading[]): string {
  const begin = doc.indexOf(TABLE_BEGIN);
  const end = doc.indexOf(TABLE_END);
  if (begin < 0 || end < begin) {
    throw new Error(`docs/performance.md has lost its table markers (${TABLE_BEGIN} … ${TABLE_END})`);
  }
  const kept = parseTable(doc.slice(begin + TABLE_BEGIN.length, end));
  const byNumber = new Map<number, Reading>(kept.map((r) => [r.n, r]));
  for (const r of fresh) byNumber.set(r.n, r);
  const table = renderTable([...byNumber.values()]);
  return `${doc.slice(0, begin + TABLE_BEGIN.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

/**
 * What run.ts calls after a run: the file rewritten in place, formatted as `npm run lint` wants it, so a run's
 * result can be committed as it is. `machine` is read when the run starts (describeMachine), before its own load.
 */
export async function writePerformanceDoc(
  path: string,
  figures: readonly Figure[],
  when: Date,
  machine: string,
): Promise<void> {
  const doc = updatePerformanceDoc(readFileSync(path, 'utf8'), readingsFromRun(figures, measuredAt(when), machine));
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(doc, { ...options, filepath: path }));
}
