// The config store: one versioned JSON document per name in the data dir ({"version": n, ...fields}), validated by
// a zod schema, migrated forward, written atomically with mode 0600 after a last-known-good .bak, through the store
// engine (atomic files). A corrupt, empty or newer-version file is moved aside (.corrupt-<ts>) and reported, never
// wiped; a good .bak is recovered.
import { existsSync, renameSync, rmSync } from 'node:fs';
import type { z } from 'zod';
import type { StoreEngine, StoreFile } from '../platform/store-engine';
import { ensurePrivateDir, removeStaleTemps } from './atomic-file';
import type { StoreCause } from '../../src-shared/contract';

export interface DocumentStore<T> {
  read(): T;
  write(value: T): void;
  /** A store of files answers a way to put them back as they are now (ConfigStore.checkpoint). */
  checkpoint?(): () => void;
}

/** Migrates a document of version n (the key) to n + 1. Version 0 is a file written before versioning. */
export type Migrations = Readonly<Record<number, (doc: Record<string, unknown>) => Record<string, unknown>>>;

export type StoreReport =
  | {
      readonly kind: 'corrupt';
      readonly file: string;
      readonly keptAt: string;
      readonly reason: string;
      readonly cause: StoreCause;
    }
  | { readonly kind: 'recovered'; readonly from: string; readonly reason: string; readonly cause: StoreCause };

export interface ConfigStoreOptions<T> {
  /** Reads and atomically replaces the main file and its .bak (atomicFileEngine() in both runtimes). */
  readonly engine: StoreEngine;
  readonly dataDir: string;
  readonly name: string;
  readonly schema: z.ZodType<T>;
  readonly defaults: T;
  /** The version this build writes (default 1). Files with a higher version are kept aside, not guessed at. */
  readonly version?: number;
  readonly migrations?: Migrations;
  /** Told when a stored file was unreadable and has been moved aside (path of the kept copy). */
  readonly onCorrupt?: (keptAt: string, reason: string) => void;
  /** Told when the main file was unusable and the last-known-good backup was restored. */
  readonly onRecovered?: (from: string, reason: string) => void;
  /** Told of every report as it happens (both kinds), for the one store-problem status the user sees. */
  readonly onReport?: (report: StoreReport) => void;
  /** The platform's clock (Core's), which names a copy kept aside: no store reads the system clock itself. */
  readonly now: () => number;
  /**
   * A large document written often (the spend history): written without indentation, and its last good text is
   * read back from the main file when the backup is due instead of being held in memory between writes.
   */
  readonly isLarge?: boolean;
}

type Candidate<T> =
  | { readonly state: 'missing' }
  | { readonly state: 'ok'; readonly value: T; readonly text: string }
  | { readonly state: 'bad'; readonly reason: string; readonly cause: StoreCause };

export class ConfigStore<T extends object> implements DocumentStore<T> {
  readonly path: string;
  readonly backupPath: string;
  readonly #main: StoreFile;
  readonly #backup: StoreFile;
  readonly #options: ConfigStoreOptions<T>;
  readonly #version: number;
  readonly #reports: StoreReport[] = [];
  #value: T;
  /** The bytes of the main file as last loaded or written: what goes to .bak before the next replace. */
  #lastGood: string | null = null;
  /** The main file holds a good document (loaded or written): a large store reads it back for the backup. */
  #hasGoodMain = false;

  constructor(options: ConfigStoreOptions<T>) {
    this.#options = options;
    this.#version = options.version ?? 1;
    ensurePrivateDir(options.dataDir);
    this.#main = options.engine.open(options.dataDir, `${options.name}.json`);
    this.#backup = options.engine.open(options.dataDir, `${options.name}.json.bak`);
    this.path = this.#main.path;
    this.backupPath = this.#backup.path;
    // A writer killed mid-write leaves its temp file (<name>.tmp-…, the engine's naming as ours was) behind.
    removeStaleTemps(this.path);
    removeStaleTemps(this.backupPath);
    this.#value = this.#load();
  }

  /** What happened while opening (files kept aside, backup recovered), for the UI to tell the user. */
  get reports(): readonly StoreReport[] {
    return this.#reports;
  }

  read(): T {
    return this.#value;
  }

  write(value: T): void {
    const parsed = this.#options.schema.parse(value);
    const doc = { version: this.#version, ...parsed };
    const text = `${this.#options.isLarge === true ? JSON.stringify(doc) : JSON.stringify(doc, null, 2)}\n`;
    // The backup holds the last state that loaded or was written whole; it is replaced before the main file so
    // a crash in between leaves two good copies, never zero.
    const lastGood = this.#lastGood ?? (this.#hasGoodMain ? (this.#main.read() ?? null) : null);
    if (lastGood !== null && lastGood !== text) this.#backup.write(lastGood);
    this.#main.write(text);
    this.#hasGoodMain = true;
    this.#lastGood = this.#options.isLarge === true ? null : text;
    this.#value = parsed;
  }

  /**
   * The store as it is now, main file and backup byte for byte: calling the answer puts both back (and the value in
   * memory), for a change of several files that must happen whole or not at all (a restore writes the vault, then
   * the accounts; a failure of the second puts the first back).
   */
  checkpoint(): () => void {
    const main = this.#main.read();
    const backup = this.#backup.read();
    const state = { value: this.#value, lastGood: this.#lastGood, hasGoodMain: this.#hasGoodMain };
    const put = (file: StoreFile, text: string | undefined): void => {
      if (text === undefined) rmSync(file.path, { force: true });
      else if (file.read() !== text) file.write(text);
    };
    return () => {
      put(this.#backup, backup);
      put(this.#main, main);
      this.#value = state.value;
      this.#lastGood = state.lastGood;
      this.#hasGoodMain = state.hasGoodMain;
    };
  }

  #load(): T {
    const main = this.#inspect(this.#main);
    if (main.state === 'ok') {
      this.#hasGoodMain = true;
      if (this.#options.isLarge !== true) this.#lastGood = main.text;
      return main.value;
    }
    let why = 'the file is missing';
    let cause: StoreCause = 'missing';
    if (main.state === 'bad') {
      this.#quarantine(this.path, main.reason, main.cause);
      why = main.reason;
      cause = main.cause;
    }
    const backup = this.#inspect(this.#backup);
    if (backup.state === 'ok') {
      // Put the good copy back in place now, so the next start does not depend on the backup again.
      this.#main.write(backup.text);
      this.#hasGoodMain = true;
      if (this.#options.isLarge !== true) this.#lastGood = backup.text;
      this.#report({ kind: 'recovered', from: this.backupPath, reason: why, cause });
      this.#options.onRecovered?.(this.backupPath, why);
      return backup.value;
    }
    if (backup.state === 'bad') this.#quarantine(this.backupPath, backup.reason, backup.cause);
    return this.#options.defaults;
  }

  #inspect(file: StoreFile): Candidate<T> {
    // Unreadable for another reason than absence (permissions, I/O) throws: say so rather than start from defaults.
    const text = file.read();
    if (text === undefined) return { state: 'missing' };
    if (text.trim() === '') return { state: 'bad', cause: 'empty', reason: 'the file is empty' };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return { state: 'bad', cause: 'not_json', reason: `the file is not valid JSON (${(error as Error).message})` };
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return { state: 'bad', cause: 'not_object', reason: 'the file does not hold a JSON object' };
    }
    const { version: stored, ...fields } = raw as Record<string, unknown>;
    const version = stored ?? 0;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
      return {
        state: 'bad',
        cause: 'bad_version',
        reason: `the file has an invalid version ${JSON.stringify(version)}`,
      };
    }
    if (version > this.#version) {
      return {
        state: 'bad',
        cause: 'newer_version',
        reason: `the file was written by a newer Keydesk (format ${version}, this one reads up to ${this.#version})`,
      };
    }
    let doc = fields;
    try {
      for (let from = version; from < this.#version; from++) doc = this.#options.migrations?.[from]?.(doc) ?? doc;
    } catch (error) {
      return {
        state: 'bad',
        cause: 'migration_failed',
        reason: `migration from format ${version} failed (${(error as Error).message})`,
      };
    }
    const parsed = this.#options.schema.safeParse(doc);
    if (!parsed.success)
      return { state: 'bad', cause: 'schema', reason: `the file does not match its schema: ${parsed.error.message}` };
    return { state: 'ok', value: parsed.data, text };
  }

  #quarantine(path: string, reason: string, cause: StoreCause): void {
    let keptAt = `${path}.corrupt-${this.#options.now()}`;
    // Two quarantines in the same millisecond (main and backup share no name, but a restart loop might).
    for (let n = 1; existsSync(keptAt); n++) keptAt = `${path}.corrupt-${this.#options.now()}-${n}`;
    renameSync(path, keptAt); // a rename keeps the exact bytes
    this.#report({ kind: 'corrupt', file: path, keptAt, reason, cause });
    this.#options.onCorrupt?.(keptAt, reason);
  }

  #report(report: StoreReport): void {
    this.#reports.push(report);
    this.#options.onReport?.(report);
  }
}
