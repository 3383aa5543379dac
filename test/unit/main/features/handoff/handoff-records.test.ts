// The record of hand-offs: every send that went is recorded with its tool, way, place, time and (for a file) path and
// how the file stood, never with the key; a later hand-off to the same place replaces the earlier one; the records are
// bounded, oldest first out; a cancelled save records nothing; a stored file that fits no record is refused whole.
import { describe, expect, it } from 'vitest';
import { ok, type KeyView } from '../../../../../src-shared/contract';
import {
  EMPTY_HANDOFF_RECORDS,
  HandoffRecords,
  MAX_HANDOFF_RECORDS,
  handoffRecordsSchema,
  type HandoffRecordsDocument,
} from '../../../../../src-main/features/handoff/handoff-records';
import { HandoffService } from '../../../../../src-main/features/handoff/handoff.service';
import { ClipboardGuard } from '../../../../../src-main/features/keys/clipboard-guard';
import { MemoryStore } from '../quota/fakes';

const FULL = 'sk-Zq8RtYu1IoP2AsD3FgH4JkL5ZxC6VbN7MqW8ErT9';
const view = {
  accountId: 'a1',
  id: 7,
  name: 'k',
  group: '',
  modelLimitsEnabled: false,
  modelLimits: [],
} as unknown as KeyView;

function setup(savedPath: string | null = '/home/me/keydesk.env') {
  let now = 1_000;
  let ids = 0;
  const store = new MemoryStore<HandoffRecordsDocument>(EMPTY_HANDOFF_RECORDS);
  const records = new HandoffRecords(
    store,
    () => now,
    () => `r${String(++ids)}`,
  );
  let board = '';
  const service = new HandoffService(
    {
      account: () => ({ label: 'Site', baseUrl: 'https://gw.example', apiUrl: 'https://api.example' }),
      key: () => Promise.resolve(ok(view)),
      fullKey: () => Promise.resolve(ok(FULL)),
      models: () => Promise.resolve(ok(['gpt-4o-mini'])),
    },
    {
      clipboard: new ClipboardGuard(
        {
          isAvailable: true,
          readText: () => Promise.resolve(board),
          writeText: (t) => {
            board = t;
            return Promise.resolve();
          },
          clear: () => {
            board = '';
          },
        },
        () => now,
        30_000,
        () => () => undefined,
      ),
      files: { save: () => Promise.resolve(savedPath) },
      links: { isAvailable: true, open: () => Promise.resolve() },
      fileDialogTitle: () => 'Save',
    },
    undefined,
    () => now,
    {
      records,
      files: {
        stamp: () => Promise.resolve({ size: 120, mtimeMs: 5_000 }),
        rewrite: () => Promise.reject(new Error('not in this test')),
      },
    },
  );
  return { service, records, store, tick: (ms: number) => (now += ms) };
}

describe('the record of hand-offs', () => {
  it('records each send that went, with no key in it, newest first; the same place again replaces it', async () => {
    const { service, store, tick } = setup();
    await service.send('a1', 7, 'cherry-studio', 0, 'open');
    tick(10);
    await service.send('a1', 7, 'env', 0, 'file');
    tick(10);
    await service.send('a1', 7, 'curl', 0, 'clipboard');
    tick(10);
    await service.send('a1', 7, 'cherry-studio', 0, 'open');
    const listed = service.records('a1', 7);
    expect(listed.map((r) => [r.target, r.via, r.place, r.path, r.at])).toEqual([
      ['cherry-studio', 'open', 'Cherry Studio', null, 1_030],
      ['curl', 'clipboard', 'curl', null, 1_020],
      ['env', 'file', '.env', '/home/me/keydesk.env', 1_010],
    ]);
    const stored = JSON.stringify(store.value);
    expect(stored).not.toContain(FULL.slice(3));
    expect(stored).toContain('"mtimeMs":5000');
    expect(service.records('a1', 8)).toEqual([]);
  });

  it('records nothing for a save the user cancelled', async () => {
    const { service } = setup(null);
    await service.send('a1', 7, 'env', 0, 'file');
    expect(service.records('a1', 7)).toEqual([]);
  });

  it('keeps at most the bound, dropping the oldest', () => {
    let now = 0;
    const records = new HandoffRecords(new MemoryStore(EMPTY_HANDOFF_RECORDS), () => ++now);
    for (let id = 1; id <= MAX_HANDOFF_RECORDS + 5; id++) {
      records.add({
        accountId: 'a1',
        keyId: id,
        target: 'env',
        document: 0,
        via: 'clipboard',
        place: '.env',
        path: null,
        file: null,
      });
    }
    expect(records.forKey('a1', 1)).toEqual([]);
    expect(records.forKey('a1', 6)).toHaveLength(1);
    expect(records.forKey('a1', MAX_HANDOFF_RECORDS + 5)).toHaveLength(1);
  });

  it('refuses a stored document that holds a record of an unknown tool or way', () => {
    const bad = { records: { x: { id: 'x', accountId: 'a', keyId: 1, target: 'vim', document: 0, via: 'open' } } };
    expect(handoffRecordsSchema.safeParse(bad).success).toBe(false);
  });
});

describe('an agent’s read of a key', () => {
  const records = () => {
    let now = 1_000;
    const store = new MemoryStore<HandoffRecordsDocument>(EMPTY_HANDOFF_RECORDS);
    let ids = 0;
    const kept = new HandoffRecords(
      store,
      () => now,
      () => `r${String(++ids)}`,
    );
    return { kept, store, later: () => (now += 500) };
  };

  it('is one record per agent and key, a repeated read moving its time, with no file and no key', () => {
    const { kept, store, later } = records();
    const first = kept.addAgentRead('a1', 7, 'fake-agent 1.0.0');
    later();
    expect(kept.addAgentRead('a1', 7, 'fake-agent 1.0.0').id).toBe(first.id);
    kept.addAgentRead('a1', 7, 'other-agent 2.0');
    expect(kept.forKey('a1', 7).map((r) => [r.target, r.via, r.place, r.path, r.file, r.at])).toEqual([
      ['agent', 'reveal', 'other-agent 2.0', null, null, 1_500],
      ['agent', 'reveal', 'fake-agent 1.0.0', null, null, 1_500],
    ]);
    expect(handoffRecordsSchema.safeParse(store.read()).success).toBe(true);
  });

  it('keeps the agent’s name without control characters, bounded', () => {
    const { kept } = records();
    const place = kept.addAgentRead('a1', 7, `evil\u001b]0;x\u0007 \u202eagent\n${'y'.repeat(10_000)}`).place;
    expect(place.startsWith('evil]0;x agent y')).toBe(true);
    expect(place).toHaveLength(80);
    expect(kept.addAgentRead('a1', 8, '\u0000 \u0001').place).toBe('');
  });

  it('refuses a stored agent record with a file, a path, or a name with control characters', () => {
    const agent = {
      id: 'x',
      accountId: 'a',
      keyId: 1,
      target: 'agent',
      document: 0,
      via: 'reveal',
      place: 'fake-agent',
      path: null,
      file: null,
      at: 1,
    };
    const stored = (r: object) => ({ records: { x: r } });
    expect(handoffRecordsSchema.safeParse(stored(agent)).success).toBe(true);
    for (const bad of [
      { ...agent, path: '/p/.env' },
      { ...agent, file: { size: 1, mtimeMs: 1 } },
      { ...agent, place: 'a\u001bb' },
      { ...agent, place: 'a'.repeat(81) },
      { ...agent, via: 'clipboard' },
    ]) {
      expect(handoffRecordsSchema.safeParse(stored(bad)).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
