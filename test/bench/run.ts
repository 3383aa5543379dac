// `npm run bench` (after electron-vite build): runs the figures (10–11, rate budgets; 12–13, the keys table against its
// floor) against the gateway emulator, prints a Markdown table (figure, value, target, how measured) and writes
// bench-results.json. `run.ts 1 8` runs a subset.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { allowanceRefillRequests } from './figures/allowance-refill';
import { bundleSize } from './figures/bundle-size';
import { criticalBucket } from './figures/critical-bucket';
import { emulatorCapacity } from './figures/emulator-capacity';
import { floorComparison } from './figures/floor';
import { idleCost } from './figures/idle-cpu';
import { keyUpdateRequests } from './figures/key-update';
import { healthAndAuditRequests } from './figures/health-audit';
import { listScaling } from './figures/list-scaling';
import { memoryScaling } from './figures/memory';
import { pollBudget } from './figures/poll-budget';
import { requestsPerCycle } from './figures/requests-per-cycle';
import { restoreImportFigure } from './figures/restore-import';
import { revealRequests } from './figures/reveal';
import { sessionsPerDay } from './figures/sessions-per-day';
import { startupIndependence } from './figures/startup';
import { syncRequests } from './figures/sync-requests';
import { launchChromium } from './lib/browser';
import type { Figure } from './lib/figure';
import { describeMachine, writePerformanceDoc } from './lib/performance-doc';

const ROOT = join(import.meta.dirname, '..', '..');

interface Entry {
  readonly n: number;
  readonly name: string;
  readonly needsBrowser: boolean;
  readonly run: (browser: Browser | null) => Promise<Figure> | Figure;
}

const withBrowser = (fn: (browser: Browser) => Promise<Figure>) => (browser: Browser | null) => {
  if (!browser) throw new Error('no browser');
  return fn(browser);
};

const FIGURES: readonly Entry[] = [
  { n: 1, name: 'Requests per refresh cycle', needsBrowser: false, run: requestsPerCycle },
  { n: 2, name: 'Requests to reveal N keys', needsBrowser: false, run: revealRequests },
  { n: 3, name: 'Poll budget', needsBrowser: false, run: pollBudget },
  { n: 4, name: 'Start-up independent of the network', needsBrowser: true, run: withBrowser(startupIndependence) },
  { n: 5, name: 'List scaling', needsBrowser: true, run: withBrowser(listScaling) },
  { n: 6, name: 'Memory scaling', needsBrowser: false, run: memoryScaling },
  { n: 7, name: 'Idle cost', needsBrowser: true, run: withBrowser(idleCost) },
  { n: 8, name: 'Renderer size', needsBrowser: false, run: bundleSize },
  { n: 9, name: 'Emulator capacity', needsBrowser: false, run: emulatorCapacity },
  { n: 10, name: 'New sessions per password account per day', needsBrowser: false, run: sessionsPerDay },
  { n: 11, name: 'Keydesk’s own critical requests per host', needsBrowser: false, run: criticalBucket },
  { n: 12, name: 'Keys table against its floor', needsBrowser: true, run: withBrowser(floorComparison) },
  { n: 13, name: 'Requests per key update', needsBrowser: false, run: keyUpdateRequests },
  { n: 14, name: 'Sync of 100 accounts with one change', needsBrowser: false, run: syncRequests },
  { n: 15, name: 'Requests per allowance refill', needsBrowser: false, run: allowanceRefillRequests },
  { n: 16, name: 'Requests per key health check and charge audit', needsBrowser: false, run: healthAndAuditRequests },
  {
    n: 17,
    name: 'Restore and import at scale',
    needsBrowser: false,
    run: restoreImportFigure,
  },
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(figures: readonly Figure[]): string {
  const lines = ['| Figure | Value | Target | Met | How measured |', '| --- | --- | --- | --- | --- |'];
  for (const f of figures) {
    const met = f.meetsTarget === null ? '—' : f.meetsTarget ? 'yes' : '**no**';
    lines.push(`| ${cell(f.figure)} | ${cell(f.value)} | ${cell(f.target)} | ${met} | ${cell(f.how)} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2).map(Number).filter(Number.isInteger));
  const selected = FIGURES.filter((f) => wanted.size === 0 || wanted.has(f.n));
  const started = performance.now();
  const machine = describeMachine();
  const browser = selected.some((f) => f.needsBrowser) ? await launchChromium() : null;
  const figures: Figure[] = [];
  const failures: { figure: string; error: string }[] = [];
  try {
    for (const entry of selected) {
      const t0 = performance.now();
      process.stderr.write(`bench: ${entry.n}. ${entry.name} …\n`);
      try {
        const figure = await entry.run(browser);
        figures.push(figure);
        process.stderr.write(`bench:    ${figure.value} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push({ figure: `${entry.n}. ${entry.name}`, error: message });
        figures.push({
          figure: `${entry.n}. ${entry.name}`,
          value: `failed: ${message.split('\n')[0] ?? ''}`,
          ratio: null,
          target: '—',
          meetsTarget: false,
          how: 'the measurement threw; see bench-results.json',
          details: { error: message },
        });
      }
    }
  } finally {
    await browser?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${table(figures)}\n\nMeasured in ${seconds.toFixed(0)} s (${new Date().toISOString()}).\n`);
  writeFileSync(
    join(ROOT, 'bench-results.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: (await import('node:os')).cpus().length,
        seconds,
        figures,
        failures,
      },
      null,
      2,
    )}\n`,
  );
  // The latest reading of each figure run, beside the others' last ones, in the document the README links to.
  await writePerformanceDoc(join(ROOT, 'docs', 'performance.md'), figures, new Date(), machine);
  if (failures.length > 0) process.exitCode = 1;
}

await main();
