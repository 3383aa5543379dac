// The three-way decision of one record: a change on one side moves across; concurrent edits keep the newer edit and
// carry the other as a conflict; a delete against an edit keeps the edit; a record the server lost goes up again.
import { describe, expect, it } from 'vitest';
import { decide, type LocalRecord, type RemoteRecord } from '../../../../../src-main/features/sync/merge';
import type { Version } from '../../../../../src-main/features/sync/hlc';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const ver = (wall: number, device = B, counter = 0): Version => ({ wall, counter, device });
const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
const base = ver(100, A);

const local = (over: Partial<LocalRecord>): LocalRecord => ({
  body: { label: 'base' },
  digest: 'd-base',
  baseVersion: base,
  baseDigest: 'd-base',
  editVersion: null,
  conflicts: [],
  ...over,
});
const remote = (over: Partial<RemoteRecord>): RemoteRecord => ({
  version: base,
  deleted: false,
  body: { label: 'base' },
  conflicts: [],
  ...over,
});
const run = (l: LocalRecord, r: RemoteRecord | null, now = 1_000) => decide(l, r, ver(200), now, A, same);

describe('decide', () => {
  it('moves a change across when only one side changed', () => {
    expect(run(local({}), remote({})).kind).toBe('same');
    expect(run(local({}), remote({ version: ver(150), body: { label: 'there' } }))).toMatchObject({
      kind: 'take',
      remote: { body: { label: 'there' } },
    });
    const pushed = run(local({ body: { label: 'here' }, digest: 'd-here', editVersion: ver(300, A) }), remote({}));
    expect(pushed).toMatchObject({ kind: 'push', record: { body: { label: 'here' }, deleted: false } });
    // Written with the time the edit was made (later than what it replaces).
    expect(pushed.kind === 'push' && pushed.record.version).toEqual(ver(300, A));
    // Without a stamp, later than everything seen, by this device.
    const unstamped = run(local({ body: { label: 'here' }, digest: 'd-here' }), remote({}));
    expect(unstamped.kind === 'push' && unstamped.record.version).toEqual({ wall: 1_000, counter: 0, device: A });
  });

  it('keeps the newer of two concurrent edits and carries the other as a conflict', () => {
    const mine = local({ body: { label: 'here' }, digest: 'd-here', editVersion: ver(300, A) });
    const newerThere = run(mine, remote({ version: ver(400), body: { label: 'there' } }));
    expect(newerThere).toMatchObject({ kind: 'merge', takeLocal: false, record: { body: { label: 'there' } } });
    expect(newerThere.kind === 'merge' && newerThere.record.conflicts.map((c) => c.body)).toEqual([{ label: 'here' }]);
    const olderThere = run(mine, remote({ version: ver(250), body: { label: 'there' } }));
    expect(olderThere).toMatchObject({ kind: 'merge', takeLocal: true, record: { body: { label: 'here' } } });
    expect(olderThere.kind === 'merge' && olderThere.record.conflicts.map((c) => c.body)).toEqual([{ label: 'there' }]);
    // The same edit made on both sides is no conflict.
    expect(run(mine, remote({ version: ver(400), body: { label: 'here' } })).kind).toBe('take');
  });

  it('on first meeting (never synced here), keeps the folder’s copy in use and this device’s as the other', () => {
    const mine = local({
      body: { theme: 'light' },
      digest: 'd-l',
      baseVersion: null,
      baseDigest: null,
      editVersion: ver(900, A),
    });
    const met = run(mine, remote({ version: ver(150), body: { theme: 'dark' } }));
    expect(met).toMatchObject({ kind: 'merge', takeLocal: false, record: { body: { theme: 'dark' } } });
    expect(met.kind === 'merge' && met.record.conflicts.map((c) => c.body)).toEqual([{ theme: 'light' }]);
  });

  it('keeps the edit against a delete, whichever side deleted', () => {
    const deletedHere = run(
      local({ body: null, digest: null }),
      remote({ version: ver(150), body: { label: 'edited' } }),
    );
    expect(deletedHere).toMatchObject({ kind: 'merge', takeLocal: false, keptEdit: 'deleted_here' });
    const deletedThere = run(
      local({ body: { label: 'edited' }, digest: 'd-e', editVersion: ver(120, A) }),
      remote({ version: ver(500), deleted: true, body: null }),
    );
    expect(deletedThere).toMatchObject({
      kind: 'merge',
      takeLocal: true,
      keptEdit: 'deleted_there',
      record: { deleted: false, body: { label: 'edited' } },
    });
  });

  it('puts a record the server lost back, and leaves alone what neither side has', () => {
    expect(run(local({}), null)).toMatchObject({ kind: 'push', record: { body: { label: 'base' } } });
    expect(run(local({ body: null, digest: null, baseVersion: null, baseDigest: null }), null).kind).toBe('same');
  });
});
