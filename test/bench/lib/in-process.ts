// The accounts service and the quota monitor built in this process, as app.ts builds them, but with the monitor on a
// fake clock and the HTTP port counted: requests stay real (loopback to the emulator), time is simulated.
import { systemClock } from '../../../src-main/platform/system-clock';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountDraft } from '../../../src-shared/contract';
import { EventBus } from '../../../src-main/event-bus';
import { CriticalBudget, HttpTransport, SEARCH_BUDGET_DEFAULTS, type FetchPort } from '../../../src-main/gateway';
import { createLogger, type Logger } from '../../../src-main/log/logger';
import { AccountsService } from '../../../src-main/features/accounts/accounts.service';
import { createQuotaFeature, type QuotaFeature } from '../../../src-main/features/quota/quota.feature';
import { createAlertsFeature } from '../../../src-main/features/alerts/alerts.feature';
import { testCore } from '../../support/test-core';
import { InAppOnlyNotifier, noPowerEvents, noTray } from '../../../src-main/platform/node/in-app.notifier';
import { DEFAULT_SETTINGS } from '../../../src-main/features/settings/settings.service';
import { openAccounts } from '../../support/accounts';
import { FakeClock, seededRandom } from '../../support/fake-clock';

export const silentLogger: Logger = createLogger({ now: Date.now, sink: () => undefined, level: 'error' });

/** One HTTP request the app made, at the monitor's (virtual) time. */
export interface SentRequest {
  readonly at: number;
  readonly method: string;
  readonly url: string;
  /** New-Api-User (management calls) or the bearer credential (key calls). */
  readonly userId: string | null;
  readonly bearer: string | null;
}

export interface InProcessApp {
  readonly accounts: AccountsService;
  readonly sent: SentRequest[];
  readonly clock: FakeClock;
  /** The transport's per-host critical budget, on the simulated clock like the monitor. */
  readonly budget: CriticalBudget;
  /** The transport's per-host key-search budget, on the same clock. */
  readonly searchBudget: CriticalBudget;
  /** Starts the quota monitor on the fake clock (after the accounts are added). */
  startQuota(refreshIntervalMinutes?: number): QuotaFeature;
  close(): Promise<void>;
}

export async function inProcessApp(startMs = 1_780_000_000_000, seed = 8): Promise<InProcessApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keydesk-bench-'));
  let inFlight = 0;
  const sent: SentRequest[] = [];
  const idle = async (): Promise<void> => {
    // Bounded: at most ~10 s of real time for the requests a timer started to settle.
    for (let round = 0, quiet = 0; round < 5_000 && quiet < 3; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, inFlight > 0 ? 2 : 0));
      quiet = inFlight === 0 ? quiet + 1 : 0;
    }
  };
  const clock = new FakeClock({ start: startMs, random: seededRandom(seed), settle: idle });
  const fetchPort: FetchPort = async (url, init) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const auth = headers.Authorization ?? headers.authorization ?? null;
    sent.push({
      at: clock.now(),
      method: init.method ?? 'GET',
      url,
      userId: headers['New-Api-User'] ?? null,
      bearer: auth === null ? null : auth.replace(/^Bearer /, ''),
    });
    inFlight += 1;
    try {
      const response = await fetch(url, init);
      const body = await response.arrayBuffer();
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      inFlight -= 1;
    }
  };
  // Simulated time: a request held back never queues (a real wait would not move the fake clock), it answers with
  // the wait at once, as a long wait does in the app.
  const budgetClock = {
    now: () => clock.now(),
    sleep: (ms: number, signal?: AbortSignal) => systemClock.sleep(ms, signal),
  };
  const budget = new CriticalBudget({ clock: budgetClock, maxQueueMs: 0 });
  const searchBudget = new CriticalBudget({ clock: budgetClock, ...SEARCH_BUDGET_DEFAULTS, maxQueueMs: 0 });
  const events = new EventBus();
  const { service: accounts } = await openAccounts({
    dir: dataDir,
    sources: { safeStorage: null, keyring: null },
    clock: systemClock,
    transport: new HttpTransport({
      fetch: fetchPort,
      logger: silentLogger,
      clock: systemClock,
      criticalBudget: budget,
      searchBudget,
    }),
    events,
    log: silentLogger,
  });
  // The quota feature's own Core: its stores in a folder of their own (the accounts' vault stays the only one here).
  const coreDir = join(dataDir, 'core');
  mkdirSync(coreDir);
  const core = await testCore(coreDir, {
    log: silentLogger,
    // Browser mode's shell: no tray, notifications or power events to measure.
    platform: {
      clock,
      tray: noTray,
      notifier: new InAppOnlyNotifier(),
      power: noPowerEvents,
      window: { show: () => undefined, quit: () => undefined },
    },
  });
  let quota: QuotaFeature | null = null;
  return {
    accounts,
    sent,
    clock,
    budget,
    searchBudget,
    startQuota: (refreshIntervalMinutes = DEFAULT_SETTINGS.refreshIntervalMinutes) => {
      core.settings.update({ refreshIntervalMinutes });
      quota = createQuotaFeature(core, {
        accounts,
        alerts: createAlertsFeature(core, { accounts }).service,
      });
      return quota;
    },
    close: async () => {
      quota?.dispose();
      await idle();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Adds accounts one by one; throws on the first refusal. Adding many accounts of one site signs in to each (a
 * critical request): with `clock`, a refusal by Keydesk's own budget moves simulated time past the wait and tries
 * again, so setup never counts against what a figure measures.
 */
export async function addAll(
  accounts: AccountsService,
  drafts: readonly AccountDraft[],
  clock?: FakeClock,
): Promise<string[]> {
  const ids: string[] = [];
  for (const draft of drafts) {
    let r = await accounts.add(draft);
    while (clock && !r.ok && r.error.isLocalLimit === true && r.error.retryAfterMs !== undefined) {
      await clock.advanceTo(clock.now() + r.error.retryAfterMs);
      r = await accounts.add(draft);
    }
    if (!r.ok) throw new Error(`accounts.add(${draft.label}) failed: ${JSON.stringify(r.error)}`);
    if (r.value.status !== 'done') throw new Error(`accounts.add(${draft.label}) asked for a second factor`);
    ids.push(r.value.account.id);
  }
  return ids;
}
