// The secret store: each account's secrets as one encrypted JSON blob in <dataDir>/vault.json, a versioned file
// ({version, backend, kdf?, entries: {accountId: {backend, data}}}) that records which cipher sealed each entry.
// A blob that cannot be decrypted is left untouched and reported as locked; re-entering it re-encrypts it.
import type { AppError, ErrorParams, ErrorReason, VaultNote } from '../../src-shared/contract';
import { z } from 'zod';
import type { Logger } from '../log/logger';
import { registerSecret } from '../log/redact';
import { CIPHER_BACKENDS, CipherError, type CipherBackend, type SecretCipher } from './cipher';
import { selectCipher, type BackendProbe, type CipherSources } from './cipher-selection';
import type { StoreEngine } from '../platform/store-engine';
import { ConfigStore, type StoreReport } from './config.store';
import {
  emptyIdRecord,
  entriesOf,
  entryOf,
  hasEntry,
  idRecord,
  idRecordOf,
  withEntry,
  withoutEntry,
} from '../id-record';
import { kdfHeaderSchema, PassphraseCipher, type ScryptParams } from './passphrase.cipher';

export const accountSecretsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
/** Whatever an account needs to sign in (password, accessToken, apiKey, ...): opaque to the vault. */
export type AccountSecrets = Readonly<z.infer<typeof accountSecretsSchema>>;

export type SecretRead =
  | { readonly status: 'ok'; readonly secrets: AccountSecrets }
  | {
      readonly status: 'locked';
      readonly backend: CipherBackend;
      /** Why it cannot be read, named for the renderer (with the backend it was sealed with). */
      readonly reason: ErrorReason;
      readonly params?: ErrorParams;
    }
  | { readonly status: 'missing' };

export interface VaultStatus {
  readonly backend: CipherBackend;
  /** false: secrets are lost when the app quits (memory backend). */
  readonly isPersistent: boolean;
  /** Why this backend, named (the renderer words each). */
  readonly reasons: readonly VaultNote[];
  /** A passphrase is set and not unlocked: entries it sealed cannot be read, new ones cannot be written. */
  readonly isLocked: boolean;
  readonly hasPassphrase: boolean;
  /** Only weak storage exists and no passphrase is set: offer one. */
  readonly canSetPassphrase: boolean;
  /**
   * Accounts whose stored secrets cannot be decrypted now (backend gone, key changed, value altered); not those only
   * waiting for the passphrase while the vault is locked (isLocked says so, and unlocking opens them).
   */
  readonly lockedAccounts: readonly string[];
  /** Every backend considered and why it was or was not used. */
  readonly backends: readonly BackendProbe[];
  /**
   * File problems met on open, named with the file involved: the damaged file kept aside, or the backup it was
   * restored from (the parse error itself went to the log when it was met).
   */
  readonly fileNotices: readonly { readonly kind: 'file_kept' | 'file_restored'; readonly path: string }[];
}

/** The vault needs its passphrase, not entered since the start: the user can fix it where the failure shows. */
export class VaultLockedError extends Error {
  override readonly name = 'VaultLockedError';
  readonly code = 'vault.locked';
  /** Crosses the bridge as vault.locked with the passphrase not entered (errors.ts converts through this). */
  toAppError(): AppError {
    return { code: this.code, reason: 'vault.passphrase_not_entered' };
  }
}

const entrySchema = z.object({ backend: z.enum(CIPHER_BACKENDS), data: z.base64() });
const vaultSchema = z.object({
  backend: z.enum(CIPHER_BACKENDS).nullable(),
  kdf: kdfHeaderSchema.optional(),
  // Keyed by account id, prototype-less: an account called `constructor` or `__proto__` has its entry like any other.
  entries: idRecord(entrySchema),
});
type VaultDocument = z.infer<typeof vaultSchema>;
type Entry = z.infer<typeof entrySchema>;

// The account id travels inside the ciphertext, so a blob copied to another account's slot does not open there.
const envelopeSchema = z.object({ account: z.string(), secrets: accountSecretsSchema });

export const VAULT_FILE = 'vault';

export interface SecretStoreOptions {
  /** Carries vault.json and its .bak (the platform's store engine); the blobs inside are sealed before they reach it. */
  readonly engine: StoreEngine;
  readonly dataDir: string;
  readonly sources: CipherSources;
  readonly log?: Logger;
  /** scrypt cost for new passphrases; tests pass cheap ones. Unlock always uses the parameters in the file. */
  readonly scrypt?: ScryptParams;
  /** The platform's clock, for the vault file's store. */
  readonly now: () => number;
  /** Told of the vault file's problems (kept aside, restored from backup), for the one store status. */
  readonly onFileReport?: (report: StoreReport) => void;
}

export class SecretStore {
  readonly #file: ConfigStore<VaultDocument>;
  readonly #ciphers: Map<CipherBackend, SecretCipher>;
  readonly #probes: readonly BackendProbe[];
  readonly #options: SecretStoreOptions;
  /** Session-only entries (memory backend): sealed with the memory cipher, never written. */
  readonly #session = new Map<string, Uint8Array>();
  readonly #failed = new Set<string>();
  #backend: CipherBackend;
  #reasons: readonly VaultNote[];
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    file: ConfigStore<VaultDocument>,
    selection: Awaited<ReturnType<typeof selectCipher>>,
    options: SecretStoreOptions,
  ) {
    this.#file = file;
    this.#ciphers = new Map(selection.ciphers);
    this.#probes = selection.probes;
    this.#backend = selection.backend;
    this.#reasons = selection.reasons;
    this.#options = options;
  }

  static async open(options: SecretStoreOptions): Promise<SecretStore> {
    const log = options.log;
    const file = new ConfigStore<VaultDocument>({
      engine: options.engine,
      dataDir: options.dataDir,
      name: VAULT_FILE,
      schema: vaultSchema,
      defaults: { backend: null, entries: emptyIdRecord() },
      now: options.now,
      onCorrupt: (keptAt, reason) => log?.warn('vault file was unreadable; kept aside', { keptAt, reason }),
      onRecovered: (from, reason) => log?.warn('vault file restored from its backup', { from, reason }),
      ...(options.onFileReport ? { onReport: options.onFileReport } : {}),
    });
    const doc = file.read();
    const selection = await selectCipher(options.sources, {
      preferred: doc.backend,
      hasPassphrase: doc.kdf !== undefined,
    });
    log?.info('vault backend selected', { backend: selection.backend, reasons: selection.reasons.map((r) => r.note) });
    return new SecretStore(file, selection, options);
  }

  status(): VaultStatus {
    const doc = this.#file.read();
    const hasPassphrase = doc.kdf !== undefined;
    const isLocked = hasPassphrase && !this.#ciphers.has('passphrase');
    const locked = new Set(this.#failed);
    for (const [id, entry] of entriesOf(doc.entries)) {
      // An entry waiting for the passphrase is not a problem of its own: the vault is locked, and unlocking opens it.
      const waitsForPassphrase = entry.backend === 'passphrase' && isLocked;
      if (!this.#session.has(id) && !this.#ciphers.has(entry.backend) && !waitsForPassphrase) locked.add(id);
    }
    return {
      backend: this.#backend,
      isPersistent: this.#backend !== 'memory',
      reasons: this.#reasons,
      isLocked,
      hasPassphrase,
      canSetPassphrase: this.#backend === 'memory' && !hasPassphrase,
      lockedAccounts: [...locked].sort(),
      backends: this.#probes,
      fileNotices: this.#file.reports.map((r) =>
        r.kind === 'corrupt' ? { kind: 'file_kept', path: r.keptAt } : { kind: 'file_restored', path: r.from },
      ),
    };
  }

  /** Never writes: a failed decrypt leaves the file exactly as it was. */
  async get(accountId: string): Promise<SecretRead> {
    const sessionBlob = this.#session.get(accountId);
    const entry: Entry | undefined =
      sessionBlob !== undefined
        ? { backend: 'memory', data: Buffer.from(sessionBlob).toString('base64') }
        : entryOf(this.#file.read().entries, accountId);
    if (entry === undefined) return { status: 'missing' };
    const cipher = this.#ciphers.get(entry.backend);
    if (cipher === undefined) {
      return { status: 'locked', backend: entry.backend, ...this.#unavailableReason(entry.backend) };
    }
    try {
      const blob = Buffer.from(entry.data, 'base64');
      const { plain, shouldReseal } = cipher.open
        ? await cipher.open(blob)
        : { plain: await cipher.decrypt(blob), shouldReseal: false };
      const envelope = envelopeSchema.parse(JSON.parse(new TextDecoder().decode(plain)));
      if (envelope.account !== accountId) throw new CipherError('authentication', 'entry belongs to another account');
      for (const value of Object.values(envelope.secrets)) if (typeof value === 'string') registerSecret(value);
      this.#failed.delete(accountId);
      // safeStorage's key was rotated: seal the entry again under the new one, in the background (the old blob
      // still opens until then, so a failure here loses nothing).
      if (shouldReseal && entry.backend === this.#backend && sessionBlob === undefined) {
        this.set(accountId, envelope.secrets).catch((error: unknown) => {
          this.#options.log?.warn('vault entry could not be sealed again; the old seal still opens', {
            account: accountId,
            error: error instanceof Error ? error.message : String(error),
          });
        });
      }
      return { status: 'ok', secrets: envelope.secrets };
    } catch (error) {
      this.#failed.add(accountId);
      this.#options.log?.warn('vault entry could not be decrypted; kept as is', {
        account: accountId,
        backend: entry.backend,
        error: error instanceof Error ? error.message : String(error),
      });
      return {
        status: 'locked',
        backend: entry.backend,
        reason: 'vault.undecryptable',
        params: { backend: entry.backend },
      };
    }
  }

  /** Encrypts with the current backend, replacing whatever was stored for the account (locked or not). */
  set(accountId: string, secrets: AccountSecrets): Promise<void> {
    const checked = accountSecretsSchema.parse(secrets);
    for (const value of Object.values(checked)) if (typeof value === 'string') registerSecret(value);
    return this.#exclusive(async () => {
      const cipher = this.#ciphers.get(this.#backend);
      if (cipher === undefined) throw new VaultLockedError('Unlock the vault with its passphrase first');
      const blob = await cipher.encrypt(JSON.stringify({ account: accountId, secrets: checked }));
      this.#failed.delete(accountId);
      if (!cipher.isPersistent) {
        this.#session.set(accountId, blob);
        return;
      }
      const doc = this.#file.read();
      const entry = { backend: this.#backend, data: Buffer.from(blob).toString('base64') };
      this.#file.write({ ...doc, backend: this.#backend, entries: withEntry(doc.entries, accountId, entry) });
      this.#session.delete(accountId);
    });
  }

  /**
   * Writes and deletes many accounts' entries as one change: every blob is sealed first, then the file is written
   * once (a restore of 2,000 accounts is one write, not 2,000 rewrites of a growing file). Nothing is written when a
   * seal fails. Answers an undo that puts back what was there before (the file as it was, the session entries as
   * they were), for a caller whose next write failed.
   */
  setMany(changes: ReadonlyMap<string, AccountSecrets | null>): Promise<() => Promise<void>> {
    const checked = new Map<string, AccountSecrets | null>();
    for (const [id, secrets] of changes) checked.set(id, secrets === null ? null : accountSecretsSchema.parse(secrets));
    return this.#exclusive(async () => {
      const cipher = this.#ciphers.get(this.#backend);
      const sealing = [...checked.values()].some((secrets) => secrets !== null);
      if (sealing && cipher === undefined) throw new VaultLockedError('Unlock the vault with its passphrase first');
      const sealed = new Map<string, Uint8Array | null>();
      for (const [id, secrets] of checked) {
        sealed.set(
          id,
          secrets === null ? null : await (cipher as SecretCipher).encrypt(JSON.stringify({ account: id, secrets })),
        );
      }
      const before = this.#file.read();
      const restoreFile = this.#file.checkpoint();
      const sessionBefore = new Map(this.#session);
      const entries = new Map<string, Entry>(entriesOf(before.entries));
      for (const [id, blob] of sealed) {
        if (blob !== null && cipher?.isPersistent === true) {
          entries.set(id, { backend: this.#backend, data: Buffer.from(blob).toString('base64') });
        } else {
          entries.delete(id);
        }
      }
      const isChanged = [...sealed.keys()].some((id) => hasEntry(before.entries, id) || sealed.get(id) != null);
      if (isChanged) this.#file.write({ ...before, backend: this.#backend, entries: idRecordOf(entries) });
      for (const [id, blob] of sealed) {
        for (const value of Object.values(checked.get(id) ?? {})) if (typeof value === 'string') registerSecret(value);
        this.#failed.delete(id);
        if (blob !== null && cipher?.isPersistent === false) this.#session.set(id, blob);
        else this.#session.delete(id);
      }
      return () =>
        this.#exclusive(() => {
          restoreFile();
          this.#session.clear();
          for (const [id, blob] of sessionBefore) this.#session.set(id, blob);
          return Promise.resolve();
        });
    });
  }

  delete(accountId: string): Promise<void> {
    return this.#exclusive(() => {
      this.#session.delete(accountId);
      this.#failed.delete(accountId);
      const doc = this.#file.read();
      if (!hasEntry(doc.entries, accountId)) return Promise.resolve();
      this.#file.write({ ...doc, entries: withoutEntry(doc.entries, accountId) });
      return Promise.resolve();
    });
  }

  /** First passphrase, offered when only memory is available: session secrets move into the file under it. */
  setPassphrase(passphrase: string): Promise<void> {
    return this.#exclusive(async () => {
      const doc = this.#file.read();
      if (doc.kdf !== undefined) throw new Error('A passphrase is already set; change it instead');
      if (this.#backend !== 'memory') throw new Error(`The vault already uses ${this.#backend}; no passphrase needed`);
      const { cipher, kdf } = await PassphraseCipher.create(passphrase, this.#options.scrypt);
      const memory = this.#ciphers.get('memory');
      const entries = new Map<string, Entry>(entriesOf(doc.entries));
      for (const [id, blob] of this.#session) {
        const plain = await (memory as SecretCipher).decrypt(blob);
        entries.set(id, { backend: 'passphrase', data: Buffer.from(await cipher.encrypt(plain)).toString('base64') });
      }
      this.#file.write({ backend: 'passphrase', kdf, entries: idRecordOf(entries) });
      this.#ciphers.set('passphrase', cipher);
      this.#session.clear();
      this.#backend = 'passphrase';
      this.#reasons = [{ note: 'passphrase_set' }];
    });
  }

  /** Rejects with CipherError('authentication') on a wrong passphrase; never writes. */
  unlock(passphrase: string): Promise<void> {
    return this.#exclusive(async () => {
      const kdf = this.#file.read().kdf;
      if (kdf === undefined) throw new Error('No passphrase has been set');
      this.#ciphers.set('passphrase', await PassphraseCipher.unlock(kdf, passphrase));
      this.#failed.clear(); // entries that were locked for want of the key may open now
    });
  }

  lock(): void {
    this.#ciphers.delete('passphrase');
  }

  /** Re-encrypts every passphrase entry under the new one in a single atomic write; all or nothing. */
  changePassphrase(current: string, next: string): Promise<void> {
    return this.#exclusive(async () => {
      const doc = this.#file.read();
      if (doc.kdf === undefined) throw new Error('No passphrase has been set');
      const old = await PassphraseCipher.unlock(doc.kdf, current);
      const { cipher, kdf } = await PassphraseCipher.create(next, this.#options.scrypt);
      const entries = new Map<string, Entry>();
      for (const [id, entry] of entriesOf(doc.entries)) {
        if (entry.backend !== 'passphrase') {
          entries.set(id, entry);
          continue;
        }
        // An entry the old key cannot open would become unrecoverable once the old salt is gone: stop instead.
        const plain = await old.decrypt(Buffer.from(entry.data, 'base64'));
        entries.set(id, { backend: 'passphrase', data: Buffer.from(await cipher.encrypt(plain)).toString('base64') });
      }
      this.#file.write({ ...doc, kdf, entries: idRecordOf(entries) });
      this.#ciphers.set('passphrase', cipher);
    });
  }

  /** Whether the account's secrets are in the vault file (false: in memory only, lost on quit, or none at all). */
  isKept(accountId: string): boolean {
    return !this.#session.has(accountId) && Object.hasOwn(this.#file.read().entries, accountId);
  }

  /** Resolves once every write already asked for is on disk (or failed): the last step before quitting. */
  async flush(): Promise<void> {
    // A write queued while waiting (a reseal, a rotated cookie) is waited for too.
    for (let pending = this.#queue; ; pending = this.#queue) {
      await pending;
      if (pending === this.#queue) return;
    }
  }

  #unavailableReason(backend: CipherBackend): { reason: ErrorReason; params?: ErrorParams } {
    if (backend === 'passphrase') return { reason: 'vault.passphrase_not_entered' };
    if (backend === 'memory') return { reason: 'vault.session_only_earlier' };
    return { reason: 'vault.backend_unavailable', params: { backend } };
  }

  #exclusive<R>(task: () => Promise<R>): Promise<R> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
