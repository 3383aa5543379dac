// The accounts service: several accounts of three credential kinds, their order and the active one, secrets in the
// vault and everything else in the config store. It is also the AccountDirectory the key and quota services use,
// handing out gateway clients whose expired login tokens are renewed once, silently, when a password is stored.
import { randomUUID } from 'node:crypto';
import type {
  AccountDraft,
  AccountPatch,
  AccountState,
  AccountView,
  AccountsSnapshot,
  AppError,
  ConnectionCheck,
  CredentialInput,
  Result,
  SignInOutcome,
} from '../../../src-shared/contract';
import type { EventBus } from '../../bridge/events';
import { raise } from '../../errors';
import {
  GatewayError,
  type ClockPort,
  type HttpTransport,
  type KeyClient,
  type ManagementClient,
  type SessionState,
} from '../../gateway';
import type { Logger } from '../../log/logger';
import type { DocumentStore } from '../../vault/config.store';
import type { SecretRead } from '../../vault/secret.store';
import type { AccountDirectory, AccountHandle } from './account-directory';
import { sessionStateSchema, type AccountRecord, type AccountsDocument, type StoredSecrets } from './account-records';
import { AccountSignIn, type VerifiedCredential } from './account-sign-in';
import { accountMoney, type SiteMoneyLookup } from '../money/account-money';
import { normaliseBaseUrl } from './url-rules';

/** The part of the secret store this service needs. */
export interface AccountVault {
  get(accountId: string): Promise<SecretRead>;
  set(accountId: string, secrets: Record<string, string>): Promise<void>;
  delete(accountId: string): Promise<void>;
}

export interface AccountsServiceOptions {
  readonly store: DocumentStore<AccountsDocument>;
  readonly vault: AccountVault;
  readonly transport: HttpTransport;
  readonly events: EventBus;
  readonly log: Logger;
  readonly clock: ClockPort;
  /** How each site shows money (cached /api/status); absent = every site shows the spec's ¥. */
  readonly siteMoney?: SiteMoneyLookup;
}

interface Runtime {
  state: AccountState;
  error: AppError | null;
  secrets: StoredSecrets | null;
  management?: ManagementClient;
  keyClient?: KeyClient;
}

type Purpose =
  { readonly kind: 'add'; readonly draft: AccountDraft } | { readonly kind: 'sign_in'; readonly id: string };

const MAX_LABEL = 60;
const AUTO_LOGIN_INTERVAL_MS = 24 * 60 * 60_000;

const plainSecrets = (secrets: StoredSecrets): Record<string, string> => {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(secrets)) if (typeof value === 'string') plain[name] = value;
  return plain;
};

/**
 * A password account's saved login session. An entry written by an older Keydesk holds only a login token: it is
 * used as one whose expiry is the record's, with no way to refresh it.
 */
function savedSession(secrets: StoredSecrets | null, record: AccountRecord): SessionState | undefined {
  if (secrets?.session !== undefined) {
    try {
      return sessionStateSchema.parse(JSON.parse(secrets.session));
    } catch {
      return undefined;
    }
  }
  if (secrets?.accessToken === undefined) return undefined;
  return {
    credential: { kind: 'login_token', token: secrets.accessToken, expiresAt: record.tokenExpiresAt, sid: null },
    cookies: '',
    userId: record.userId,
  };
}

export class AccountsService implements AccountDirectory {
  #doc: AccountsDocument;
  readonly #runtime = new Map<string, Runtime>();
  readonly #listeners = new Set<() => void>();
  /** Per account: the tail of its queued writes, and the generation of its credential (see #retire). */
  readonly #queues = new Map<string, Promise<void>>();
  readonly #generations = new Map<string, number>();
  readonly #signIn: AccountSignIn;

  constructor(private readonly options: AccountsServiceOptions) {
    this.#doc = options.store.read();
    this.#signIn = new AccountSignIn({ transport: options.transport, log: options.log, clock: options.clock });
    options.siteMoney?.onChange(() => this.#emit());
  }

  /** Reads every account's secrets once, so states (locked, needs sign-in) are known before the first list. */
  async init(): Promise<void> {
    for (const record of this.#doc.accounts) await this.#loadSecrets(record);
  }

  // -- views -----------------------------------------------------------------------------------------------------

  snapshot(): AccountsSnapshot {
    return { accounts: this.#doc.accounts.map((record) => this.#view(record)), activeId: this.#doc.activeId };
  }

  #view(record: AccountRecord): AccountView {
    const runtime = this.#runtime.get(record.id);
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
    return this.#view(this.#record(id));
  }

  // -- adding and verifying ----------------------------------------------------------------------------------------

  /** Checks a draft against its gateway without saving anything. */
  async test(draft: AccountDraft): Promise<Result<ConnectionCheck>> {
    const { baseUrl, apiUrl } = this.#urls(draft);
    const checked = await this.#signIn.verify(baseUrl, apiUrl, draft.credential, null, {
      isTrial: true,
      units: this.#siteUnits(baseUrl),
    });
    if (!checked.ok) return checked;
    if (checked.value.status === 'second_factor') {
      return { ok: true, value: { displayName: null, balanceUnits: null } };
    }
    const { displayName, balanceUnits } = checked.value.credential;
    return { ok: true, value: { displayName, balanceUnits } };
  }

  async add(draft: AccountDraft): Promise<Result<SignInOutcome>> {
    const label = this.#label(draft.label);
    const urls = this.#urls(draft);
    const checked = await this.#signIn.verify(
      urls.baseUrl,
      urls.apiUrl,
      draft.credential,
      { kind: 'add', draft: { ...draft, label, ...urls } } satisfies Purpose,
      { units: this.#siteUnits(urls.baseUrl) },
    );
    if (!checked.ok) return checked;
    if (checked.value.status === 'second_factor') return { ok: true, value: checked.value };
    return { ok: true, value: await this.#create({ ...draft, label, ...urls }, checked.value.credential) };
  }

  async answerChallenge(challengeId: string, code: string, method?: string): Promise<Result<SignInOutcome>> {
    const answered = await this.#signIn.answer(challengeId, code, method);
    if (!answered.ok) return answered;
    const { purpose, ...outcome } = answered.value;
    if (outcome.status === 'second_factor') return { ok: true, value: outcome };
    const intent = purpose as Purpose;
    return {
      ok: true,
      value:
        intent.kind === 'add'
          ? await this.#create(intent.draft, outcome.credential)
          : await this.#adopt(intent.id, outcome.credential),
    };
  }

  async #create(draft: AccountDraft, credential: VerifiedCredential): Promise<SignInOutcome> {
    const id = randomUUID();
    const record: AccountRecord = {
      id,
      label: draft.label,
      kind: draft.credential.kind,
      baseUrl: draft.baseUrl,
      apiUrl: draft.apiUrl,
      username: credential.username,
      userId: credential.userId,
      isPasswordRemembered: credential.secrets.password !== undefined,
      tokenExpiresAt: credential.tokenExpiresAt,
      keyHint: credential.keyHint,
      lastAutoLoginAt: null,
      isHidden: false,
      isDisabled: false,
      yuanPerUsd: draft.yuanPerUsd ?? null,
      thresholds: draft.thresholds ?? { warnUnits: null, criticalUnits: null },
      createdAt: this.options.clock.now(),
    };
    // Secrets first: an account is only listed once its credential is safely stored.
    await this.#storeSecrets(id, credential.secrets);
    this.#doc = {
      accounts: [...this.#doc.accounts, record],
      activeId: this.#doc.activeId ?? id,
    };
    this.#runtime.set(id, { state: 'ok', error: null, secrets: credential.secrets });
    this.#save();
    this.options.log.info('account added', { account: id, kind: record.kind });
    return { status: 'done', account: this.#view(record) };
  }

  // -- credentials of an existing account ----------------------------------------------------------------------

  /** Signs a password account in again (the stored password, or one typed now). */
  async signIn(id: string, password?: string, remember?: boolean): Promise<Result<SignInOutcome>> {
    const record = this.#record(id);
    if (record.kind !== 'password' || record.username === null) {
      return { ok: false, error: { code: 'validation', reason: 'account.not_password' } };
    }
    const typed = password ?? this.#runtime.get(id)?.secrets?.password;
    if (typed === undefined)
      return { ok: false, error: { code: 'auth.needs_sign_in', reason: 'account.enter_password' } };
    return this.setCredential(id, {
      kind: 'password',
      username: record.username,
      password: typed,
      remember: remember ?? record.isPasswordRemembered,
    });
  }

  /** Replaces an account's credential (a locked vault entry, a revoked token, a new password), verified first. */
  async setCredential(id: string, credential: CredentialInput): Promise<Result<SignInOutcome>> {
    const record = this.#record(id);
    if (credential.kind !== record.kind) {
      return { ok: false, error: { code: 'validation', reason: 'account.kind_fixed' } };
    }
    const previous = { state: this.#runtime.get(id)?.state ?? 'needs_sign_in' };
    this.#setState(id, 'signing_in', null);
    const checked = await this.#signIn.verify(
      record.baseUrl,
      record.apiUrl,
      credential,
      { kind: 'sign_in', id } satisfies Purpose,
      { units: this.#siteUnits(record.baseUrl) },
    );
    if (!checked.ok) {
      // A failed re-entry changes nothing stored: the account keeps saying why it needed one (locked, signed out).
      this.#setState(
        id,
        previous.state === 'ok' || previous.state === 'signing_in' ? 'error' : previous.state,
        checked.error,
      );
      return checked;
    }
    if (checked.value.status === 'second_factor') return { ok: true, value: checked.value };
    return { ok: true, value: await this.#adopt(id, checked.value.credential) };
  }

  async #adopt(id: string, credential: VerifiedCredential): Promise<SignInOutcome> {
    // The session being replaced still counts against the site's cap of active sessions: end it.
    this.#endSession(this.#runtime.get(id)?.management);
    await this.#storeSecrets(id, credential.secrets);
    const record = this.#record(id);
    this.#replace(id, {
      ...record,
      userId: credential.userId ?? record.userId,
      isPasswordRemembered: credential.secrets.password !== undefined,
      tokenExpiresAt: credential.tokenExpiresAt,
      keyHint: credential.keyHint ?? record.keyHint,
    });
    this.#runtime.set(id, { state: 'ok', error: null, secrets: credential.secrets });
    this.#save();
    return { status: 'done', account: this.view(id) };
  }

  /** Forgets the login token and any remembered password: the account needs signing in again. */
  async signOut(id: string): Promise<AccountView> {
    if (this.#record(id).kind === 'password') {
      // Ends the session on the site too, so it stops counting against the user's cap of active sessions.
      await this.#logout(id);
      await this.#serial(id, async () => {
        this.#retire(id);
        await this.options.vault.delete(id);
        const record = this.#record(id);
        this.#replace(id, { ...record, isPasswordRemembered: false, tokenExpiresAt: null });
        this.#runtime.set(id, { state: 'needs_sign_in', error: null, secrets: null });
        this.#save();
      });
    }
    return this.view(id);
  }

  // -- editing, order, removal -----------------------------------------------------------------------------------

  update(id: string, patch: AccountPatch): AccountView {
    const record = this.#record(id);
    const baseUrl = patch.baseUrl === undefined ? record.baseUrl : this.#url(patch.baseUrl, '/api', 'baseUrl');
    const apiUrl =
      patch.apiUrl === undefined
        ? record.apiUrl
        : patch.apiUrl.trim() === ''
          ? baseUrl // as when adding: an empty API address means the base address
          : this.#url(patch.apiUrl, '/v1', 'apiUrl');
    const next: AccountRecord = {
      ...record,
      ...(patch.label === undefined ? {} : { label: this.#label(patch.label) }),
      baseUrl,
      apiUrl,
      ...(patch.yuanPerUsd === undefined ? {} : { yuanPerUsd: patch.yuanPerUsd }),
      ...(patch.thresholds === undefined ? {} : { thresholds: patch.thresholds }),
      ...(patch.isHidden === undefined ? {} : { isHidden: patch.isHidden }),
      ...(patch.isDisabled === undefined ? {} : { isDisabled: patch.isDisabled }),
    };
    this.#replace(id, next);
    if (baseUrl !== record.baseUrl || apiUrl !== record.apiUrl) this.#dropClients(id);
    this.#save();
    return this.view(id);
  }

  /** Removes the account from Keydesk only: its keys on the gateway are untouched. */
  async remove(id: string): Promise<AccountsSnapshot> {
    if (this.#record(id).kind === 'password') await this.#logout(id);
    // The record goes first, synchronously: a renewal finishing after this point finds no account to write to.
    this.#retire(id);
    const accounts = this.#doc.accounts.filter((record) => record.id !== id);
    const activeId = this.#doc.activeId === id ? (accounts[0]?.id ?? null) : this.#doc.activeId;
    this.#doc = { accounts, activeId };
    this.#runtime.delete(id);
    this.#save();
    // Queued behind any write in flight for this account, so nothing is written back after the delete.
    await this.#serial(id, () => this.options.vault.delete(id));
    return this.snapshot();
  }

  reorder(ids: readonly string[]): AccountsSnapshot {
    const current = this.#doc.accounts.map((record) => record.id);
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id))) {
      raise({ code: 'validation', reason: 'input.order_incomplete', field: 'ids' });
    }
    const byId = new Map(this.#doc.accounts.map((record) => [record.id, record]));
    this.#doc = { ...this.#doc, accounts: ids.map((id) => byId.get(id) as AccountRecord) };
    this.#save();
    return this.snapshot();
  }

  switch(id: string): AccountsSnapshot {
    // Also the AccountDirectory's switch (tray, notifications): answers the snapshot for the bridge.
    this.#record(id);
    this.#doc = { ...this.#doc, activeId: id };
    this.#save();
    return this.snapshot();
  }

  // -- AccountDirectory ------------------------------------------------------------------------------------------

  list(): readonly AccountHandle[] {
    return this.#doc.accounts.map((record) => this.#handle(record));
  }

  get(accountId: string): AccountHandle {
    return this.#handle(this.#record(accountId));
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async management(accountId: string): Promise<ManagementClient> {
    const record = this.#record(accountId);
    if (record.kind === 'api_key') {
      raise({ code: 'validation', reason: 'account.watched_key_only' });
    }
    const runtime = await this.#usable(record);
    if (runtime.management) return runtime.management;
    if (record.kind === 'access_token') {
      runtime.management = this.#signIn.managementClient(record.baseUrl, {
        accessToken: runtime.secrets?.accessToken,
        userId: record.userId,
      });
      return runtime.management;
    }
    // A password account reuses its saved session (also across restarts): the session refreshes its login token
    // itself and calls #renewLogin only when it cannot, once for all concurrent callers, then replays each call once.
    const generation = this.#generationOf(accountId);
    const client: ManagementClient = this.#signIn.managementClient(record.baseUrl, {
      saved: savedSession(runtime.secrets, record),
      userId: record.userId,
      reauthenticate: () => this.#renewLogin(accountId, client),
      onChange: (state) => {
        void this.#persistSession(accountId, generation, state);
      },
    });
    runtime.management = client;
    return client;
  }

  async keyClient(accountId: string, apiKey?: string): Promise<KeyClient> {
    const record = this.#record(accountId);
    if (apiKey !== undefined) return this.#signIn.keyClient(record.baseUrl, record.apiUrl, apiKey);
    if (record.kind !== 'api_key') raise({ code: 'validation', reason: 'account.no_watched_key' });
    const runtime = await this.#usable(record);
    const watched = runtime.secrets?.apiKey;
    if (watched === undefined) return raise({ code: 'auth.needs_sign_in', reason: 'account.enter_key' });
    runtime.keyClient ??= this.#signIn.keyClient(record.baseUrl, record.apiUrl, watched);
    return runtime.keyClient;
  }

  // -- internals -------------------------------------------------------------------------------------------------

  /**
   * Opens a new login session with the remembered password, when the session could not be refreshed. At most one
   * a day on Keydesk's own: current new-api caps new sessions per user (100 a day, 50 active), and a client that
   * logs in at every expiry locks its user out of the site. Otherwise the account asks the user to sign in.
   */
  async #renewLogin(accountId: string, client: ManagementClient): Promise<void> {
    const record = this.#record(accountId);
    const password = this.#runtime.get(accountId)?.secrets?.password;
    const now = this.options.clock.now();
    const needsUser = (error: AppError): never => {
      this.#setState(accountId, 'needs_sign_in', error);
      throw new GatewayError(error.code, error.serverMessage ?? '', {
        ...(error.reason === undefined ? {} : { reason: error.reason }),
        ...(error.params === undefined ? {} : { params: error.params }),
      });
    };
    if (record.username === null || password === undefined) return needsUser({ code: 'auth.needs_sign_in' });
    if (record.lastAutoLoginAt !== null && now - record.lastAutoLoginAt < AUTO_LOGIN_INTERVAL_MS) {
      this.options.log.info('login not renewed: one automatic sign-in a day', { account: accountId });
      return needsUser({ code: 'auth.needs_sign_in' });
    }
    const generation = this.#generationOf(accountId);
    await this.#serial(accountId, () => {
      if (this.#generationOf(accountId) !== generation) return;
      this.#replace(accountId, { ...this.#record(accountId), lastAutoLoginAt: now });
      this.#save();
    });
    const login = await client.login(record.username, password);
    if (login.ok && login.value.kind === 'signed_in') {
      this.options.log.info('login renewed', { account: accountId });
      return;
    }
    const error: AppError = login.ok ? { code: 'auth.second_factor' } : login.error;
    // A network failure or a 5xx says nothing about the password: keep the state, let the caller retry later.
    if (!login.ok && login.error.retryable === true && error.code !== 'auth.session_issuance_limit') {
      // Keeps the wait (Retry-After, or Keydesk's own rate budget) so the caller can show it.
      const { retryAfterMs, isLocalLimit } = login.error;
      throw new GatewayError(error.code, error.serverMessage ?? '', {
        ...(error.reason === undefined ? {} : { reason: error.reason }),
        ...(error.params === undefined ? {} : { params: error.params }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        ...(isLocalLimit === true ? { isLocalLimit } : {}),
      });
    }
    return needsUser(error);
  }

  /**
   * Writes a password account's changed session (login, refresh, rotated cookie) to the vault, in order with the
   * account's other writes, onto the account as it is now — and not at all once it was removed or its credential
   * replaced (the generation moved on).
   */
  async #persistSession(accountId: string, generation: number, state: SessionState): Promise<void> {
    const isCurrent = () => this.#generationOf(accountId) === generation && this.#has(accountId);
    try {
      await this.#serial(accountId, async () => {
        if (!isCurrent()) return;
        const password = this.#runtime.get(accountId)?.secrets?.password;
        const secrets: StoredSecrets = {
          session: JSON.stringify(state),
          ...(password === undefined ? {} : { password }),
        };
        await this.options.vault.set(accountId, plainSecrets(secrets));
        if (!isCurrent()) return;
        const runtime = this.#runtime.get(accountId);
        if (runtime) {
          runtime.secrets = secrets;
          runtime.state = 'ok';
          runtime.error = null;
        }
        const record = this.#record(accountId);
        const credential = state.credential;
        this.#replace(accountId, {
          ...record,
          userId: state.userId ?? record.userId,
          tokenExpiresAt: credential?.kind === 'login_token' ? credential.expiresAt : null,
        });
        this.#save();
      });
    } catch (error) {
      // The session still works in memory; only its reuse after a restart is lost. Logged without the secrets.
      this.options.log.warn('login session could not be saved', {
        account: accountId,
        kind: error instanceof Error ? error.name : typeof error,
      });
    }
  }

  /** Ends a password account's login session on the site, best effort (no renewal is attempted for it). */
  async #logout(accountId: string): Promise<void> {
    const runtime = this.#runtime.get(accountId);
    const record = this.#record(accountId);
    const client =
      runtime?.management ??
      (runtime?.secrets
        ? this.#signIn.managementClient(record.baseUrl, {
            saved: savedSession(runtime.secrets, record),
            userId: record.userId,
          })
        : undefined);
    if (client === undefined) return;
    const ended = await client.logout();
    if (!ended.ok) this.options.log.info('site session not ended', { account: accountId, code: ended.error.code });
  }

  /** Fire-and-forget logout of a client being replaced. */
  #endSession(client: ManagementClient | undefined): void {
    if (client === undefined) return;
    void client.logout().then((ended) => {
      if (!ended.ok) this.options.log.info('replaced site session not ended', { code: ended.error.code });
    });
  }

  /** Runs fn after every earlier queued write of this account (local state only: no network inside). */
  #serial<T>(accountId: string, fn: () => Promise<T> | T): Promise<T> {
    const previous = this.#queues.get(accountId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(accountId, settled);
    void settled.then(() => {
      if (this.#queues.get(accountId) === settled) this.#queues.delete(accountId);
    });
    return next;
  }

  #generationOf(accountId: string): number {
    return this.#generations.get(accountId) ?? 0;
  }

  /** Clients made before this point stop writing: their credential was replaced, signed out or removed. */
  #retire(accountId: string): void {
    this.#generations.set(accountId, this.#generationOf(accountId) + 1);
    this.#dropClients(accountId);
  }

  #has(accountId: string): boolean {
    return this.#doc.accounts.some((record) => record.id === accountId);
  }

  async #usable(record: AccountRecord): Promise<Runtime> {
    const runtime = this.#runtime.get(record.id) ?? (await this.#loadSecrets(record));
    if (runtime.state === 'locked') raise(runtime.error ?? { code: 'vault.locked' });
    if (runtime.secrets === null) raise({ code: 'auth.needs_sign_in' });
    return runtime;
  }

  async #loadSecrets(record: AccountRecord): Promise<Runtime> {
    const read = await this.options.vault.get(record.id);
    const runtime: Runtime =
      read.status === 'ok'
        ? { state: 'ok', error: null, secrets: read.secrets }
        : read.status === 'locked'
          ? {
              state: 'locked',
              error: { code: 'vault.locked', reason: read.reason, ...(read.params ? { params: read.params } : {}) },
              secrets: null,
            }
          : { state: 'needs_sign_in', error: null, secrets: null };
    if (
      runtime.secrets &&
      record.kind === 'password' &&
      !runtime.secrets.session &&
      !runtime.secrets.accessToken &&
      !runtime.secrets.password
    ) {
      runtime.state = 'needs_sign_in';
    }
    this.#runtime.set(record.id, runtime);
    return runtime;
  }

  async #storeSecrets(id: string, secrets: StoredSecrets): Promise<void> {
    this.#retire(id);
    await this.#serial(id, async () => {
      try {
        await this.options.vault.set(id, plainSecrets(secrets));
      } catch (error) {
        // The vault refused the write (locked, or its backend failed): what it said goes to the log, once.
        this.options.log.warn('vault refused a write', { account: id, error });
        raise({ code: 'vault.locked', reason: 'vault.refused' });
      }
    });
  }

  #dropClients(id: string): void {
    const runtime = this.#runtime.get(id);
    if (runtime) {
      delete runtime.management;
      delete runtime.keyClient;
    }
  }

  #setState(id: string, state: AccountState, error: AppError | null): void {
    const runtime = this.#runtime.get(id) ?? { state, error, secrets: null };
    runtime.state = state;
    runtime.error = error;
    this.#runtime.set(id, runtime);
    this.#emit();
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
    };
  }

  /** The site's money as last read (the spec's ¥ where unknown): a watched key's billing answers are in it. */
  #siteUnits(baseUrl: string) {
    return accountMoney(this.options.siteMoney?.get(baseUrl), null).site;
  }

  #money(record: AccountRecord) {
    return accountMoney(this.options.siteMoney?.get(record.baseUrl), record.yuanPerUsd);
  }

  activeId(): string | null {
    return this.#doc.activeId;
  }

  #record(id: string): AccountRecord {
    return (
      this.#doc.accounts.find((record) => record.id === id) ?? raise({ code: 'not_found', reason: 'account.not_found' })
    );
  }

  #replace(id: string, next: AccountRecord): void {
    this.#doc = { ...this.#doc, accounts: this.#doc.accounts.map((record) => (record.id === id ? next : record)) };
  }

  #label(text: string): string {
    const label = text.trim();
    if (label === '' || label.length > MAX_LABEL) {
      raise({ code: 'validation', reason: 'input.label_length', params: { max: MAX_LABEL }, field: 'label' });
    }
    return label;
  }

  #url(text: string, strip: '/v1' | '/api', field: string): string {
    const checked = normaliseBaseUrl(text, strip);
    return checked.ok ? checked.url : raise({ code: 'validation', reason: checked.reason, field });
  }

  #urls(draft: { baseUrl: string; apiUrl: string }): { baseUrl: string; apiUrl: string } {
    const baseUrl = this.#url(draft.baseUrl, '/api', 'baseUrl');
    // Most sites serve /api and /v1 from one host: an empty api_url means the same address.
    const apiUrl = draft.apiUrl.trim() === '' ? baseUrl : this.#url(draft.apiUrl, '/v1', 'apiUrl');
    return { baseUrl, apiUrl };
  }

  #save(): void {
    this.options.store.write(this.#doc);
    this.#emit();
  }

  #emit(): void {
    this.options.events.emit('accounts:changed', this.snapshot());
    for (const listener of this.#listeners) listener();
  }
}
