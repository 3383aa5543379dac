// The accounts registry: the accounts document (records, order, the active account), its validation and
// persistence, the views built from it, and `accounts:changed`. Nothing secret and no network: the sessions
// (account-sessions.ts) hold credentials and clients, and tell the registry an account's run-time state.
import type { AccountPatch, AccountState, AccountView, AccountsSnapshot, AppError } from '../../../src-shared/contract';
import { checkRecordLabel, checkRecordUrl, type Checked } from '../../../src-shared/rules/account-record-rules';
import type { EventBus } from '../../event-bus';
import { raise } from '../../errors';
import type { DocumentStore } from '../../vault/config.store';
import { accountMoney, type SiteMoneyLookup } from '../site/account-money';
import type { AccountHandle } from './account-directory';
import type { AccountRecord, AccountsDocument } from './account-records';

/** The gate's value, or its refusal as a validation error naming the field. */
function accepted<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  const { field, reason, params } = checked.refusal;
  return raise({ code: 'validation', reason, field, ...(params === undefined ? {} : { params }) });
}

/** What the sessions know of an account at run time, shown beside its record. */
export interface AccountStatus {
  readonly state: AccountState;
  readonly error: AppError | null;
}

export interface AccountRegistryOptions {
  readonly store: DocumentStore<AccountsDocument>;
  readonly events: EventBus;
  /** How each site shows money (cached /api/status); absent = every site shows the spec's ¥. */
  readonly siteMoney?: SiteMoneyLookup;
  /** The account's run-time state; undefined before its secrets were first read. */
  readonly statusOf: (id: string) => AccountStatus | undefined;
  /** Epoch ms (an edited token expiry is checked against it). */
  readonly now: () => number;
}

export class AccountRegistry {
  #doc: AccountsDocument;
  readonly #listeners = new Set<() => void>();

  constructor(private readonly options: AccountRegistryOptions) {
    this.#doc = options.store.read();
    options.siteMoney?.onChange(() => this.emit());
  }

  /** Every record, in the user's order. */
  records(): readonly AccountRecord[] {
    return this.#doc.accounts;
  }

  // -- views -----------------------------------------------------------------------------------------------------

  snapshot(): AccountsSnapshot {
    return { accounts: this.#doc.accounts.map((record) => this.#view(record)), activeId: this.#doc.activeId };
  }

  #view(record: AccountRecord): AccountView {
    const runtime = this.options.statusOf(record.id);
    return {
      id: record.id,
      label: record.label,
      kind: record.kind,
      baseUrl: record.baseUrl,
      apiUrl: record.apiUrl,
      username: record.username,
      userId: record.userId,
      isPasswordRemembered: record.isPasswordRemembered,
      keyHint: record.keyHint,
      accessTokenExpiresAt: record.accessTokenExpiresAt,
      isHidden: record.isHidden,
      isDisabled: record.isDisabled,
      state: runtime?.state ?? 'needs_sign_in',
      stateError: runtime?.error ?? null,
      money: this.#money(record),
      yuanPerUsd: record.yuanPerUsd,
      thresholds: record.thresholds,
    };
  }

  view(id: string): AccountView {
    return this.#view(this.record(id));
  }

  // -- changes ---------------------------------------------------------------------------------------------------

  /** Lists a new account (the first one becomes the active one) and saves. */
  add(record: AccountRecord): AccountView {
    this.#doc = {
      accounts: [...this.#doc.accounts, record],
      activeId: this.#doc.activeId ?? record.id,
    };
    this.save();
    return this.#view(record);
  }

  /**
   * Applies an edit. `onAddressChange` runs before the save announces it, so a listener reading the account's
   * clients at once never gets one bound to the old address.
   */
  update(id: string, patch: AccountPatch, onAddressChange: (id: string) => void): AccountView {
    const record = this.record(id);
    const baseUrl = patch.baseUrl === undefined ? record.baseUrl : this.url(patch.baseUrl, '/api', 'baseUrl');
    const apiUrl =
      patch.apiUrl === undefined
        ? record.apiUrl
        : patch.apiUrl.trim() === ''
          ? baseUrl // as when adding: an empty API address means the base address
          : this.url(patch.apiUrl, '/v1', 'apiUrl');
    const next: AccountRecord = {
      ...record,
      ...(patch.label === undefined ? {} : { label: this.label(patch.label) }),
      baseUrl,
      apiUrl,
      ...(patch.yuanPerUsd === undefined ? {} : { yuanPerUsd: patch.yuanPerUsd }),
      ...(patch.thresholds === undefined ? {} : { thresholds: patch.thresholds }),
      ...(patch.isHidden === undefined ? {} : { isHidden: patch.isHidden }),
      ...(patch.isDisabled === undefined ? {} : { isDisabled: patch.isDisabled }),
      ...(patch.accessTokenExpiresAt === undefined ? {} : { accessTokenExpiresAt: this.tokenExpiry(record, patch) }),
    };
    this.replace(id, next);
    if (baseUrl !== record.baseUrl || apiUrl !== record.apiUrl) onAddressChange(id);
    this.save();
    return this.view(id);
  }

  /** Unlists an account (the next one becomes active if it was) and saves. */
  remove(id: string): void {
    const accounts = this.#doc.accounts.filter((record) => record.id !== id);
    const activeId = this.#doc.activeId === id ? (accounts[0]?.id ?? null) : this.#doc.activeId;
    this.#doc = { accounts, activeId };
    this.save();
  }

  reorder(ids: readonly string[]): AccountsSnapshot {
    const current = this.#doc.accounts.map((record) => record.id);
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id))) {
      raise({ code: 'validation', reason: 'input.order_incomplete', field: 'ids' });
    }
    const byId = new Map(this.#doc.accounts.map((record) => [record.id, record]));
    this.#doc = { ...this.#doc, accounts: ids.map((id) => byId.get(id) as AccountRecord) };
    this.save();
    return this.snapshot();
  }

  switch(id: string): AccountsSnapshot {
    // Also the AccountDirectory's switch (tray, notifications): answers the snapshot for the bridge.
    this.record(id);
    this.#doc = { ...this.#doc, activeId: id };
    this.save();
    return this.snapshot();
  }

  // -- AccountDirectory's part -----------------------------------------------------------------------------------

  list(): readonly AccountHandle[] {
    return this.#doc.accounts.map((record) => this.#handle(record));
  }

  get(accountId: string): AccountHandle {
    return this.#handle(this.record(accountId));
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  activeId(): string | null {
    return this.#doc.activeId;
  }

  #handle(record: AccountRecord): AccountHandle {
    return {
      id: record.id,
      kind: record.kind,
      label: record.label,
      baseUrl: record.baseUrl,
      units: this.#money(record).site,
      money: this.#money(record),
      isDisabled: record.isDisabled,
      isHidden: record.isHidden,
      thresholds: record.thresholds,
      accessTokenExpiresAt: record.accessTokenExpiresAt,
    };
  }

  /** The site's money as last read (the spec's ¥ where unknown): a watched key's billing answers are in it. */
  siteUnits(baseUrl: string) {
    return accountMoney(this.options.siteMoney?.get(baseUrl), null).site;
  }

  #money(record: AccountRecord) {
    return accountMoney(this.options.siteMoney?.get(record.baseUrl), record.yuanPerUsd);
  }

  // -- records -----------------------------------------------------------------------------------------------------

  record(id: string): AccountRecord {
    return (
      this.#doc.accounts.find((record) => record.id === id) ?? raise({ code: 'not_found', reason: 'account.not_found' })
    );
  }

  has(accountId: string): boolean {
    return this.#doc.accounts.some((record) => record.id === accountId);
  }

  /** The whole document (a backup reads it). */
  document(): AccountsDocument {
    return this.#doc;
  }

  /** Replaces the whole document in memory (a restore); the caller saves. */
  replaceDocument(next: AccountsDocument): void {
    this.#doc = next;
  }

  /** Replaces a record in memory; the caller saves. */
  replace(id: string, next: AccountRecord): void {
    this.#doc = { ...this.#doc, accounts: this.#doc.accounts.map((record) => (record.id === id ? next : record)) };
  }

  // -- validation --------------------------------------------------------------------------------------------------

  // Add and Edit pass the same gate as Import and Restore (src-shared/rules/account-record-rules.ts).
  label(text: string): string {
    return accepted(checkRecordLabel(text));
  }

  /** An access token's expiry as edited: for access-token accounts only, and never one already past. */
  tokenExpiry(record: AccountRecord, patch: AccountPatch): number | null {
    const at = patch.accessTokenExpiresAt ?? null;
    if (record.kind !== 'access_token') raise({ code: 'validation', reason: 'account.kind_fixed' });
    if (at !== null && at <= Math.floor(this.options.now() / 1000)) {
      raise({ code: 'validation', reason: 'account.token_expiry_past', field: 'accessTokenExpiresAt' });
    }
    return at;
  }

  url(text: string, strip: '/v1' | '/api', field: string): string {
    return accepted(checkRecordUrl(text, strip, field));
  }

  urls(draft: { baseUrl: string; apiUrl: string }): { baseUrl: string; apiUrl: string } {
    const baseUrl = this.url(draft.baseUrl, '/api', 'baseUrl');
    // Most sites serve /api and /v1 from one host: an empty api_url means the same address.
    const apiUrl = draft.apiUrl.trim() === '' ? baseUrl : this.url(draft.apiUrl, '/v1', 'apiUrl');
    return { baseUrl, apiUrl };
  }

  // -- persistence and events --------------------------------------------------------------------------------------

  save(): void {
    this.write();
    this.emit();
  }

  /** The accounts file as it is now; the answer puts it back (see ConfigStore.checkpoint). */
  checkpoint(): () => void {
    return this.options.store.checkpoint?.() ?? (() => undefined);
  }

  /** Writes the document as it is in memory, announcing nothing (a restore announces once both writes are done). */
  write(): void {
    this.options.store.write(this.#doc);
  }

  /** Announces the accounts as they are now: to the renderer (`accounts:changed`) and to main's listeners. */
  emit(): void {
    this.options.events.emit('accounts:changed', this.snapshot());
    for (const listener of this.#listeners) listener();
  }
}
