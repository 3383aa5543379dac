// The built app in browser mode for the benchmarks: start serve.js on a temporary data dir (the e2e helper), call its
// bridge over loopback HTTP like the renderer does, read the process's CPU time and RSS from /proc.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import type { AccountDraft } from '../../../src-shared/contract';
import { keyringHome, startKeydesk, type KeydeskProcess, type StartOptions } from '../../e2e/support/keydesk-process';
import { launchCodeOf, openBridgeSession } from '../../support/bridge-session';

export interface BenchApp {
  readonly process: KeydeskProcess;
  readonly pid: number;
  /** The bridge session's Cookie header (name=value): the launch code opens once, so pages reuse this session. */
  readonly cookie: string;
  /** The app's page URL without a launch code (pages carry the session cookie instead). */
  readonly pageUrl: string;
  invoke<T = unknown>(channel: string, args?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export const newDataDir = (): string => mkdtempSync(join(tmpdir(), 'keydesk-bench-'));

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  rmSync(keyringHome(dir), { recursive: true, force: true });
}

/** The pid serving the bridge: the process listening on the app's port (node itself, also under dbus-run-session). */
function pidOf(port: number): number {
  const out = spawnSync('sh', ['-c', `ss -ltnpH 'sport = :${port}'`], { encoding: 'utf8' }).stdout;
  const match = /pid=(\d+)/.exec(out);
  if (!match?.[1]) throw new Error(`no process listens on port ${port}: ${out}`);
  return Number(match[1]);
}

export async function startApp(dataDir: string, options: StartOptions = {}): Promise<BenchApp> {
  const proc = await startKeydesk(dataDir, options);
  const url = new URL(proc.url);
  const cookie = await openBridgeSession(proc.origin, launchCodeOf(proc.url));
  const pid = pidOf(Number(url.port));
  return {
    process: proc,
    pid,
    cookie,
    pageUrl: `${proc.origin}/#/keys`,
    async invoke<T>(channel: string, args?: unknown): Promise<T> {
      const res = await fetch(`${proc.origin}/bridge/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: proc.origin },
        body: JSON.stringify({ args: args ?? null }),
      });
      const result = (await res.json()) as { ok: boolean; value?: T; error?: unknown };
      if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
      return result.value as T;
    },
    stop: () => proc.stop(),
  };
}

/** Gives a browser context the bench's bridge session, as a reload of the launched page would have it. */
export async function shareSession(context: BrowserContext, app: BenchApp): Promise<void> {
  const [name = '', value = ''] = app.cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: app.process.origin, httpOnly: true, sameSite: 'Strict' }]);
}

export async function addAccounts(app: BenchApp, drafts: readonly AccountDraft[]): Promise<string[]> {
  const ids: string[] = [];
  for (const draft of drafts) {
    const outcome = await app.invoke<{ status: string; account?: { id: string } }>('accounts:add', draft);
    if (outcome.status !== 'done' || !outcome.account)
      throw new Error(`accounts:add ${draft.label}: ${outcome.status}`);
    ids.push(outcome.account.id);
  }
  return ids;
}

let clockTicks: number | null = null;

/** utime + stime of a process, in milliseconds (from /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3 (state).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / clockTicks;
}

/** Resident set size in bytes (VmRSS of /proc/<pid>/status). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? Number.NaN) * 1024;
}

/**
 * Resident set size in bytes as a walk of the page tables counts it (Rss of /proc/<pid>/smaps_rollup). VmRSS comes
 * from the kernel's per-CPU counters, which can lag pages another thread has just returned (V8 unmaps freed heap
 * pages from a background thread).
 */
export function residentBytes(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = /^Rss:\s+(\d+) kB/m.exec(rollup)?.[1];
  return Number(kb ?? Number.NaN) * 1024;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
