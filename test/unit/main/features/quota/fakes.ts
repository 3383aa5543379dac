// Fakes for the quota services: an in-memory document store, a directory of scripted accounts, a recording
// notifier and tray port.
import type { AccountKind, Result, Thresholds } from '../../../../../src-shared/contract';
import { DEFAULT_UNITS } from '../../../../../src-shared/units';
import { AppErrorException } from '../../../../../src-main/errors';
import type { ManagementClient } from '../../../../../src-main/gateway';
import type {
  NativeNotification,
  NotifierPort,
  TrayAction,
  TrayModel,
  TrayPort,
} from '../../../../../src-main/platform/ports';
import type { AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import type { AccountDirectory } from '../../../../../src-main/features/accounts/account-directory';
import type { DocumentStore } from '../../../../../src-main/vault/config.store';

export class MemoryStore<T> implements DocumentStore<T> {
  writes = 0;
  constructor(public value: T) {}
  read(): T {
    return this.value;
  }
  write(value: T): void {
    this.writes += 1;
    this.value = structuredClone(value);
  }
}

export interface FakeAccount {
  id: string;
  label: string;
  kind: AccountKind;
  thresholds: Thresholds;
  /** Answers of GET /api/user/self (quota), in order; the last repeats. */
  answers: (() => Promise<Result<{ quota: number; used_quota: number }>>)[];
}

export function fakeDirectory(accounts: FakeAccount[]) {
  const listeners = new Set<() => void>();
  let activeId: string | null = accounts[0]?.id ?? null;
  const switched: string[] = [];
  const calls = new Map<string, number>();
  const handle = (a: FakeAccount): AccountHandle => ({
    id: a.id,
    kind: a.kind,
    label: a.label,
    units: DEFAULT_UNITS,
    isDisabled: false,
    isHidden: false,
    thresholds: a.thresholds,
  });
  const find = (id: string) => {
    const a = accounts.find((x) => x.id === id);
    if (!a) throw new AppErrorException({ code: 'not_found' });
    return a;
  };
  const directory: AccountDirectory = {
    list: () => accounts.map(handle),
    get: (id) => handle(find(id)),
    management: (id) => {
      const a = find(id);
      const client = {
        getSelf: () => {
          const n = calls.get(id) ?? 0;
          calls.set(id, n + 1);
          const answer = a.answers[Math.min(n, a.answers.length - 1)];
          return answer ? answer() : Promise.resolve({ ok: false, error: { code: 'network' } });
        },
      };
      return Promise.resolve(client as unknown as ManagementClient);
    },
    keyClient: () => Promise.reject(new AppErrorException({ code: 'validation' })),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    activeId: () => activeId,
    switch: (id) => {
      activeId = id;
      switched.push(id);
    },
  };
  return {
    directory,
    switched,
    calls,
    changed: () => {
      for (const l of listeners) l();
    },
  };
}

export const okSelf =
  (quota: number, used = 0) =>
  () =>
    Promise.resolve<Result<{ quota: number; used_quota: number }>>({ ok: true, value: { quota, used_quota: used } });

export function recordingNotifier(isNative = true) {
  const shown: NativeNotification[] = [];
  let click: (id: string) => void = () => undefined;
  let press: (id: string) => void = () => undefined;
  const notifier: NotifierPort = {
    isNative,
    notify: (n) => shown.push(n),
    onClick: (listener) => {
      click = listener;
    },
    onAction: (listener) => {
      press = listener;
    },
  };
  return { notifier, shown, click: (id: string) => click(id), press: (actionId: string) => press(actionId) };
}

export function recordingTray() {
  const models: TrayModel[] = [];
  let action: (a: TrayAction) => void = () => undefined;
  let open: () => void = () => undefined;
  let isDisposed = false;
  const port: TrayPort = {
    render: (m) => models.push(m),
    onAction: (l) => {
      action = l;
    },
    onOpen: (l) => {
      open = l;
    },
    dispose: () => {
      isDisposed = true;
    },
  };
  return {
    port,
    models,
    click: (a: TrayAction) => action(a),
    open: () => open(),
    isDisposed: () => isDisposed,
  };
}
