// What a device remembers of its sync folder (sync.json) and its conflicting copies (the vault's conflicts text),
// under any record name a server may list or a file may hold (`constructor`, `toString`, `__proto__`,
// `hasOwnProperty`): written, read back by a new store (a restart), and found by name when the status is built.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeConflicts, encodeConflicts } from '../../../../../src-main/features/sync/conflict-store';
import { versionText, type Version } from '../../../../../src-main/features/sync/hlc';
import type { SyncRecordKind } from '../../../../../src-main/features/sync/record-kind';
import {
  EMPTY_SYNC_STATE,
  syncStateSchema,
  type RecordState,
  type SyncState,
} from '../../../../../src-main/features/sync/sync-state';
import { statusView } from '../../../../../src-main/features/sync/sync-status';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';
import { ConfigStore } from '../../../../../src-main/vault/config.store';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty'] as const;
const DEVICE = '00000000-0000-4000-8000-00000000000a';
const ver = (wall: number): Version => ({ wall, counter: 0, device: DEVICE });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const openState = (dataDir: string) =>
  new ConfigStore<SyncState>({
    now: Date.now,
    engine: atomicFileEngine(),
    dataDir,
    name: 'sync',
    schema: syncStateSchema,
    defaults: EMPTY_SYNC_STATE,
  });

const recordState = (id: string): RecordState => ({
  kind: 'account',
  id,
  etag: `"etag-${id}"`,
  base: versionText(ver(100)),
  baseDigest: 'digest',
  highest: versionText(ver(100)),
  edit: null,
  editDigest: null,
});

/** Accounts as a kind that describes each record by its id. */
const accounts: SyncRecordKind = {
  kind: 'account',
  owns: () => true,
  local: () => Promise.resolve(new Map()),
  admit: (_id, body) => body,
  localOf: (id) => Promise.resolve({ label: `here ${id}` }),
  apply: () => Promise.resolve(),
  describe: (body) => ({ title: (body as { label: string }).label, fields: [] }),
  onChange: () => () => undefined,
};

describe('sync state under record names such as constructor', () => {
  it('keeps every record and conflict across a restart and finds each by its name', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keydesk-sync-state-'));
    dirs.push(dataDir);
    const first = openState(dataDir);
    let records = first.read().records;
    for (const name of NAMES) records = { ...records, [name]: recordState(name) };
    first.write({ ...first.read(), records });
    const conflictsText = encodeConflicts(
      new Map(NAMES.map((name) => [name, [{ version: ver(200), deleted: false, body: { label: `there ${name}` } }]])),
    );

    const state = openState(dataDir).read();
    expect(Object.keys(state.records).sort()).toEqual([...NAMES].sort());
    const conflicts = decodeConflicts(conflictsText);
    expect([...conflicts.keys()].sort()).toEqual([...NAMES].sort());
    const status = await statusView({
      state,
      conflicts,
      kinds: [accounts],
      isSyncing: false,
      lastError: null,
      waiting: 0,
      nextRunAt: null,
    });
    expect(status.conflicts.map((c) => [c.conflictId, c.recordId, c.copies.map((copy) => copy.title)])).toEqual(
      NAMES.map((name) => [name, name, [`here ${name}`, `there ${name}`]]),
    );
  });
});
