// Allowances and hand-off records in a backup, through the router against the emulator: restored on another
// computer the allowances come back run by it and the hand-offs stay the other computer's (named by its rotations,
// never rewritten by them); restored on the same computer after its data folder was wiped, the hand-offs are its own
// again (a file they wrote still stands as Keydesk left it); a file's rule-breaking records are left out and counted.
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeBackup, encodeBackup } from '../../../src-main/features/backup/backup-format';
import { TEST_SCRYPT } from '../sync/sync-support';
import { memoryKeyring } from '../../unit/main/vault/fakes';
import { backupApps } from './backup-apps';
import { setDailyRefill } from '../../support/allowances';

const PASSPHRASE = 'fake backup passphrase 2';
const AMOUNT = 2_000_000;

const { gw, newDataDir, openApp, close } = backupApps('keydesk-backup-records');
type Opened = Awaited<ReturnType<typeof openApp>>;

async function alice(k: Opened): Promise<string> {
  const outcome = await k.value('accounts:add', {
    label: 'Alice',
    baseUrl: gw().base_url,
    apiUrl: gw().api_url,
    credential: { kind: 'access_token', accessToken: 'demo-access-token-alice' },
  });
  if (outcome.status !== 'done') throw new Error('second factor');
  return outcome.account.id;
}

async function keyWithQuota(k: Opened, accountId: string): Promise<number> {
  const listed = await k.value('keys:list', { accountId, page: 1, size: 50 });
  const key = listed.items.find((item) => !item.unlimitedQuota && item.status === 1);
  if (key === undefined) throw new Error('alice has no key with a quota');
  return key.id;
}

async function restore(k: Opened, bytes: Uint8Array) {
  const file = await k.value('backup:receiveFile', {
    name: 'x.keydesk',
    contentBase64: Buffer.from(bytes).toString('base64'),
  });
  const shown = await k.value('backup:preview', { fileId: file.fileId, passphrase: PASSPHRASE });
  return k.value('backup:restore', { restoreId: shown.restoreId, mode: 'merge' });
}

/** A machine with Alice, a daily allowance on one of her keys and that key handed to a .env file; its backup. */
async function machineWithRecords() {
  const dir = await newDataDir();
  const k = await openApp(dir, memoryKeyring());
  const accountId = await alice(k);
  const keyId = await keyWithQuota(k, accountId);
  await setDailyRefill(k, { accountId, keyId, amountUnits: AMOUNT });
  const saved = await k.value('handoff:send', { accountId, id: keyId, target: 'env', document: 0, via: 'file' });
  if (saved.path === null) throw new Error('the hand-off wrote no file');
  const [record] = await k.value('handoff:records', { accountId, keyId });
  if (record === undefined) throw new Error('no hand-off record');
  const made = await k.value('backup:create', { passphrase: PASSPHRASE, includeCredentials: true });
  const bytes = new Uint8Array(await readFile(made.path ?? ''));
  const allowance = (await k.value('allowance:list', { accountId }))[0];
  await close(k.app);
  return { dir, keyId, record, bytes, allowance, envFile: saved.path };
}

describe('allowances and hand-off records in a backup', () => {
  it('come back on another computer: the allowance run by it, the hand-off kept as the first computer’s', async () => {
    const first = await machineWithRecords();
    // The .env file is on the first computer, not this one.
    await rename(first.envFile, `${first.envFile}.away`);
    const other = await openApp(await newDataDir(), memoryKeyring());
    const restored = await restore(other, first.bytes);
    expect(restored).toMatchObject({ added: 1, allowances: 1, handoffs: 1, recordsRefused: 0 });
    const accountId = (await other.value('accounts:list', undefined)).accounts[0]?.id ?? '';

    const [allowance] = await other.value('allowance:list', { accountId });
    expect(allowance).toMatchObject({
      keyId: first.keyId,
      amountUnits: AMOUNT,
      period: 'day',
      timeZone: 'Asia/Shanghai',
      isActive: true,
      isPending: false,
      lastPeriodStart: first.allowance?.lastPeriodStart,
      runner: { isHere: true, deviceName: null },
    });
    expect(allowance?.history).toEqual(first.allowance?.history);

    // The hand-off is named by this computer's rotation as the other's, and is not one it repeats.
    const plan = await other.value('rotation:plan', { accountId, keyId: first.keyId });
    expect(plan.handoffs).toEqual([]);
    expect(plan.elsewhere).toEqual([
      { deviceName: null, target: 'env', via: 'file', place: first.record.place, at: first.record.at },
    ]);
    expect(await other.value('handoff:records', { accountId, keyId: first.keyId })).toEqual([]);
    await rename(`${first.envFile}.away`, first.envFile);
  });

  it('come back on the same computer after its data folder was wiped: the hand-off is its own again', async () => {
    const first = await machineWithRecords();
    const stampBefore = (await stat(first.envFile)).mtimeMs;
    await rm(first.dir, { recursive: true, force: true });
    const again = await openApp(first.dir, memoryKeyring());
    const restored = await restore(again, first.bytes);
    expect(restored).toMatchObject({ allowances: 1, handoffs: 1, recordsRefused: 0 });
    const accountId = (await again.value('accounts:list', undefined)).accounts[0]?.id ?? '';
    const plan = await again.value('rotation:plan', { accountId, keyId: first.keyId });
    expect(plan.handoffs.map((h) => [h.id, h.path])).toEqual([[first.record.id, first.envFile]]);
    expect(plan.elsewhere).toEqual([]);
    // Telling the computer read the file's size and time only.
    expect((await stat(first.envFile)).mtimeMs).toBe(stampBefore);
  });

  it('leaves out the file’s rule-breaking allowances and hand-offs, counted, and restores the rest', async () => {
    const first = await machineWithRecords();
    // A file this Keydesk could have written, bent: an allowance in an unknown zone, one with a runner's bookkeeping,
    // a hand-off with an over-long path; re-sealed with the passphrase, as only its owner could.
    const plain = JSON.parse(Buffer.from(await decodeBackup(first.bytes, PASSPHRASE)).toString('utf8')) as {
      allowances: Record<string, unknown>[];
      handoffs: { records: Record<string, unknown>[] };
    };
    const [good] = plain.allowances;
    const [handed] = plain.handoffs.records;
    plain.allowances.push(
      { ...good, id: '00000000-0000-4000-8000-000000000001', keyId: 9001, timeZone: 'Mars/Olympus_Mons' },
      { ...good, id: '00000000-0000-4000-8000-000000000002', keyId: 9002, pending: null },
    );
    plain.handoffs.records.push({
      ...handed,
      id: '00000000-0000-4000-8000-000000000003',
      path: `/${'a'.repeat(5000)}`,
    });
    const bent = await encodeBackup(Buffer.from(JSON.stringify(plain)), PASSPHRASE, TEST_SCRYPT);
    await rename(first.envFile, `${first.envFile}.away`);
    const other = await openApp(await newDataDir(), memoryKeyring());
    const restored = await restore(other, bent);
    expect(restored).toMatchObject({ added: 1, allowances: 1, handoffs: 1, recordsRefused: 3 });
    const accountId = (await other.value('accounts:list', undefined)).accounts[0]?.id ?? '';
    expect((await other.value('allowance:list', { accountId })).map((a) => a.keyId)).toEqual([first.keyId]);
    await rename(`${first.envFile}.away`, first.envFile);
  });
});
