// The files with full keys Keydesk wrote: recorded as the sink writes them (never their contents), listed with what is
// on disk now, deleted on request only while still what Keydesk wrote, and swept N days after writing; a file the
// user changed is never deleted, one gone is forgotten.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportsService, type ExportsDocument } from '../../../../../src-main/features/exports/exports.service';
import { exportsFolderSink } from '../../../../../src-main/platform/node/clipboard.adapter';
import { recordingLogger } from '../../gateway/fakes';

const DAY = 86_400_000;
const KEYS_CSV = 'name,key\nci-bot,sk-not-a-real-key-0001\n';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-exports-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup(keepDays: number | null = null) {
  let doc: ExportsDocument = { files: [] };
  const clock = { now: 1_800_000_000_000 };
  const settings = { keepDays };
  const service = new ExportsService({
    store: { read: () => doc, write: (next) => void (doc = next) },
    now: () => clock.now,
    log: recordingLogger(),
    keepDays: () => settings.keepDays,
  });
  const sink = service.recording(exportsFolderSink(dir), 'keys');
  return { service, sink, clock, settings, doc: () => doc };
}

describe('files with full keys', () => {
  it('records what the sink wrote, without its contents, and lists it as holding keys', async () => {
    const { service, sink, doc } = setup();
    const path = await sink.save('keydesk-keys.csv', KEYS_CSV, 'Export keys');
    expect(path).not.toBeNull();
    expect(JSON.stringify(doc())).not.toContain('sk-not-a-real-key');
    expect(await service.list()).toEqual([
      expect.objectContaining({ path, kind: 'keys', bytes: KEYS_CSV.length, state: 'present' }),
    ]);
  });

  it('deletes a file only while it is still what Keydesk wrote; a changed one is left and can be forgotten', async () => {
    const { service, sink } = setup();
    const kept = (await sink.save('a.csv', KEYS_CSV, 'Export keys')) ?? '';
    const gone = (await sink.save('b.csv', KEYS_CSV, 'Export keys')) ?? '';
    await writeFile(kept, `${KEYS_CSV}my own notes\n`);
    const [b, a] = await service.list();
    expect(a?.state).toBe('changed');
    const refused = await service.delete(a?.id ?? '');
    expect(refused).toMatchObject({ ok: false, error: { reason: 'exports.changed' } });
    expect(await readFile(kept, 'utf8')).toContain('my own notes');
    const deleted = await service.delete(b?.id ?? '');
    expect(deleted.ok && deleted.value.map((f) => f.path)).toEqual([kept]);
    await expect(stat(gone)).rejects.toThrow();
    const forgotten = await service.forget(a?.id ?? '');
    expect(forgotten.ok && forgotten.value).toEqual([]);
    expect(await readFile(kept, 'utf8')).toContain('my own notes');
  });

  it('a file moved or deleted by the user reads as gone and leaves the list on delete', async () => {
    const { service, sink } = setup();
    const path = (await sink.save('c.csv', KEYS_CSV, 'Export keys')) ?? '';
    await rm(path);
    const [file] = await service.list();
    expect(file?.state).toBe('missing');
    expect(await service.delete(file?.id ?? '')).toEqual({ ok: true, value: [] });
  });

  it('sweeps files older than the setting’s days: still-as-written deleted, changed kept, gone forgotten', async () => {
    const { service, sink, clock, settings } = setup(null);
    const old = (await sink.save('old.csv', KEYS_CSV, 't')) ?? '';
    const changed = (await sink.save('changed.csv', KEYS_CSV, 't')) ?? '';
    const moved = (await sink.save('moved.csv', KEYS_CSV, 't')) ?? '';
    await writeFile(changed, 'edited');
    await rm(moved);
    clock.now += 3 * DAY;
    const fresh = (await sink.save('fresh.csv', KEYS_CSV, 't')) ?? '';
    // Kept until the user says otherwise.
    expect(await service.sweep()).toBe(0);
    settings.keepDays = 2;
    expect(await service.sweep()).toBe(1);
    await expect(stat(old)).rejects.toThrow();
    expect(await readFile(changed, 'utf8')).toBe('edited');
    expect((await service.list()).map((f) => [f.path, f.state])).toEqual([
      [fresh, 'present'],
      [changed, 'changed'],
    ]);
  });
});
