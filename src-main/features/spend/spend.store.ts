// Where the spend history lives: one file per tracked account (spend-history-<id>.json), so a list pass rewrites
// its own account's keys, never every account's, and the watcher still reads one document of all accounts. Each
// file is a config store (validated, atomic, .bak); a removed account's files are deleted. The single spend.json of
// an earlier version is split into these files once, then removed.
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { z } from 'zod';
import { entriesOf, entryOf, hasEntry, idRecord, idRecordOf } from '../../id-record';
import type { StoreEngine } from '../../platform/store-engine';
import { ConfigStore, type DocumentStore } from '../../vault/config.store';
import { EMPTY_SPEND, keyEntrySchema, spendDocumentSchema, type SpendDocument } from './spend.watcher';

const PREFIX = 'spend-history-';
const LEGACY_NAME = 'spend';

/** One spend-history-<id>.json: its account and every tracked key's reads (also read, read-only, by `keydesk mcp`). */
export const accountSpendSchema = z.object({
  accountId: z.string().min(1).max(200),
  keys: idRecord(keyEntrySchema),
});
type AccountSpend = z.infer<typeof accountSpendSchema>;

export interface SpendStoreOptions {
  readonly engine: StoreEngine;
  readonly dataDir: string;
  readonly onCorrupt: (name: string, keptAt: string, reason: string) => void;
  /** The platform's clock, for each file's store. */
  readonly now: () => number;
}

/** A file name for an account: its id where that is safe in a path, else a digest of it. */
export function spendFileName(accountId: string): string {
  const safe = /^[A-Za-z0-9_-]{1,100}$/.test(accountId)
    ? accountId
    : createHash('sha256').update(accountId).digest('hex').slice(0, 32);
  return `${PREFIX}${safe}`;
}

export class SplitSpendStore implements DocumentStore<SpendDocument> {
  readonly #options: SpendStoreOptions;
  readonly #files = new Map<string, ConfigStore<AccountSpend>>();
  #doc: SpendDocument = { accounts: idRecordOf([]) };

  constructor(options: SpendStoreOptions) {
    this.#options = options;
    // One look at the folder serves both the accounts' files and an earlier version's spend.json.
    const entries = readEntries(options.dataDir);
    const accounts: [string, SpendDocument['accounts'][string]][] = [];
    for (const name of storedNames(entries)) {
      const file = this.#open(name, null);
      const { accountId, keys } = file.read();
      if (accountId === '') continue;
      this.#files.set(accountId, file);
      accounts.push([accountId, keys]);
    }
    this.#doc = { accounts: idRecordOf(accounts) };
    this.#splitLegacy(new Set(entries));
  }

  read(): SpendDocument {
    return this.#doc;
  }

  /** Writes the accounts whose history changed (the watcher replaces only those) and deletes the ones gone. */
  write(doc: SpendDocument): void {
    const accounts: [string, SpendDocument['accounts'][string]][] = [];
    for (const [accountId, keys] of entriesOf(doc.accounts)) {
      const file = this.#fileFor(accountId);
      if (entryOf(this.#doc.accounts, accountId) !== keys) file.write({ accountId, keys });
      accounts.push([accountId, file.read().keys]);
    }
    for (const accountId of Object.keys(this.#doc.accounts)) {
      if (!hasEntry(doc.accounts, accountId)) this.#remove(accountId);
    }
    this.#doc = { accounts: idRecordOf(accounts) };
  }

  #fileFor(accountId: string): ConfigStore<AccountSpend> {
    const known = this.#files.get(accountId);
    if (known) return known;
    const file = this.#open(spendFileName(accountId), accountId);
    this.#files.set(accountId, file);
    return file;
  }

  #open(name: string, accountId: string | null): ConfigStore<AccountSpend> {
    return new ConfigStore({
      engine: this.#options.engine,
      dataDir: this.#options.dataDir,
      now: this.#options.now,
      name,
      schema: accountSpendSchema,
      defaults: { accountId: accountId ?? '', keys: idRecordOf([]) },
      isLarge: true,
      onCorrupt: (keptAt, reason) => this.#options.onCorrupt(name, keptAt, reason),
    });
  }

  #remove(accountId: string): void {
    const file = this.#files.get(accountId);
    this.#files.delete(accountId);
    if (!file) return;
    rmSync(file.path, { force: true });
    rmSync(file.backupPath, { force: true });
  }

  /** An earlier version kept every account in spend.json: split it into the accounts' files, then remove it. */
  #splitLegacy(names: ReadonlySet<string>): void {
    if (!names.has(`${LEGACY_NAME}.json`) && !names.has(`${LEGACY_NAME}.json.bak`)) return;
    const legacy = new ConfigStore({
      engine: this.#options.engine,
      dataDir: this.#options.dataDir,
      now: this.#options.now,
      name: LEGACY_NAME,
      schema: spendDocumentSchema,
      defaults: EMPTY_SPEND,
      isLarge: true,
      onCorrupt: (keptAt, reason) => this.#options.onCorrupt(LEGACY_NAME, keptAt, reason),
    });
    this.write({ accounts: idRecordOf([...entriesOf(legacy.read().accounts), ...entriesOf(this.#doc.accounts)]) });
    rmSync(legacy.path, { force: true });
    rmSync(legacy.backupPath, { force: true });
  }
}

function readEntries(dataDir: string): string[] {
  try {
    return readdirSync(dataDir);
  } catch {
    return [];
  }
}

/** The names of the history files among a folder's entries (a .bak alone counts: the store recovers from it). */
function storedNames(entries: readonly string[]): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    const match = /^(spend-history-[A-Za-z0-9_-]{1,100})\.json(\.bak)?$/.exec(entry);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names];
}
