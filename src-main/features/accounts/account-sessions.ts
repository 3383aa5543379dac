// The accounts' sessions: each account's credential at run time (read from the vault), its gateway clients, the
// silent renewal of a password account's login, and the two guarantees around them — writes to one account run
// one after another (#serial), and a client made before a credential was replaced or removed never writes again
// (the generation fence, #retire).
// Long because the serial queue and the generation fence must wrap every path that touches a credential (renewal,
// saving a session, logout, storing, deleting), so those paths live beside them.
import type { AccountState, AppError } from '../../../src-shared/contract';
import { raise } from '../../errors';
import { GatewayError, type ClockPort, type KeyClient, type ManagementClient, type SessionState } from '../../gateway';
import type { Logger } from '../../log/logger';
import { VaultLockedError, type SecretRead } from '../../vault/secret.store';
import type { AccountRegistry, AccountStatus } from './account-registry';
import { sessionStateSchema, type AccountRecord, type StoredSecrets } from './account-records';
import type { AccountSignIn } from './account-sign-in';

/** The part of the secret store the accounts need. */
export interface AccountVault {
  get(accountId: string): Promise<SecretRead>;
  set(accountId: string, secrets: Record<string, string>): Promise<void>;
  delete(accountId: string): Promise<void>;
  /** Many entries written (or dropped, null) in one write; answers the undo of that write. */
  setMany(changes: ReadonlyMap<string, Record<string, string> | null>): Promise<() => Promise<void>>;
  /** Whether the account's secrets outlive this run (false: held in memory only); unknown counts as kept. */
  isKept?(accountId: string): boolean;
}

export interface AccountSessionsOptions {
  readonly registry: AccountRegistry;
  readonly vault: AccountVault;
  readonly signIn: AccountSignIn;
  readonly log: Logger;
  readonly clock: ClockPort;
}

interface Runtime {
  state: AccountState;
  error: AppError | null;
  secrets: StoredSecrets | null;
  management?: ManagementClient;
  keyClient?: KeyClient;
}

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

/** An account's run-time state from what the vault holds for it (null: nothing), and why it needs a sign-in. */
function runtimeOf(record: AccountRecord, secrets: StoredSecrets | null): Runtime {
  if (secrets === null) {
    return {
      state: 'needs_sign_in',
      error: { code: 'auth.needs_sign_in', reason: 'account.no_credential' },
      secrets: null,
    };
  }
  if (record.kind === 'password' && !secrets.session && !secrets.accessToken && !secrets.password) {
    return { state: 'needs_sign_in', error: { code: 'auth.needs_sign_in', reason: 'account.no_credential' }, secrets };
  }
  return { state: 'ok', error: null, secrets };
}

export class AccountSessions {
  readonly #runtime = new Map<string, Runtime>();
  /** Logouts of replaced sessions still under way: the quit waits for them. */
  readonly #endings = new Set<Promise<void>>();
  /** Per account: the tail of its queued writes, and the generation of its credential (see #retire). */
  readonly #queues = new Map<string, Promise<void>>();
  readonly #generations = new Map<string, number>();
  readonly #registry: AccountRegistry;
  readonly #signIn: AccountSignIn;

  constructor(private readonly options: AccountSessionsOptions) {
    this.#registry = options.registry;
    this.#signIn = options.signIn;
  }

  // -- run-time state --------------------------------------------------------------------------------------------

  status(id: string): AccountStatus | undefined {
    return this.#runtime.get(id);
  }

  /** The password remembered for this account, if any (a sign-in with the stored password). */
  rememberedPassword(id: string): string | undefined {
    return this.#runtime.get(id)?.secrets?.password;
  }

  /** A credential was just verified and stored: the account is usable with these secrets. */
  markReady(id: string, secrets: StoredSecrets): void {
    this.#runtime.set(id, { state: 'ok', error: null, secrets });
  }

  /** The account no longer has a credential (signed out). */
  markSignedOut(id: string): void {
    this.#runtime.set(id, {
      state: 'needs_sign_in',
      error: { code: 'auth.needs_sign_in', reason: 'account.signed_out' },
      secrets: null,
    });
  }

  /** The account was removed: nothing of it stays in memory. */
  forget(id: string): void {
    this.#runtime.delete(id);
  }

  setState(id: string, state: AccountState, error: AppError | null): void {
    const runtime = this.#runtime.get(id) ?? { state, error, secrets: null };
    runtime.state = state;
    runtime.error = error;
    this.#runtime.set(id, runtime);
    this.#registry.emit();
  }

  // -- clients ---------------------------------------------------------------------------------------------------

  async management(accountId: string): Promise<ManagementClient> {
    const record = this.#registry.record(accountId);
    if (record.kind === 'api_key') {
      raise({ code: 'validation', reason: 'account.watched_key_only' });
    }
    const runtime = await this.#usable(record);
    if (runtime.management) return runtime.management;
    if (record.kind === 'access_token') {
      const generation = this.#generationOf(accountId);
      runtime.management = this.#signIn.managementClient(record.baseUrl, {
        accessToken: runtime.secrets?.accessToken,
        userId: record.userId,
        // The site refused the token itself (retired, expired, unknown): the account says why and asks for another,
        // unless the token was replaced meanwhile.
        onTokenRefused: (error) => {
          if (this.#generationOf(accountId) !== generation) return;
          const current = this.#runtime.get(accountId);
          const refusal = error.toAppError();
          // Every poll hears it again: the account changes (and is announced) once per refusal.
          if (current?.state === 'needs_sign_in' && current.error?.code === refusal.code) return;
          this.setState(accountId, 'needs_sign_in', refusal);
        },
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
    const record = this.#registry.record(accountId);
    if (apiKey !== undefined) return this.#signIn.keyClient(record.baseUrl, record.apiUrl, apiKey);
    if (record.kind !== 'api_key') raise({ code: 'validation', reason: 'account.no_watched_key' });
    const runtime = await this.#usable(record);
    const watched = runtime.secrets?.apiKey;
    if (watched === undefined) return raise({ code: 'auth.needs_sign_in', reason: 'account.enter_key' });
    runtime.keyClient ??= this.#signIn.keyClient(record.baseUrl, record.apiUrl, watched);
    return runtime.keyClient;
  }

  /** The clients of this account are made again on next use (its address changed). */
  dropClients(id: string): void {
    const runtime = this.#runtime.get(id);
    if (runtime) {
      delete runtime.management;
      delete runtime.keyClient;
    }
  }

  // -- renewal ---------------------------------------------------------------------------------------------------

  /**
   * Opens a new login session with the remembered password, when the session could not be refreshed. At most one
   * a day on Keydesk's own: current new-api caps new sessions per user (100 a day, 50 active), and a client that
   * logs in at every expiry locks its user out of the site. Otherwise the account asks the user to sign in.
   */
  async #renewLogin(accountId: string, client: ManagementClient): Promise<void> {
    const record = this.#registry.record(accountId);
    const password = this.#runtime.get(accountId)?.secrets?.password;
    const now = this.options.clock.now();
    const needsUser = (error: AppError): never => {
      this.setState(accountId, 'needs_sign_in', error);
      throw new GatewayError(error.code, error.serverMessage ?? '', {
        ...(error.reason === undefined ? {} : { reason: error.reason }),
        ...(error.params === undefined ? {} : { params: error.params }),
      });
    };
    // Needs sign-in always says why: the user cannot act on a bare "sign in" (is the password wrong? is it Keydesk?).
    if (record.username === null || password === undefined) {
      return needsUser({ code: 'auth.needs_sign_in', reason: 'account.password_not_remembered' });
    }
    if (record.lastAutoLoginAt !== null && now - record.lastAutoLoginAt < AUTO_LOGIN_INTERVAL_MS) {
      this.options.log.info('login not renewed: one automatic sign-in a day', { account: accountId });
      // What stopped the day's sign-in (a second factor, a refused password) is still what the user has to answer: a
      // later call (a balance poll, a list's next page) says so too, not a plain "sign in" in its place.
      const current = this.#runtime.get(accountId);
      const stoppedBy =
        current?.state === 'needs_sign_in' && current.error?.reason !== 'account.auto_sign_in_spent'
          ? current.error
          : null;
      const hours = Math.max(1, Math.ceil((record.lastAutoLoginAt + AUTO_LOGIN_INTERVAL_MS - now) / 3_600_000));
      return needsUser(
        stoppedBy ?? { code: 'auth.needs_sign_in', reason: 'account.auto_sign_in_spent', params: { hours } },
      );
    }
    const generation = this.#generationOf(accountId);
    await this.serial(accountId, () => {
      if (this.#generationOf(accountId) !== generation) return;
      this.#registry.replace(accountId, { ...this.#registry.record(accountId), lastAutoLoginAt: now });
      this.#registry.save();
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
    const isCurrent = () => this.#generationOf(accountId) === generation && this.#registry.has(accountId);
    try {
      await this.serial(accountId, async () => {
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
          // Signed in: usable again. A jar that changed without a sign-in (the cookie of a login that stopped at its
          // second factor, an ended session's cleared cookie) leaves the account as the failed renewal left it.
          if (state.credential !== null) {
            runtime.state = 'ok';
            runtime.error = null;
          }
        }
        const record = this.#registry.record(accountId);
        const credential = state.credential;
        this.#registry.replace(accountId, {
          ...record,
          userId: state.userId ?? record.userId,
          tokenExpiresAt: credential?.kind === 'login_token' ? credential.expiresAt : null,
        });
        this.#registry.save();
      });
    } catch (error) {
      // The session still works in memory; only its reuse after a restart is lost. Logged without the secrets.
      this.options.log.warn('login session could not be saved', {
        account: accountId,
        kind: error instanceof Error ? error.name : typeof error,
      });
    }
  }

  // -- ending sessions -------------------------------------------------------------------------------------------

  /** Ends a password account's login session on the site, best effort (no renewal is attempted for it). */
  async logout(accountId: string): Promise<void> {
    const runtime = this.#runtime.get(accountId);
    const record = this.#registry.record(accountId);
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

  /** Ends, best effort, a login session that was opened but never saved (an import cancelled after verifying). */
  async endUnsaved(baseUrl: string, secrets: StoredSecrets, userId: number | null): Promise<void> {
    if (secrets.session === undefined) return;
    const client = this.#signIn.managementClient(baseUrl, {
      saved: savedSession(secrets, { tokenExpiresAt: null, userId } as AccountRecord),
      userId,
    });
    const ended = await client.logout();
    if (!ended.ok) this.options.log.info('unsaved site session not ended', { code: ended.error.code });
  }

  /**
   * Fire-and-forget logout of the session a new credential replaces: it still counts against the site's cap of
   * active sessions.
   */
  endReplacedSession(accountId: string): void {
    const client = this.#runtime.get(accountId)?.management;
    if (client === undefined) return;
    const ending: Promise<void> = client
      .logout()
      .then((ended) => {
        if (!ended.ok) this.options.log.info('replaced site session not ended', { code: ended.error.code });
      })
      .catch(() => undefined)
      .finally(() => this.#endings.delete(ending));
    this.#endings.add(ending);
  }

  /**
   * On quit: waits for the logouts already under way, then ends the login sessions that cannot be used again after
   * a restart because the vault keeps their account only in memory. Left open, each would hold one of the site's
   * 50 active sessions for 30 days.
   */
  async endSessions(): Promise<void> {
    const endings: Promise<unknown>[] = [...this.#endings];
    for (const record of this.#registry.records()) {
      if (record.kind !== 'password' || this.options.vault.isKept?.(record.id) !== false) continue;
      // logout() builds a client from the session in memory when none was made this run; without one it does nothing.
      endings.push(this.logout(record.id).catch(() => undefined));
    }
    await Promise.all(endings);
  }

  // -- secrets ---------------------------------------------------------------------------------------------------

  /** Reads an account's secrets from the vault and sets its state from what was found. */
  async loadSecrets(record: AccountRecord): Promise<void> {
    await this.#loadSecrets(record);
  }

  async #loadSecrets(record: AccountRecord): Promise<Runtime> {
    const read = await this.options.vault.get(record.id);
    const runtime: Runtime =
      read.status === 'ok'
        ? runtimeOf(record, read.secrets)
        : read.status === 'locked'
          ? {
              state: 'locked',
              error: { code: 'vault.locked', reason: read.reason, ...(read.params ? { params: read.params } : {}) },
              secrets: null,
            }
          : runtimeOf(record, null);
    this.#runtime.set(record.id, runtime);
    return runtime;
  }

  /**
   * The state of an account whose vault entry was just written (or dropped) by a restore: what loadSecrets would
   * find, without reading back and decrypting thousands of entries it has in hand.
   */
  adoptStored(record: AccountRecord, secrets: StoredSecrets | null): void {
    this.#runtime.set(record.id, runtimeOf(record, secrets));
  }

  /**
   * What ends this password account's site session later (a replace restore removes it): the client is taken now,
   * while the record and secrets are still here; calling the answer logs out, best effort.
   */
  logoutLater(accountId: string): (() => Promise<void>) | null {
    const runtime = this.#runtime.get(accountId);
    if (!this.#registry.has(accountId) || this.#registry.record(accountId).kind !== 'password') return null;
    const record = this.#registry.record(accountId);
    const client =
      runtime?.management ??
      (runtime?.secrets
        ? this.#signIn.managementClient(record.baseUrl, {
            saved: savedSession(runtime.secrets, record),
            userId: record.userId,
          })
        : undefined);
    if (client === undefined) return null;
    return async () => {
      const ended = await client.logout();
      if (!ended.ok) this.options.log.info('site session not ended', { account: accountId, code: ended.error.code });
    };
  }

  /** Stores a new credential's secrets, retiring every client made with the old one first. */
  async storeSecrets(id: string, secrets: StoredSecrets): Promise<void> {
    this.retire(id);
    await this.serial(id, async () => {
      try {
        await this.options.vault.set(id, plainSecrets(secrets));
      } catch (error) {
        // Locked: the passphrase has not been entered since the start; the error says so itself (toAppError).
        if (error instanceof VaultLockedError) throw error;
        // Otherwise its backend failed: what it said goes to the log, once.
        this.options.log.warn('vault refused a write', { account: id, error });
        raise({ code: 'vault.locked', reason: 'vault.refused' });
      }
    });
  }

  /** Deletes the account's secrets, queued behind any write in flight so nothing is written back after it. */
  deleteSecrets(id: string): Promise<void> {
    return this.serial(id, () => this.options.vault.delete(id));
  }

  async #usable(record: AccountRecord): Promise<Runtime> {
    const runtime = this.#runtime.get(record.id) ?? (await this.#loadSecrets(record));
    if (runtime.state === 'locked') raise(runtime.error ?? { code: 'vault.locked' });
    if (runtime.secrets === null) {
      raise(runtime.error ?? { code: 'auth.needs_sign_in', reason: 'account.no_credential' });
    }
    return runtime;
  }

  // -- the two guarantees ----------------------------------------------------------------------------------------

  /** Runs fn after every earlier queued write of this account (local state only: no network inside). */
  serial<T>(accountId: string, fn: () => Promise<T> | T): Promise<T> {
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
  retire(accountId: string): void {
    this.#generations.set(accountId, this.#generationOf(accountId) + 1);
    this.dropClients(accountId);
  }
}
