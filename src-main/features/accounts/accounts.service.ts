// The accounts service: several accounts of three credential kinds, their order and the active one, secrets in the
// vault and everything else in the config store. It is also the AccountDirectory the key and quota services use.
// A facade: the registry (account-registry.ts) holds the document, the sessions (account-sessions.ts) the
// credentials and clients at run time; what is here are the flows that touch both (add, sign in, sign out, remove).
// Long because it is the AccountDirectory too, and each flow that spans the registry and the sessions is kept
// whole, its rollback readable in one place.
import { randomUUID } from 'node:crypto';
import type {
  AccountDraft,
  AccountPatch,
  AccountView,
  AccountsSnapshot,
  AppError,
  ConnectionCheck,
  CredentialInput,
  Result,
  SignInOutcome,
} from '../../../src-shared/contract';
import type { EventBus } from '../../event-bus';
import { maskKey, type ClockPort, type HttpTransport, type KeyClient, type ManagementClient } from '../../gateway';
import type { Logger } from '../../log/logger';
import type { DocumentStore } from '../../vault/config.store';
import type { AccountDirectory, AccountHandle } from './account-directory';
import type { BalanceReading } from './key-balance';
import type { AccountRecord, AccountsDocument, StoredSecrets } from './account-records';
import { AccountRegistry } from './account-registry';
import { AccountSessions, type AccountVault } from './account-sessions';
import { AccountSignIn, type VerifiedCredential } from './account-sign-in';
import type { SiteMoneyLookup } from '../site/account-money';

export type { AccountVault } from './account-sessions';

const plainSecrets = (secrets: StoredSecrets): Record<string, string> => {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(secrets)) if (typeof value === 'string') plain[name] = value;
  return plain;
};

/** The refusal of a credential that belongs to another user of the site than the account's; null when it is its own. */
function otherUser(accountUserId: number | null, credentialUserId: number | null): AppError | null {
  if (accountUserId === null || credentialUserId === null || accountUserId === credentialUserId) return null;
  return { code: 'validation', reason: 'account.other_user', params: { userId: credentialUserId } };
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

type Purpose =
  { readonly kind: 'add'; readonly draft: AccountDraft } | { readonly kind: 'sign_in'; readonly id: string };

export class AccountsService implements AccountDirectory {
  readonly #registry: AccountRegistry;
  readonly #sessions: AccountSessions;
  readonly #signIn: AccountSignIn;
  /** A watched key's balance as its check just read it (added, or given a new key), until the monitor takes it. */
  readonly #verifiedBalances = new Map<string, BalanceReading>();

  constructor(private readonly options: AccountsServiceOptions) {
    this.#signIn = new AccountSignIn({ transport: options.transport, log: options.log, clock: options.clock });
    this.#registry = new AccountRegistry({
      store: options.store,
      events: options.events,
      ...(options.siteMoney === undefined ? {} : { siteMoney: options.siteMoney }),
      statusOf: (id) => this.#sessions.status(id),
      now: () => options.clock.now(),
    });
    this.#sessions = new AccountSessions({
      registry: this.#registry,
      vault: options.vault,
      signIn: this.#signIn,
      log: options.log,
      clock: options.clock,
    });
  }

  /** Reads every account's secrets once, so states (locked, needs sign-in) are known before the first list. */
  async init(): Promise<void> {
    for (const record of this.#registry.records()) await this.#sessions.loadSecrets(record);
  }

  // -- views -----------------------------------------------------------------------------------------------------

  /** On quit: the sites' sessions that should end are ended (account-sessions.ts says which). */
  endSessions(): Promise<void> {
    return this.#sessions.endSessions();
  }

  snapshot(): AccountsSnapshot {
    return this.#registry.snapshot();
  }

  view(id: string): AccountView {
    return this.#registry.view(id);
  }

  // -- adding and verifying ----------------------------------------------------------------------------------------

  /** Checks a draft against its gateway without saving anything. */
  async test(draft: AccountDraft): Promise<Result<ConnectionCheck>> {
    const { baseUrl, apiUrl } = this.#registry.urls(draft);
    const checked = await this.#signIn.verify(baseUrl, apiUrl, draft.credential, null, {
      isTrial: true,
      units: this.#registry.siteUnits(baseUrl),
    });
    if (!checked.ok) return checked;
    if (checked.value.status === 'second_factor') {
      return { ok: true, value: { displayName: null, balanceUnits: null } };
    }
    const { displayName, balanceUnits } = checked.value.credential;
    return { ok: true, value: { displayName, balanceUnits } };
  }

  async add(draft: AccountDraft): Promise<Result<SignInOutcome>> {
    const label = this.#registry.label(draft.label);
    const urls = this.#registry.urls(draft);
    const checked = await this.#signIn.verify(
      urls.baseUrl,
      urls.apiUrl,
      draft.credential,
      { kind: 'add', draft: { ...draft, label, ...urls } } satisfies Purpose,
      { units: this.#registry.siteUnits(urls.baseUrl) },
    );
    if (!checked.ok) return checked;
    if (checked.value.status === 'second_factor') return { ok: true, value: checked.value };
    return { ok: true, value: await this.#create({ ...draft, label, ...urls }, checked.value.credential) };
  }

  /**
   * Checks a draft as Add does (the gate, then the site), keeping nothing: what an import collects before it writes
   * every verified account at once (addVerified). A second factor is answered as such; the import refuses that row.
   */
  async verify(
    draft: AccountDraft,
  ): Promise<Result<{ readonly draft: AccountDraft; readonly credential: VerifiedCredential } | 'second_factor'>> {
    const label = this.#registry.label(draft.label);
    const urls = this.#registry.urls(draft);
    const checked = await this.#signIn.verify(
      urls.baseUrl,
      urls.apiUrl,
      draft.credential,
      { kind: 'add', draft: { ...draft, label, ...urls } } satisfies Purpose,
      { units: this.#registry.siteUnits(urls.baseUrl) },
    );
    if (!checked.ok) return checked;
    if (checked.value.status === 'second_factor') return { ok: true, value: 'second_factor' };
    return { ok: true, value: { draft: { ...draft, label, ...urls }, credential: checked.value.credential } };
  }

  /** Ends the site session a verified but unsaved password credential opened (an import stopped before it wrote). */
  async discardVerified(credential: VerifiedCredential, baseUrl: string): Promise<void> {
    await this.#sessions.endUnsaved(baseUrl, credential.secrets, credential.userId);
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

  takeVerifiedBalance(accountId: string): BalanceReading | null {
    const balance = this.#verifiedBalances.get(accountId) ?? null;
    this.#verifiedBalances.delete(accountId);
    return balance;
  }

  /**
   * Runs `announce` (what tells the listeners of the change) with the check's balance ready for the quota monitor to
   * take as it hears of it; not kept past it.
   */
  #withBalance<T>(id: string, balance: BalanceReading | null, announce: () => T): T {
    if (balance !== null) this.#verifiedBalances.set(id, balance);
    try {
      return announce();
    } finally {
      this.#verifiedBalances.delete(id);
    }
  }

  #recordOf(id: string, draft: AccountDraft, credential: VerifiedCredential, now: number): AccountRecord {
    return {
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
      accessTokenExpiresAt: credential.accessTokenExpiresAt,
      lastAutoLoginAt: null,
      isHidden: false,
      isDisabled: false,
      yuanPerUsd: draft.yuanPerUsd ?? null,
      thresholds: draft.thresholds ?? { warnUnits: null, criticalUnits: null },
      createdAt: now,
    };
  }

  async #create(draft: AccountDraft, credential: VerifiedCredential): Promise<SignInOutcome> {
    const id = randomUUID();
    const record = this.#recordOf(id, draft, credential, this.options.clock.now());
    // Secrets first: an account is only listed once its credential is safely stored.
    await this.#sessions.storeSecrets(id, credential.secrets);
    this.#sessions.markReady(id, credential.secrets);
    // A new watched key shows what its check read (its reads are critical); a new access-token account is polled.
    const handed = record.kind === 'api_key' ? credential.balance : null;
    const account = this.#withBalance(id, handed, () => this.#registry.add(record));
    this.options.log.info('account added', { account: id, kind: record.kind });
    return { status: 'done', account };
  }

  // -- credentials of an existing account ----------------------------------------------------------------------

  /** Signs a password account in again (the stored password, or one typed now). */
  async signIn(id: string, password?: string, remember?: boolean): Promise<Result<SignInOutcome>> {
    const record = this.#registry.record(id);
    if (record.kind !== 'password' || record.username === null) {
      return { ok: false, error: { code: 'validation', reason: 'account.not_password' } };
    }
    const typed = password ?? this.#sessions.rememberedPassword(id);
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
    const record = this.#registry.record(id);
    if (credential.kind !== record.kind) {
      return { ok: false, error: { code: 'validation', reason: 'account.kind_fixed' } };
    }
    const previous = { state: this.#sessions.status(id)?.state ?? 'needs_sign_in' };
    this.#sessions.setState(id, 'signing_in', null);
    const checked = await this.#signIn.verify(
      record.baseUrl,
      record.apiUrl,
      credential,
      { kind: 'sign_in', id } satisfies Purpose,
      { units: this.#registry.siteUnits(record.baseUrl) },
    );
    if (!checked.ok) {
      // A failed re-entry changes nothing stored: the account keeps saying why it needed one (locked, signed out).
      this.#sessions.setState(
        id,
        previous.state === 'ok' || previous.state === 'signing_in' ? 'error' : previous.state,
        checked.error,
      );
      return checked;
    }
    if (checked.value.status === 'second_factor') return { ok: true, value: checked.value };
    const other = otherUser(record.userId, checked.value.credential.userId);
    if (other !== null) {
      // A token of another user would put that user's keys under this account's name, alerts and key records.
      this.#sessions.setState(id, previous.state === 'signing_in' ? 'error' : previous.state, other);
      return { ok: false, error: other };
    }
    return { ok: true, value: await this.#adopt(id, checked.value.credential) };
  }

  async #adopt(id: string, credential: VerifiedCredential): Promise<SignInOutcome> {
    // The session being replaced still counts against the site's cap of active sessions: end it.
    this.#sessions.endReplacedSession(id);
    await this.#sessions.storeSecrets(id, credential.secrets);
    const record = this.#registry.record(id);
    this.#registry.replace(id, {
      ...record,
      userId: credential.userId ?? record.userId,
      isPasswordRemembered: credential.secrets.password !== undefined,
      tokenExpiresAt: credential.tokenExpiresAt,
      keyHint: credential.keyHint ?? record.keyHint,
      // A new token's expiry is the one given with it: the old token's date says nothing about it.
      accessTokenExpiresAt: credential.accessTokenExpiresAt,
    });
    this.#sessions.markReady(id, credential.secrets);
    // A watched key given a new key, or an account a new access token, shows the new credential's balance at once,
    // not the old one's (or the refusal that made the user replace it).
    this.#withBalance(id, credential.balance, () => {
      this.#registry.save();
    });
    return { status: 'done', account: this.view(id) };
  }

  /** Forgets the login token and any remembered password: the account needs signing in again. */
  async signOut(id: string): Promise<AccountView> {
    if (this.#registry.record(id).kind === 'password') {
      // Ends the session on the site too, so it stops counting against the user's cap of active sessions.
      await this.#sessions.logout(id);
      await this.#sessions.serial(id, async () => {
        this.#sessions.retire(id);
        await this.options.vault.delete(id);
        const record = this.#registry.record(id);
        this.#registry.replace(id, { ...record, isPasswordRemembered: false, tokenExpiresAt: null });
        this.#sessions.markSignedOut(id);
        this.#registry.save();
      });
    }
    return this.view(id);
  }

  // -- editing, order, removal -----------------------------------------------------------------------------------

  update(id: string, patch: AccountPatch): AccountView {
    return this.#registry.update(id, patch, (changed) => this.#sessions.dropClients(changed));
  }

  /** Removes the account from Keydesk only: its keys on the gateway are untouched. */
  async remove(id: string): Promise<AccountsSnapshot> {
    if (this.#registry.record(id).kind === 'password') await this.#sessions.logout(id);
    // The record goes first, synchronously: a renewal finishing after this point finds no account to write to.
    this.#sessions.retire(id);
    this.#sessions.forget(id);
    this.#registry.remove(id);
    // Queued behind any write in flight for this account, so nothing is written back after the delete.
    await this.#sessions.deleteSecrets(id);
    return this.snapshot();
  }

  // -- backup and restore ----------------------------------------------------------------------------------------

  /** The accounts document as stored (nothing secret): what a backup holds besides the settings and secrets. */
  document(): AccountsDocument {
    return this.#registry.document();
  }

  /**
   * Restores a backup's accounts document as one change: every vault entry in `secrets` written (or dropped, for null;
   * the accounts the restore removes are among them) in one vault write, then the document in one accounts write. If
   * the second write fails the first is undone: the data folder is left as it was. Accounts not named in `secrets`
   * keep what the vault holds for them. Only then are the removed accounts' site sessions ended, best effort.
   */
  async restore(next: AccountsDocument, secrets: ReadonlyMap<string, StoredSecrets | null>): Promise<AccountsSnapshot> {
    await this.#commit(next, secrets);
    this.options.log.info('accounts restored from a backup', {
      accounts: next.accounts.length,
      credentials: [...secrets.values()].filter((stored) => stored !== null).length,
    });
    return this.snapshot();
  }

  /**
   * Accounts already verified with their sites (an import), added as one change: one vault write for all their
   * credentials, one accounts write. Nothing is listed if either write fails.
   */
  async addVerified(
    entries: readonly { readonly draft: AccountDraft; readonly credential: VerifiedCredential }[],
  ): Promise<readonly string[]> {
    if (entries.length === 0) return [];
    const now = this.options.clock.now();
    const records = entries.map(({ draft, credential }) => this.#recordOf(randomUUID(), draft, credential, now));
    const doc = this.#registry.document();
    const secrets = new Map(records.map((record, i) => [record.id, entries[i]?.credential.secrets ?? null] as const));
    await this.#commit(
      { accounts: [...doc.accounts, ...records], activeId: doc.activeId ?? records[0]?.id ?? null },
      secrets,
    );
    return records.map((record) => record.id);
  }

  async #commit(next: AccountsDocument, secrets: ReadonlyMap<string, StoredSecrets | null>): Promise<void> {
    const listed = new Set(next.accounts.map((record) => record.id));
    const removed = this.#registry.records().filter((record) => !listed.has(record.id));
    const logouts = removed.map((record) => this.#sessions.logoutLater(record.id));
    const changes = new Map<string, Record<string, string> | null>();
    for (const [id, stored] of secrets) changes.set(id, stored === null ? null : plainSecrets(stored));
    for (const record of removed) changes.set(record.id, null);
    // A locked vault answers vault.locked itself (VaultLockedError converts itself); nothing was written yet.
    const undo = await this.options.vault.setMany(changes);
    const before = this.#registry.document();
    const restoreAccounts = this.#registry.checkpoint();
    try {
      this.#registry.replaceDocument(next);
      this.#registry.write();
    } catch (error) {
      // Both files back as they were, byte for byte (their .bak too): the restore did not happen.
      restoreAccounts();
      this.#registry.replaceDocument(before);
      await undo();
      throw error;
    }
    for (const record of removed) {
      this.#sessions.retire(record.id);
      this.#sessions.forget(record.id);
    }
    for (const record of next.accounts) {
      const stored = secrets.get(record.id);
      if (stored === undefined && !this.#changed(before, record)) continue;
      this.#sessions.retire(record.id);
      if (stored !== undefined) this.#sessions.adoptStored(record, stored);
    }
    this.#registry.emit();
    for (const logout of logouts) if (logout !== null) void logout();
  }

  /** Whether the record differs from the one `doc` holds for its id (a restore may change its address). */
  #changed(doc: AccountsDocument, record: AccountRecord): boolean {
    const before = doc.accounts.find((candidate) => candidate.id === record.id);
    return before === undefined || before.baseUrl !== record.baseUrl || before.apiUrl !== record.apiUrl;
  }

  // -- sync ------------------------------------------------------------------------------------------------------

  /**
   * An account another Keydesk synced here, already through the sync gate: listed, or its record updated. A credential
   * that differs from the one here replaces it: the session this machine made with the old one is ended, and the next
   * use signs in once (sessions never travel; each machine keeps its own, as the site's session rules require). What
   * belongs to this machine (its login session, its last automatic sign-in, the token's expiry) stays.
   */
  async applySynced(
    synced: Omit<AccountRecord, 'tokenExpiresAt' | 'lastAutoLoginAt' | 'keyHint' | 'isPasswordRemembered'>,
    secrets: StoredSecrets | null,
  ): Promise<void> {
    const current = this.#registry.has(synced.id) ? this.#registry.record(synced.id) : null;
    let isNewCredential = false;
    if (secrets !== null) {
      const read = await this.options.vault.get(synced.id);
      const held = read.status === 'ok' ? read.secrets : {};
      const isSame = Object.entries(secrets).every(([name, value]) => held[name] === value);
      if (!isSame) {
        // Ended on the site too: it still counts against the user's cap of active sessions there.
        if (current?.kind === 'password') await this.#sessions.logout(synced.id);
        await this.#sessions.storeSecrets(synced.id, secrets);
        this.#sessions.markReady(synced.id, secrets);
        isNewCredential = true;
      }
    }
    const record: AccountRecord = {
      ...synced,
      isPasswordRemembered: secrets?.password !== undefined || (current?.isPasswordRemembered ?? false),
      tokenExpiresAt: isNewCredential ? null : (current?.tokenExpiresAt ?? null),
      keyHint: secrets?.apiKey !== undefined ? maskKey(secrets.apiKey) : (current?.keyHint ?? null),
      lastAutoLoginAt: isNewCredential ? null : (current?.lastAutoLoginAt ?? null),
    };
    if (current === null) {
      this.#registry.add(record);
      if (secrets === null) await this.#sessions.loadSecrets(record);
      return;
    }
    this.#registry.replace(record.id, record);
    if (record.baseUrl !== current.baseUrl || record.apiUrl !== current.apiUrl) this.#sessions.dropClients(record.id);
    this.#registry.save();
  }

  reorder(ids: readonly string[]): AccountsSnapshot {
    return this.#registry.reorder(ids);
  }

  switch(id: string): AccountsSnapshot {
    return this.#registry.switch(id);
  }

  // -- AccountDirectory ------------------------------------------------------------------------------------------

  list(): readonly AccountHandle[] {
    return this.#registry.list();
  }

  get(accountId: string): AccountHandle {
    return this.#registry.get(accountId);
  }

  onChange(listener: () => void): () => void {
    return this.#registry.onChange(listener);
  }

  management(accountId: string): Promise<ManagementClient> {
    return this.#sessions.management(accountId);
  }

  keyClient(accountId: string, apiKey?: string): Promise<KeyClient> {
    return this.#sessions.keyClient(accountId, apiKey);
  }

  activeId(): string | null {
    return this.#registry.activeId();
  }
}
