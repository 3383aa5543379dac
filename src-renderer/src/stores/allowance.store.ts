// Allowance store: every key's allowance as main last reported it (kept current by allowance:changed), what each
// account's site allows, and setting, changing or removing one. Only views: no key, no secret.
import { defineStore } from 'pinia';
import { onScopeDispose, shallowRef } from 'vue';
import type { AllowanceSetArgs, AllowanceSupport, AllowanceView, AppError, Result } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useAllowanceStore = defineStore('allowance', () => {
  const allowances = shallowRef<readonly AllowanceView[]>([]);
  const support = shallowRef<Readonly<Record<string, AllowanceSupport>>>({});

  const merge = (views: readonly AllowanceView[]): void => {
    const ids = new Set(views.map((v) => v.id));
    allowances.value = [...allowances.value.filter((a) => !ids.has(a.id)), ...views];
  };
  onScopeDispose(keydesk.on('allowance:changed', (view) => merge([view])));

  async function load(accountId: string): Promise<void> {
    const r = await keydesk.allowance.list({ accountId });
    if (!r.ok) return;
    allowances.value = [...allowances.value.filter((a) => a.accountId !== accountId), ...r.value];
  }

  /** The key's allowance: the active one, else the latest that stopped; null when it never had one. */
  function of(accountId: string, keyId: number): AllowanceView | null {
    const mine = allowances.value.filter((a) => a.accountId === accountId && a.keyId === keyId);
    return mine.find((a) => a.isActive) ?? mine[0] ?? null;
  }

  async function loadSupport(accountId: string): Promise<Result<AllowanceSupport>> {
    const r = await keydesk.allowance.support({ accountId });
    if (r.ok) support.value = { ...support.value, [accountId]: r.value };
    return r;
  }

  /** Sets (or changes) a key's allowance; the error is returned for the form that asked. */
  async function set(args: AllowanceSetArgs): Promise<AppError | null> {
    const r = await keydesk.allowance.set(args);
    if (!r.ok) return r.error;
    merge([r.value]);
    return null;
  }

  async function remove(accountId: string, keyId: number): Promise<AppError | null> {
    const r = await keydesk.allowance.remove({ accountId, keyId });
    if (!r.ok) return r.error;
    allowances.value = [
      ...allowances.value.filter((a) => !(a.accountId === accountId && a.keyId === keyId)),
      ...r.value.filter((a) => a.keyId === keyId),
    ];
    return null;
  }

  /** Moves the key's allowance to this computer (with sync, one computer runs each allowance). */
  async function runHere(accountId: string, keyId: number): Promise<AppError | null> {
    const r = await keydesk.allowance.runHere({ accountId, keyId });
    if (!r.ok) return r.error;
    merge([r.value]);
    return null;
  }

  return { allowances, support, load, of, loadSupport, set, remove, runHere };
});
