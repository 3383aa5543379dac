// A fake KeydeskApi for renderer tests: the real buildApi over an in-memory main (settings and app info), with
// call recording, pushed events, and per-channel overrides for failures and slow answers.
import {
  buildApi,
  fail,
  ok,
  type AccountsSnapshot,
  type AppInfo,
  type BalanceView,
  type EventMap,
  type EventName,
  type InvokeChannel,
  type InvokeFn,
  type Result,
  type Settings,
  type SettingsPatch,
  type SubscribeFn,
  type UpdateStatus,
  type VaultStatus,
} from '../../../src-shared/contract';

type Handler = (args: unknown) => Promise<Result<unknown>>;

export const MEMORY_VAULT: VaultStatus = {
  backend: 'memory',
  isPersistent: false,
  isLocked: false,
  hasPassphrase: false,
  reasons: [{ note: 'memory_session_only' }],
  isPassphraseSuggested: true,
  problems: [],
};
export const APP_INFO: AppInfo = { name: 'Keydesk', version: '9.8.7', mode: 'browser', platform: 'linux' };
/** Browser mode's updater: nothing to check or download (updates come with the desktop app). */
export const BROWSER_UPDATES: UpdateStatus = {
  support: 'browser_mode',
  packageFormat: null,
  currentVersion: '9.8.7',
  isEnabled: true,
  mirrorUrl: null,
  phase: 'idle',
  release: null,
  progress: null,
  downloadFailure: null,
  lastCheck: null,
  nextCheckAt: null,
};
export const DEFAULT_SETTINGS: Settings = {
  language: null,
  theme: 'system',
  refreshIntervalMinutes: 5,
  closeToTray: true,
  launchAtLogin: false,
  alertSound: false,
  expiringWithinDays: 7,
  deleteExportsAfterDays: null,
  trayTitle: 'total',
};

function createFakeKeydesk() {
  let settings: Settings = DEFAULT_SETTINGS;
  const calls: { channel: InvokeChannel; args: unknown }[] = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const overrides = new Map<InvokeChannel, Handler>();

  const emit = <E extends EventName>(event: E, payload: EventMap[E]): void => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };

  // Behaves like main: update merges, answers with the new settings and broadcasts them.
  // Channels without a default answer `unavailable` until a test overrides them.
  const defaults: Partial<Record<InvokeChannel, Handler>> = {
    'app:info': () => Promise.resolve(ok(APP_INFO)),
    // What main composes: each part as its own channel (overrides included) answers.
    'app:firstFrame': async () =>
      ok({
        settings: (await invoke('settings:get', undefined)) as Result<Settings>,
        accounts: (await invoke('accounts:list', undefined)) as Result<AccountsSnapshot>,
        balances: (await invoke('quota:snapshot', undefined)) as Result<readonly BalanceView[]>,
      }),
    'settings:get': () => Promise.resolve(ok(settings)),
    'settings:update': (args) => {
      settings = { ...settings, ...(args as SettingsPatch) };
      emit('settings:changed', settings);
      return Promise.resolve(ok(settings));
    },
    // Accounts and the vault: none, and session-only storage, until a test overrides them.
    'accounts:list': () => Promise.resolve(ok({ accounts: [], activeId: null })),
    'vault:status': () => Promise.resolve(ok(MEMORY_VAULT)),
    // Keys: no accounts until a test overrides it.
    // Quota and alerts: nothing known until a test overrides them.
    'quota:snapshot': () => Promise.resolve(ok([])),
    'quota:refresh': () => Promise.resolve(ok([])),
    'quota:history': (args) =>
      Promise.resolve(ok({ accountId: (args as { accountId: string }).accountId, samples: [], daysLeft: null })),
    'alerts:list': () => Promise.resolve(ok([])),
    'alerts:acknowledge': () => Promise.resolve(ok([])),
    'alerts:resolveRunaway': () => Promise.resolve(ok([])),
    'updates:status': () => Promise.resolve(ok(BROWSER_UPDATES)),
  };

  const invoke: InvokeFn = (channel, args) => {
    calls.push({ channel, args });
    const handler = overrides.get(channel) ?? defaults[channel];
    return handler ? handler(args) : Promise.resolve(fail({ code: 'unavailable', serverMessage: `fake: ${channel}` }));
  };
  const subscribe: SubscribeFn = (event, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };

  return {
    api: buildApi(invoke, subscribe),
    calls,
    emit,
    /** Replaces one channel's behaviour until reset(). */
    override(channel: InvokeChannel, handler: Handler): void {
      overrides.set(channel, handler);
    },
    failWith(channel: InvokeChannel, code: Parameters<typeof fail>[0]['code'], serverMessage?: string): void {
      overrides.set(channel, () =>
        Promise.resolve(fail(serverMessage === undefined ? { code } : { code, serverMessage })),
      );
    },
    setSettings(next: Settings): void {
      settings = next;
    },
    listenerCount(event: EventName): number {
      return listeners.get(event)?.size ?? 0;
    },
    callsTo(channel: InvokeChannel): unknown[] {
      return calls.filter((call) => call.channel === channel).map((call) => call.args);
    },
    reset(): void {
      settings = DEFAULT_SETTINGS;
      calls.length = 0;
      listeners.clear();
      overrides.clear();
    },
  };
}

/** One fake per test file: `vi.mock` the bridge module to `{ keydesk: fake.api }` and reset it between tests. */
export const fake = createFakeKeydesk();

/** A promise with its resolver exposed, for answers that arrive when the test says so. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
