// One sync run against the folder: list it once, read only the records whose ETag moved (bounded, authenticated,
// refused when replayed, checked by their kind's gate), decide each record three-way (merge.ts), write what changed
// with If-Match / If-None-Match: * and, when a write loses a race, read that record again and decide again. Local
// writes happen only for records whose decision is final. Nothing here schedules, and nothing is kept in memory.
// Long because a run's steps (list, read, decide, write, devices) share one state of ETags and
// versions, which split files would hand back and forth; the pure parts already live apart (merge, record-check).
import { randomUUID } from 'node:crypto';
import {
  contentDigest,
  deviceFileName,
  encodeKeyring,
  KEYRING_FILE,
  readKeyring,
  recordFileName,
  sealRecord,
  SyncCryptoError,
  type SyncKeys,
} from './sync-crypto';
import { compareVersions, newestOf, nextVersion, parseVersion, versionText, type Version } from './hlc';
import { decide, type Alternative, type RemoteRecord } from './merge';
import { canonicalJson, encodePlain, type SyncRecordKind } from './record-kind';
import { RemoteError, type RemoteEntry, type SyncRemote } from './webdav.remote';
import type { RecordState, RefusedState, SyncConfig, SyncState } from './sync-state';
import { noteDevice, pruneDevices, type DeviceBody } from './device-record';
import { checkRecord } from './record-check';
import { entriesOf, entryOf, withEntry } from '../../id-record';

/** The largest record file read: an account with its conflicts is a few kilobytes. */
export const MAX_RECORD_BYTES = 256 * 1024;
/** How often one run reads a record again after losing a write race before it leaves it to the next run. */
const MAX_ROUNDS = 4;
/** A device rewrites its entry (its "last sync") at most this often. */
export const DEVICE_REFRESH_MS = 60 * 60_000;
const RECORD_NAME = /^r-[0-9a-f]{40}\.kds$/;

export interface EngineDeps {
  readonly remote: SyncRemote;
  readonly keys: SyncKeys;
  readonly config: SyncConfig;
  readonly kinds: readonly SyncRecordKind[];
  readonly now: () => number;
  readonly appVersion: string;
  /** Conflicting copies by record name (secret: they may hold credentials). */
  readonly conflicts: Map<string, readonly Alternative[]>;
}

export interface RunReport {
  readonly read: number;
  readonly written: number;
  readonly taken: number;
  readonly waiting: number;
}

interface Fetched {
  readonly kind: string;
  readonly id: string;
  readonly etag: string | null;
  readonly remote: RemoteRecord;
}

const isGone = (error: unknown): boolean => error instanceof RemoteError && error.problem === 'not_found';

export class SyncEngine {
  #state: SyncState;
  #reads = 0;
  #writes = 0;
  #taken = 0;

  constructor(
    private readonly deps: EngineDeps,
    state: SyncState,
  ) {
    this.#state = state;
  }

  get state(): SyncState {
    return this.#state;
  }

  /** Stamps local changes with the time they are noticed (the edit's time in a conflict); returns how many wait. */
  async noteLocalChanges(): Promise<number> {
    const locals = await this.#locals();
    let waiting = 0;
    for (const { kind, id, body } of locals.entries) {
      if (body === undefined || kind.isReadOnly?.(id) === true) continue;
      const name = recordFileName(this.deps.keys, kind.kind, id);
      const record = this.#record(name, kind.kind, id);
      const digest = body === null ? null : contentDigest(this.deps.keys, canonicalJson(body));
      if (digest === record.baseDigest) {
        if (record.edit !== null) this.#setRecord(name, { ...record, edit: null, editDigest: null });
        continue;
      }
      waiting += 1;
      if (record.edit !== null && record.editDigest === digest) continue;
      const stamp = nextVersion(this.#latest(), this.deps.now(), this.deps.config.deviceId);
      this.#bump(stamp);
      this.#setRecord(name, { ...record, edit: versionText(stamp), editDigest: digest });
    }
    return waiting;
  }

  async run(): Promise<RunReport> {
    let listing = await this.#list();
    await this.#checkKeyring(listing);
    this.#state = pruneDevices(this.#state, (id) => listing.has(deviceFileName(this.deps.keys, id)));
    await this.noteLocalChanges();
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const fetched = await this.#fetchChanged(listing);
      const raced = await this.#decideAll(listing, fetched);
      if (raced === 0) break;
      listing = await this.#list();
    }
    await this.#writeDevice(listing);
    this.#state = { ...this.#state, lastSyncAt: this.deps.now() };
    return { read: this.#reads, written: this.#writes, taken: this.#taken, waiting: await this.noteLocalChanges() };
  }

  // -- listing and the keyring --------------------------------------------------------------------------------------

  async #list(): Promise<Map<string, RemoteEntry>> {
    try {
      return new Map((await this.deps.remote.list()).map((entry) => [entry.name, entry]));
    } catch (error) {
      // The folder is gone (a lost or reset server): it is made again, and every record goes up again below.
      if (!isGone(error)) throw error;
      await this.deps.remote.ensureFolder();
      return new Map();
    }
  }

  async #checkKeyring(listing: Map<string, RemoteEntry>): Promise<void> {
    const entry = listing.get(KEYRING_FILE);
    const ours = this.deps.config.keyring;
    if (entry === undefined) {
      // Lost with the folder, or deleted: put back as this device knows it (it holds no secret).
      await this.deps.remote.put(KEYRING_FILE, encodeKeyring(ours), { ifNoneMatch: '*' });
      return;
    }
    if (entry.etag !== null && entry.etag === entryOf(this.#state.records, KEYRING_FILE)?.etag) return;
    const served = readKeyring(await this.deps.remote.get(KEYRING_FILE, 4096));
    if (served.kdf.salt !== ours.kdf.salt || served.check !== ours.check) {
      throw new SyncCryptoError('wrong_passphrase');
    }
    this.#setRecord(KEYRING_FILE, { ...this.#record(KEYRING_FILE, 'keyring', 'keyring'), etag: entry.etag });
  }

  // -- reading ------------------------------------------------------------------------------------------------------

  async #fetchChanged(listing: Map<string, RemoteEntry>): Promise<Map<string, Fetched>> {
    const fetched = new Map<string, Fetched>();
    for (const entry of listing.values()) {
      if (!RECORD_NAME.test(entry.name)) continue;
      const known = entryOf(this.#state.records, entry.name);
      if (known !== undefined && entry.etag !== null && known.etag === entry.etag) continue;
      const refused = this.#state.refused.find((r) => r.name === entry.name);
      if (refused !== undefined && entry.etag !== null && refused.etag === entry.etag) continue;
      const got = await this.#read(entry, known);
      if (got !== null) fetched.set(entry.name, got);
    }
    return fetched;
  }

  async #read(entry: RemoteEntry, known: RecordState | undefined): Promise<Fetched | null> {
    let bytes: Uint8Array;
    try {
      bytes = await this.deps.remote.get(entry.name, MAX_RECORD_BYTES);
      this.#reads += 1;
    } catch (error) {
      if (error instanceof RemoteError && error.problem === 'too_large') return this.#refuse(entry, 'too_large');
      // Deleted between the listing and the read: the next listing says what is there.
      if (isGone(error)) return null;
      throw error;
    }
    const highest = known?.highest == null ? null : parseVersion(known.highest);
    const checked = checkRecord(this.deps.keys, entry.name, bytes, highest);
    if (!checked.ok) return this.#refuse(entry, checked.problem);
    const { opened, plain } = checked;
    this.#bump(opened.version);
    this.#state = { ...this.#state, refused: this.#state.refused.filter((r) => r.name !== entry.name) };
    const remote: RemoteRecord = { version: opened.version, ...plain.record };
    if (plain.kind === 'device') {
      this.#state = noteDevice(this.#state, plain.id, remote);
      this.#setRecord(entry.name, this.#seen(entry, plain.kind, plain.id, opened.version));
      return null;
    }
    const kind = this.#kindOf(plain.kind, plain.id);
    if (kind === undefined) {
      // A kind this build does not sync (a newer Keydesk's, or a settings group not chosen here): left as it is.
      this.#setRecord(entry.name, this.#seen(entry, plain.kind, plain.id, opened.version));
      return null;
    }
    const admitted = remote.deleted ? null : kind.admit(plain.id, remote.body);
    if (!remote.deleted && admitted === null) return this.#refuse(entry, 'invalid');
    return { kind: plain.kind, id: plain.id, etag: entry.etag, remote: { ...remote, body: admitted } };
  }

  #seen(entry: RemoteEntry, kind: string, id: string, version: Version): RecordState {
    const record = this.#record(entry.name, kind, id);
    return { ...record, etag: entry.etag, highest: versionText(this.#maxOf(record.highest, version)) };
  }

  #refuse(entry: RemoteEntry, problem: RefusedState['problem']): null {
    const refused = this.#state.refused.filter((r) => r.name !== entry.name);
    refused.push({ name: entry.name, etag: entry.etag, problem, at: this.deps.now() });
    this.#state = { ...this.#state, refused: refused.slice(-200) };
    return null;
  }

  // -- deciding and writing ------------------------------------------------------------------------------------------

  /** Decides every record; returns how many writes lost a race (to be read and decided again). */
  async #decideAll(listing: Map<string, RemoteEntry>, fetched: Map<string, Fetched>): Promise<number> {
    const locals = await this.#locals();
    const seen = new Set<string>();
    let raced = 0;
    const visit = async (kind: SyncRecordKind, id: string, body: unknown): Promise<void> => {
      const name = recordFileName(this.deps.keys, kind.kind, id);
      if (seen.has(name)) return;
      seen.add(name);
      if (body === undefined) return; // unreadable here now (a locked credential): left for a later run
      // A copy on the server this device refused (altered, a newer Keydesk's, replayed) is left as it is, and so is
      // this device's record: neither overwrites the other until the server serves an acceptable copy again.
      const entry = listing.get(name);
      if (entry !== undefined && this.#state.refused.some((r) => r.name === name && r.etag === entry.etag)) return;
      const outcome = await this.#decideOne(kind, id, name, body, listing.get(name), fetched.get(name));
      if (outcome === 'raced') raced += 1;
    };
    for (const { kind, id, body } of locals.entries) await visit(kind, id, body);
    // In the order the kinds are listed: an account comes in before the allowances that name it.
    const order = (got: Fetched) => this.deps.kinds.findIndex((k) => k.kind === got.kind);
    for (const got of [...fetched.values()].sort((a, b) => order(a) - order(b))) {
      const kind = this.#kindOf(got.kind, got.id);
      if (kind !== undefined) await visit(kind, got.id, locals.bodyOf(kind, got.id));
    }
    for (const [, record] of entriesOf(this.#state.records)) {
      const kind = this.#kindOf(record.kind, record.id);
      if (kind !== undefined) await visit(kind, record.id, locals.bodyOf(kind, record.id));
    }
    return raced;
  }

  async #decideOne(
    kind: SyncRecordKind,
    id: string,
    name: string,
    body: unknown,
    entry: RemoteEntry | undefined,
    got: Fetched | undefined,
  ): Promise<'done' | 'raced'> {
    const record = this.#record(name, kind.kind, id);
    const base = record.base === null ? null : parseVersion(record.base);
    const digest = body === null ? null : contentDigest(this.deps.keys, canonicalJson(body));
    const conflicts = this.deps.conflicts.get(name) ?? [];
    if (kind.isReadOnly?.(id) === true) return this.#mirror(kind, id, name, record, digest, got);
    // Unchanged on the server since this device last agreed with it: its copy is the base.
    const remote: RemoteRecord | null =
      got?.remote ??
      (entry !== undefined && base !== null
        ? { version: base, deleted: record.baseDigest === null, body: undefined, conflicts }
        : null);
    const decision = decide(
      {
        body,
        digest,
        baseVersion: base,
        baseDigest: record.baseDigest,
        editVersion: record.edit === null ? null : parseVersion(record.edit),
        conflicts,
      },
      remote,
      this.#latest(),
      this.deps.now(),
      this.deps.config.deviceId,
      (a, b) => canonicalJson(a) === canonicalJson(b),
    );
    const digestOf = (value: unknown) => (value === null ? null : contentDigest(this.deps.keys, canonicalJson(value)));
    if (decision.kind === 'same') {
      if (got !== undefined) this.#agree(name, record, got.etag, got.remote, digest);
      return 'done';
    }
    if (decision.kind === 'take') {
      const held = await this.#apply(kind, id, decision.remote.deleted ? null : decision.remote.body);
      this.#agree(name, record, got?.etag ?? entry?.etag ?? null, decision.remote, digestOf(held));
      return 'done';
    }
    // A listed file without a strong ETag cannot be guarded by If-Match: stop rather than overwrite blindly.
    if (entry !== undefined && (entry.etag === null || !entry.isStrong)) throw new RemoteError('weak_etag');
    const condition = entry?.etag ?? ({ ifNoneMatch: '*' } as const);
    const written = await this.#write(kind.kind, id, name, decision.record, condition);
    if (written === 'raced') return 'raced';
    let agreed = digest;
    if (decision.kind === 'merge') {
      if (!decision.takeLocal) {
        agreed = digestOf(await this.#apply(kind, id, decision.record.deleted ? null : decision.record.body));
      }
      if (decision.keptEdit !== null) this.#notice(kind, decision.record.body, decision.keptEdit);
    }
    this.#agree(name, record, written.etag, decision.record, decision.record.deleted ? null : agreed);
    return 'done';
  }

  /**
   * Another machine's record: the folder's copy is taken as it is; one lost or changed here (a cache file set aside)
   * is read again on the next run, never sent as this device's change (a delete would remove it everywhere).
   */
  async #mirror(
    kind: SyncRecordKind,
    id: string,
    name: string,
    record: RecordState,
    digest: string | null,
    got: Fetched | undefined,
  ): Promise<'done'> {
    if (got !== undefined) {
      const held = await this.#apply(kind, id, got.remote.deleted ? null : got.remote.body);
      const heldDigest = held === null ? null : contentDigest(this.deps.keys, canonicalJson(held));
      this.#agree(name, record, got.etag, got.remote, heldDigest);
    } else if (digest !== record.baseDigest && record.etag !== null) {
      this.#setRecord(name, { ...record, etag: null });
    }
    return 'done';
  }

  async #write(
    kind: string,
    id: string,
    name: string,
    record: RemoteRecord,
    condition: { readonly ifNoneMatch: '*' } | string,
  ): Promise<{ etag: string | null } | 'raced'> {
    const sealed = sealRecord(this.deps.keys, name, record.version, encodePlain(kind, id, record));
    const outcome = await this.deps.remote.put(
      name,
      sealed,
      typeof condition === 'string' ? { ifMatch: condition } : condition,
    );
    this.#writes += 1;
    this.#bump(record.version);
    // Someone wrote first: never forced. Their copy is read and merged on the next round.
    if (outcome.status === 'precondition_failed') return 'raced';
    return { etag: outcome.etag };
  }

  /** Both sides now hold `remote`: it is the new base. */
  #agree(name: string, record: RecordState, etag: string | null, remote: RemoteRecord, digest: string | null): void {
    this.#setRecord(name, {
      ...record,
      etag,
      base: versionText(remote.version),
      baseDigest: remote.deleted ? null : digest,
      highest: versionText(this.#maxOf(record.highest, remote.version)),
      edit: null,
      editDigest: null,
    });
    if (remote.conflicts.length === 0) this.deps.conflicts.delete(name);
    else this.deps.conflicts.set(name, remote.conflicts);
  }

  /**
   * Writes a decision here and answers what this device now holds of the record: the base the next change is seen
   * against (a credential kept here where the record carried none is this device's, not a change to send).
   */
  async #apply(kind: SyncRecordKind, id: string, body: unknown): Promise<unknown> {
    this.#taken += 1;
    await kind.apply(new Map([[id, body ?? null]]));
    return kind.localOf(id);
  }

  #notice(kind: SyncRecordKind, body: unknown, side: 'deleted_here' | 'deleted_there'): void {
    const notice = {
      id: randomUUID(),
      kind: side === 'deleted_here' ? ('kept_edit_deleted_here' as const) : ('kept_edit_deleted_there' as const),
      title: kind.describe(body).title.slice(0, 200),
      at: this.deps.now(),
    };
    this.#state = { ...this.#state, notices: [...this.#state.notices, notice].slice(-50) };
  }

  // -- devices ------------------------------------------------------------------------------------------------------

  async #writeDevice(listing: Map<string, RemoteEntry>): Promise<void> {
    const { config } = this.deps;
    const name = deviceFileName(this.deps.keys, config.deviceId);
    const last = this.#state.deviceWrittenAt;
    const isListed = listing.has(name);
    if (isListed && last !== null && this.deps.now() - last < DEVICE_REFRESH_MS) return;
    const body: DeviceBody = { name: config.deviceName, appVersion: this.deps.appVersion, lastSyncAt: this.deps.now() };
    const record: RemoteRecord = {
      version: nextVersion(this.#latest(), this.deps.now(), config.deviceId),
      deleted: false,
      body,
      conflicts: [],
    };
    // Only this device writes its entry: a plain overwrite of its own file (guarded when the ETag is known).
    const etag = listing.get(name)?.etag ?? null;
    const written = await this.#write('device', config.deviceId, name, record, etag ?? { ifNoneMatch: '*' });
    if (written === 'raced') return;
    this.#state = noteDevice(this.#state, config.deviceId, record);
    this.#setRecord(name, {
      ...this.#record(name, 'device', config.deviceId),
      etag: written.etag,
      highest: versionText(record.version),
    });
    this.#state = { ...this.#state, deviceWrittenAt: this.deps.now() };
  }

  // -- state helpers ------------------------------------------------------------------------------------------------

  async #locals() {
    const entries: { kind: SyncRecordKind; id: string; body: unknown }[] = [];
    const byKind = new Map<SyncRecordKind, ReadonlyMap<string, unknown>>();
    for (const kind of this.deps.kinds) {
      const bodies = await kind.local();
      byKind.set(kind, bodies);
      for (const [id, body] of bodies) entries.push({ kind, id, body });
    }
    // A record this device knew and no longer has is deleted here (null); one it never had is absent (null too).
    for (const [, record] of entriesOf(this.#state.records)) {
      const kind = this.#kindOf(record.kind, record.id);
      if (kind !== undefined && !byKind.get(kind)?.has(record.id)) entries.push({ kind, id: record.id, body: null });
    }
    const bodyOf = (kind: SyncRecordKind, id: string): unknown =>
      byKind.get(kind)?.has(id) ? byKind.get(kind)?.get(id) : null;
    return { entries, bodyOf };
  }

  /** The kind that syncs this record here; undefined for kinds (or settings groups) this device does not sync. */
  #kindOf(kind: string, id: string): SyncRecordKind | undefined {
    const found = this.deps.kinds.find((k) => k.kind === kind);
    return found?.owns(id) === true ? found : undefined;
  }

  #record(name: string, kind: string, id: string): RecordState {
    return (
      entryOf(this.#state.records, name) ?? {
        kind,
        id,
        etag: null,
        base: null,
        baseDigest: null,
        highest: null,
        edit: null,
        editDigest: null,
      }
    );
  }

  #setRecord(name: string, record: RecordState): void {
    this.#state = { ...this.#state, records: withEntry(this.#state.records, name, record) };
  }

  #latest(): Version | null {
    return this.#state.latest === null ? null : parseVersion(this.#state.latest);
  }

  #bump(version: Version): void {
    const latest = this.#latest();
    this.#state = { ...this.#state, latest: versionText(latest === null ? version : newestOf(latest, version)) };
  }

  #maxOf(text: string | null, version: Version): Version {
    const known = text === null ? null : parseVersion(text);
    return known === null || compareVersions(version, known) > 0 ? version : known;
  }
}
