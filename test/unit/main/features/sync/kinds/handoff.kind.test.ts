// Hand-off records as synced records: each machine sends only its own (under its device id), keeps the others'
// read-only, never lets the folder rewrite its own, and never sends what a backup of another computer restored.
import { describe, expect, it } from 'vitest';
import {
  HandoffElsewhere,
  type HandoffElsewhereDocument,
} from '../../../../../../src-main/features/handoff/handoff-elsewhere';
import {
  HandoffRecords,
  type HandoffRecordsDocument,
} from '../../../../../../src-main/features/handoff/handoff-records';
import { handoffKind, splitHandoffId } from '../../../../../../src-main/features/sync/kinds/handoff.kind';
import { emptyIdRecord } from '../../../../../../src-main/id-record';
import { MemoryStore } from '../../quota/fakes';

const HERE = '11111111-2222-4333-8444-555555555555';
const THERE = '66666666-7777-4888-9999-000000000000';
const ACCOUNT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const RECORD = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

function kindHere() {
  const records = new HandoffRecords(
    new MemoryStore<HandoffRecordsDocument>({ records: emptyIdRecord() }),
    () => 1_000,
    () => RECORD,
  );
  const elsewhere = new HandoffElsewhere(new MemoryStore<HandoffElsewhereDocument>({ records: emptyIdRecord() }));
  return { records, elsewhere, kind: handoffKind({ records, elsewhere, deviceId: () => HERE }) };
}

const body = {
  accountId: ACCOUNT,
  keyId: 3,
  target: 'env' as const,
  document: 0,
  via: 'file' as const,
  place: '.env',
  path: '/home/someone/project/.env',
  file: { size: 40, mtimeMs: 12.5 },
  at: 900,
};

/** An agent's read of the key (MCP reveal_key) as another machine recorded it. */
const agentBody = {
  ...body,
  target: 'agent' as const,
  via: 'reveal' as const,
  place: 'fake-agent 1.0.0',
  path: null,
  file: null,
};

describe('the hand-off record kind', () => {
  it('names a record by its machine and its own id, and nothing else', () => {
    expect(splitHandoffId(`${HERE}:${RECORD}`)).toEqual({ deviceId: HERE, recordId: RECORD });
    expect(splitHandoffId(`${HERE}:${RECORD}:x`)).toBeNull();
    expect(splitHandoffId(`laptop:${RECORD}`)).toBeNull();
  });

  it('sends this machine’s records under its id and keeps another’s read-only', async () => {
    const { records, elsewhere, kind } = kindHere();
    records.add({ ...body, target: 'env', via: 'file' });
    await kind.apply(new Map([[`${THERE}:${RECORD}`, body]]));
    expect(elsewhere.forKey(ACCOUNT, 3).map((e) => e.deviceId)).toEqual([THERE]);
    expect([...(await kind.local()).keys()].sort()).toEqual([`${HERE}:${RECORD}`, `${THERE}:${RECORD}`].sort());

    // The folder cannot rewrite or drop this machine's own record.
    await kind.apply(new Map([[`${HERE}:${RECORD}`, null]]));
    await kind.apply(new Map([[`${HERE}:${RECORD}`, { ...body, place: 'elsewhere' }]]));
    expect(records.list().map((r) => r.place)).toEqual(['.env']);
    // Another machine's goes when that machine's delete arrives.
    await kind.apply(new Map([[`${THERE}:${RECORD}`, null]]));
    expect(elsewhere.all()).toEqual([]);
  });

  it('never sends what a backup of another computer restored', async () => {
    const { elsewhere, kind } = kindHere();
    elsewhere.restore([[`${THERE}:${RECORD}`, { deviceId: THERE, record: { ...body, id: RECORD }, isRestored: true }]]);
    expect([...(await kind.local()).keys()]).toEqual([]);
    expect(await kind.localOf(`${THERE}:${RECORD}`)).toBeNull();
  });

  it.each([
    ['a path past its bound', `${THERE}:${RECORD}`, { ...body, path: `/${'a'.repeat(5000)}` }],
    ['a tool Keydesk does not know', `${THERE}:${RECORD}`, { ...body, target: 'unknown-tool' }],
    ['an unknown field', `${THERE}:${RECORD}`, { ...body, contents: 'sk-fake' }],
    [
      'a file stamp with more than size and time',
      `${THERE}:${RECORD}`,
      { ...body, file: { size: 1, mtimeMs: 1, x: 1 } },
    ],
    ['an id no Keydesk makes', `laptop:${RECORD}`, body],
    ['an agent with a path', `${THERE}:${RECORD}`, { ...agentBody, path: '/home/someone/.env' }],
    ['an agent with a file stamp', `${THERE}:${RECORD}`, { ...agentBody, file: { size: 1, mtimeMs: 1 } }],
    ['an agent name past its bound', `${THERE}:${RECORD}`, { ...agentBody, place: 'a'.repeat(81) }],
    ['an agent name with control characters', `${THERE}:${RECORD}`, { ...agentBody, place: 'evil\u001b[2J' }],
    ['a tool’s record read as an agent’s', `${THERE}:${RECORD}`, { ...body, via: 'reveal' }],
    ['an agent’s record sent as a file', `${THERE}:${RECORD}`, { ...agentBody, via: 'file' }],
  ])('refuses %s', (_, id, input) => {
    expect(kindHere().kind.admit(id, input)).toBeNull();
  });

  it('admits an agent’s read of a key, named and with no file, and keeps it read-only', async () => {
    const { elsewhere, kind } = kindHere();
    expect(kind.admit(`${THERE}:${RECORD}`, agentBody)).toEqual(agentBody);
    await kind.apply(new Map([[`${THERE}:${RECORD}`, agentBody]]));
    expect(elsewhere.forKey(ACCOUNT, 3).map((e) => [e.record.target, e.record.place])).toEqual([
      ['agent', 'fake-agent 1.0.0'],
    ]);
  });
});
