// What a restore does to allowances and hand-off records, decided before anything is written: records follow their
// account to the id it lands on here (an account the restore leaves out takes its records with it), allowances run on
// this machine with none of the old runner's count, a merge keeps what the file does not name while a replace keeps
// none of a restored account's but the file's, and hand-offs are this computer's only when the backup is.
import { describe, expect, it } from 'vitest';
import { PAYLOAD_FORMAT, type BackupPayload } from '../../../../../src-main/features/backup/backup-payload';
import {
  isThisComputer,
  planRecords,
  toBackupAllowance,
} from '../../../../../src-main/features/backup/restore-records';
import type { AllowanceRecord } from '../../../../../src-main/features/allowance/allowance.schema';
import { allowanceRecord } from '../../../../support/allowances';

const HERE_DEVICE = '11111111-2222-4333-8444-555555555555';
const COMPUTER = '66666666-7777-4888-9999-000000000000';
const allowance = (over: Partial<AllowanceRecord> = {}): AllowanceRecord =>
  allowanceRecord({ accountId: 'file-alice', updatedAt: 2, lastPeriodStart: 100, expectedTotal: 5_000, ...over });
const handoff = {
  id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeee9',
  accountId: 'file-alice',
  keyId: 7,
  target: 'env',
  document: 0,
  via: 'file',
  place: '.env',
  path: '/p/.env',
  file: { size: 4, mtimeMs: 9 },
  at: 50,
};
const payload = (over: Partial<BackupPayload> = {}): BackupPayload => ({
  format: PAYLOAD_FORMAT,
  createdAt: 0,
  appVersion: '1',
  settings: {},
  accounts: { accounts: [], activeId: null },
  credentials: null,
  allowances: [toBackupAllowance(allowance())],
  handoffs: { computerId: COMPUTER, deviceId: null, records: [handoff] },
  ...over,
});
const idOfFile = new Map([['file-alice', 'alice-here']]);
const newId = () => 'aaaaaaaa-bbbb-4ccc-8ddd-000000000000';

describe('planRecords', () => {
  it('lands allowances on the restored account, run here, with no count from the old runner', () => {
    const plan = planRecords(
      payload(),
      idOfFile,
      new Set(['alice-here']),
      { allowances: [], deviceId: HERE_DEVICE, isThisComputer: false },
      'merge',
      newId,
    );
    expect(plan.allowances).toEqual([
      { ...allowance(), accountId: 'alice-here', runsOn: HERE_DEVICE, pending: null, cap: null },
    ]);
    expect(plan.allowancesRestored).toBe(1);
  });

  it('replaces the allowance of the same key here, keeps others on a merge and drops them on a replace', () => {
    const sameKey = allowance({ id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeee2', accountId: 'alice-here', amountUnits: 9 });
    const otherKey = allowance({ id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeee3', accountId: 'alice-here', keyId: 8 });
    const here = { allowances: [sameKey, otherKey], deviceId: null, isThisComputer: false };
    const accounts = new Set(['alice-here']);
    const merged = planRecords(payload(), idOfFile, accounts, here, 'merge', newId).allowances;
    expect(merged?.map((r) => [r.id, r.keyId, r.amountUnits])).toEqual([
      [sameKey.id, 7, 1_000],
      [otherKey.id, 8, 1_000],
    ]);
    const replaced = planRecords(payload(), idOfFile, accounts, here, 'replace', newId).allowances;
    expect(replaced?.map((r) => [r.keyId, r.accountId])).toEqual([[7, 'alice-here']]);
  });

  it('leaves out records of accounts not restored, and counts the ones that break a rule', () => {
    const plan = planRecords(
      payload({
        allowances: [
          toBackupAllowance(allowance({ accountId: 'file-gone' })),
          { ...toBackupAllowance(allowance()), timeZone: 'Mars/Olympus_Mons' },
          { ...toBackupAllowance(allowance()), pending: null },
        ],
        handoffs: { computerId: COMPUTER, deviceId: null, records: [{ ...handoff, path: 'x'.repeat(5000) }] },
      }),
      idOfFile,
      new Set(['alice-here']),
      { allowances: [], deviceId: null, isThisComputer: false },
      'merge',
      newId,
    );
    expect([plan.allowancesRestored, plan.handoffsRestored, plan.refused]).toEqual([0, 0, 3]);
  });

  it('restores an agent’s read of a key, and refuses one with a file or a name with control characters', () => {
    const agent = { ...handoff, target: 'agent', via: 'reveal', place: 'fake-agent 1.0.0', path: null, file: null };
    const plan = planRecords(
      payload({
        allowances: [],
        handoffs: {
          computerId: COMPUTER,
          deviceId: null,
          records: [
            agent,
            { ...agent, id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeee1', path: '/p/.env' },
            { ...agent, id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeee2', place: 'evil\u0007agent' },
          ],
        },
      }),
      idOfFile,
      new Set(['alice-here']),
      { allowances: [], deviceId: null, isThisComputer: true },
      'merge',
      newId,
    );
    expect([plan.handoffs, plan.refused]).toEqual([[{ ...agent, accountId: 'alice-here' }], 2]);
  });

  it('keeps another computer’s hand-offs as that computer’s, and this computer’s as its own', () => {
    const here = { allowances: [], deviceId: null, isThisComputer: false };
    const other = planRecords(payload(), idOfFile, new Set(['alice-here']), here, 'merge', newId);
    expect(other.handoffs).toEqual([]);
    expect(other.elsewhere).toEqual([
      [
        `${COMPUTER}:${handoff.id}`,
        { deviceId: COMPUTER, record: { ...handoff, accountId: 'alice-here' }, isRestored: true },
      ],
    ]);
    const own = planRecords(
      payload(),
      idOfFile,
      new Set(['alice-here']),
      { ...here, isThisComputer: true },
      'merge',
      newId,
    );
    expect([own.handoffs, own.elsewhere, own.computerId]).toEqual([
      [{ ...handoff, accountId: 'alice-here' }],
      [],
      COMPUTER,
    ]);
  });
});

describe('isThisComputer', () => {
  const file = { computerId: COMPUTER, deviceId: null, records: [handoff] };
  it('is the data folder’s id when it has one, whatever files stand here', async () => {
    expect(await isThisComputer(file, COMPUTER, () => Promise.resolve(false))).toBe(true);
    expect(await isThisComputer(file, HERE_DEVICE, () => Promise.resolve(true))).toBe(false);
  });
  it('for a data folder without one: whether a file a hand-off wrote stands here as Keydesk left it', async () => {
    const asked: string[] = [];
    const standing = (path: string) => {
      asked.push(path);
      return Promise.resolve(true);
    };
    expect(await isThisComputer(file, null, standing)).toBe(true);
    expect(asked).toEqual(['/p/.env']);
    expect(await isThisComputer(file, null, () => Promise.resolve(false))).toBe(false);
  });
});
