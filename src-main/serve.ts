// Browser-mode entry: the same app under plain Node, its renderer served on 127.0.0.1 behind a one-time launch code.
// Used where the Electron binary is absent (offline machines, CI) and by the end-to-end tests.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { version } from '../package.json';
import { createApp } from './app';
import { recordingExternalLinks } from './platform/node/external-link.adapter';
import { firstFramePage, readBuildManifest } from './bridge/first-frame-page';
import { startLoopback } from './bridge/loopback.transport';
import { createLogger } from './log/logger';
import { userDataDir } from './paths';
import type { SchedulerOptions } from './schedule/scheduler';
import { nodePlatform } from './platform/node/node.platform';
import { systemClock } from './platform/system-clock';
import { acquireDataDirLock, type DataDirLock } from './vault/data-dir-lock';
import type { Logger } from './log/logger';
import { systemLanguage } from './core';
import { START_FAILED_EXIT_CODE, startFailureText } from './start-failure';

/**
 * End-to-end tests only: KEYDESK_QUOTA_TEST_FLOOR_MS shortens the one-per-minute floor and the cache (never below
 * one second) so a test can watch several refreshes without waiting minutes. Unset in every real launch.
 */
function testPollingFloor(env: NodeJS.ProcessEnv): SchedulerOptions | null {
  const raw = Number(env.KEYDESK_QUOTA_TEST_FLOOR_MS);
  if (!Number.isFinite(raw) || raw <= 0) return null;
  const floor = Math.max(1_000, raw);
  return { minSpacingMs: floor, cacheTtlMs: Math.floor(floor / 2), backoffBaseMs: floor };
}

/** End-to-end tests only: KEYDESK_SPEND_TEST_SPACING_MS shortens the 5 minutes between spend list passes. */
function testSpendSpacing(env: NodeJS.ProcessEnv): SchedulerOptions | null {
  const raw = Number(env.KEYDESK_SPEND_TEST_SPACING_MS);
  if (!Number.isFinite(raw) || raw <= 0) return null;
  const spacing = Math.max(500, raw);
  return { minSpacingMs: spacing, cacheTtlMs: Math.floor(spacing / 2), backoffBaseMs: spacing, staggerMs: 100 };
}

/**
 * End-to-end tests only: KEYDESK_SYNC_TEST_MANUAL=1 keeps sync from running by itself (no debounce or timer runs),
 * so a test steps it with Sync now. Unset in every real launch.
 */
function testSyncSchedule(env: NodeJS.ProcessEnv): { schedule: { debounceMs: number; intervalMs: number } } | null {
  if (env.KEYDESK_SYNC_TEST_MANUAL !== '1') return null;
  const day = 24 * 60 * 60_000;
  return { schedule: { debounceMs: day, intervalMs: day } };
}

/**
 * End-to-end tests only: KEYDESK_KEY_CARE_TEST_MS makes the allowances' first check after start and the rotations'
 * reads of old keys come this soon (never below half a second) instead of after 15 s and every 5 minutes.
 */
function testKeyCare(env: NodeJS.ProcessEnv): number | null {
  const raw = Number(env.KEYDESK_KEY_CARE_TEST_MS);
  return Number.isFinite(raw) && raw > 0 ? Math.max(500, raw) : null;
}

export async function serve(argv: string[] = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, open: { type: 'boolean', default: false } },
  });
  const log = createLogger({
    level: process.env.KEYDESK_LOG_LEVEL === 'debug' ? 'debug' : 'info',
    // The Node platform's clock: the logger exists before the platform, whose adapters log.
    now: () => systemClock.now(),
  });
  const dataDir = userDataDir();
  let lock: DataDirLock | null = null;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // One writer per data dir: Electron has its single-instance lock, browser mode this lock file.
    lock = acquireDataDirLock(dataDir);
    await run(values, log, dataDir, lock);
  } catch (error) {
    // One clear message, in the system's language, and a non-zero exit: never a stack trace and a hang.
    log.error('Keydesk could not start', { error: error instanceof Error ? error.message : String(error) });
    const text = startFailureText(error, systemLanguage(), dataDir);
    process.stderr.write(`${text.title}: ${text.body}\n`);
    lock?.release();
    process.exit(START_FAILED_EXIT_CODE);
  }
}

async function run(
  values: { port?: string; open: boolean },
  log: Logger,
  dataDir: string,
  lock: DataDirLock,
): Promise<void> {
  const platform = {
    ...nodePlatform(dataDir),
    // End-to-end tests only: record the deep links instead of opening them with the system's handler.
    ...(process.env.KEYDESK_TEST_LINK_LOG
      ? { externalLinks: recordingExternalLinks(process.env.KEYDESK_TEST_LINK_LOG) }
      : {}),
  };
  const quotaScheduler = testPollingFloor(process.env);
  const spendScheduler = testSpendSpacing(process.env);
  const sync = testSyncSchedule(process.env);
  const keyCareTestMs = testKeyCare(process.env);
  const app = await createApp({
    mode: 'browser',
    dataDir,
    version,
    log,
    platform,
    ...(quotaScheduler ? { quotaScheduler } : {}),
    ...(spendScheduler ? { spendScheduler } : {}),
    ...(sync ? { sync } : {}),
    ...(keyCareTestMs === null ? {} : { keyCareTestMs }),
  });
  const rendererDir = join(import.meta.dirname, '../renderer');
  const server = await startLoopback({
    router: app.router,
    events: app.events,
    rendererDir,
    log,
    port: values.port ? Number(values.port) : 0,
    // The first frame's data and the files it loads next, in the page itself: nothing waits on a request before it.
    page: firstFramePage({
      firstFrame: () => app.router.dispatch('app:firstFrame', undefined, { transport: 'loopback' }),
      manifest: readBuildManifest(rendererDir),
    }),
  });
  // One line, parsed by tests and scripts: the URL carries the one-time launch code in its fragment.
  process.stdout.write(`Keydesk is running in browser mode at ${server.url}\n`);
  // No default browser is not an error: the printed URL is enough.
  if (values.open) platform.shell.openExternal(server.url).catch(() => undefined);

  // The same ordered shutdown as the desktop app's quit (app.ts): the clipboard, calls in flight, features,
  // sessions, the last writes; then the bridge closes (the page's calls were answered or refused) and the process
  // exits. A second signal while it runs waits for the same shutdown.
  let stopping: Promise<void> | null = null;
  const stop = (): void => {
    stopping ??= app
      .dispose()
      .then(() => server.close())
      .catch((error: unknown) => {
        log.warn('shutdown did not finish cleanly', { error: String(error) });
      })
      .finally(() => {
        lock.release();
        process.exit(0);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await serve();
