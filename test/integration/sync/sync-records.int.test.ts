// Allowances and hand-off records between Keydesk instances on one WebDAV folder (Apache mod_dav): an allowance set
// on one machine shows on the other as run by the first, which alone refills it at a period's start; "Run here" moves
// it, and two machines pressing it at once end with one runner; a hand-off made on one machine is named by the other's
// rotation; a key's daily cap set on one is the other's; rule-breaking or oversized records from the folder are
// refused with nothing written. Each machine's clock
// is the emulator's (frozen; moved by the test), and refills are run when the test says: no test sleeps.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AllowanceView } from '../../../src-shared/contract';
import { MAX_RECORD_BYTES } from '../../../src-main/features/sync/sync-engine';
import type { Gateway } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';
import { hasApache, startWebdavServer, type WebdavServer } from '../../support/webdav-server';
import { admin, readLog } from '../gateway/setup';
import { memoryKeyring } from '../../unit/main/vault/fakes';
import { addAccount, openInstance, sealForFolder, SYNC_PASSPHRASE, type Instance } from './sync-support';
import { setDailyRefill } from '../../support/allowances';

let gw: Gateway;
let dav: WebdavServer;
const opened: Instance[] = [];
let folder = 0;
/** What the hand-offs opened (links carry the key): kept in memory, never opened. */
const links: string[] = [];

const DAY = 86_400_000;
const SHANGHAI_OFFSET = 8 * 3_600_000;
const AMOUNT = 1_000_000;

beforeAll(async () => {
  if (!hasApache()) throw new Error('apache2 (with mod_dav) is needed: apt-get install apache2');
  gw = await startEmulator({ profile: 'new-api' });
  dav = await startWebdavServer();
});
afterEach(async () => {
  for (const k of opened.splice(0)) await k.close();
});
afterAll(async () => {
  await dav.close();
  await gw.close();
});

async function open(): Promise<Instance> {
  const k = await openInstance(gw, undefined, undefined, {
    platform: {
      externalLinks: {
        isAvailable: true,
        open: (url) => {
          links.push(url);
          return Promise.resolve();
        },
      },
    },
  });
  opened.push(k);
  return k;
}

/** Machines on one fresh folder: the first makes it, the others join (named Laptop, Desktop, Workstation). */
async function machines(count: number): Promise<{ all: Instance[]; name: string }> {
  const name = `records-${String((folder += 1))}`;
  const args = {
    url: `${dav.url}${name}/`,
    username: dav.username,
    appPassword: dav.password,
    passphrase: SYNC_PASSPHRASE,
    groups: [],
  };
  const all: Instance[] = [];
  for (const [i, deviceName] of ['Laptop', 'Desktop', 'Workstation'].slice(0, count).entries()) {
    const k = await open();
    await k.value('sync:setUp', { ...args, mode: i === 0 ? 'create' : 'join', deviceName });
    all.push(k);
  }
  return { all, name };
}

/** Each machine syncs in turn, twice round, so every write has been read everywhere. */
async function settle(all: readonly Instance[]): Promise<void> {
  for (let round = 0; round < 2; round += 1) for (const k of all) await k.sync();
}

/** The emulator's clock (and so every machine's) at `ms`, frozen. */
async function clockAt(ms: number): Promise<void> {
  await admin(gw, 'POST', '/clock/set', { now: Math.floor(ms / 1000), frozen: true });
}

const now = () => gw.clock.now() * 1000;
/** The next midnight in Shanghai after `ms`, plus five seconds. */
const nextShanghaiDay = (ms: number) => Math.floor((ms + SHANGHAI_OFFSET) / DAY + 1) * DAY - SHANGHAI_OFFSET + 5_000;

/** Key writes (PUT /api/token/) the emulator received since the log's sequence number `from`. */
async function keyWrites(from: number): Promise<number> {
  return (await readLog(gw)).filter((e) => e.seq > from && e.method === 'PUT' && e.path === '/api/token/').length;
}
const lastSeq = async () => (await readLog(gw)).at(-1)?.seq ?? 0;

/**
 * Runs each machine's due refills (a timer of theirs may run them too: either way they are done when this returns);
 * answers how many refills each machine recorded for the current period (its own history: nothing has synced
 * meanwhile) and how many key writes (PUT /api/token/) reached the site.
 */
async function refills(all: readonly Instance[], accountId: string): Promise<{ byMachine: number[]; writes: number }> {
  const from = await lastSeq();
  const period = (await allowanceOf(all[0] as Instance, accountId)).nextPeriodStart - DAY;
  for (const k of all) await k.app.allowances.runDue();
  const byMachine: number[] = [];
  for (const k of all) {
    const { history } = await allowanceOf(k, accountId);
    byMachine.push(history.filter((e) => e.kind === 'refill' && e.periodStart === period).length);
  }
  return { byMachine, writes: await keyWrites(from) };
}

async function allowanceOf(k: Instance, accountId: string): Promise<AllowanceView> {
  const [view] = await k.value('allowance:list', { accountId });
  if (view === undefined) throw new Error('no allowance');
  return view;
}

/** Alice's account on the first machine and one of her keys with a quota (the one an allowance refills). */
async function aliceKey(k: Instance) {
  const accountId = await addAccount(k, gw, 'Alice', 'alice');
  const listed = await k.value('keys:list', { accountId, page: 1, size: 50 });
  const key = listed.items.find((item) => !item.unlimitedQuota && item.status === 1);
  if (key === undefined) throw new Error('alice has no key with a quota');
  return { accountId, key };
}

const setAllowance = (k: Instance, accountId: string, keyId: number): Promise<void> =>
  setDailyRefill(k, { accountId, keyId, amountUnits: AMOUNT });

describe('allowances on every machine', () => {
  it('run on the machine that set them; "Run here" moves them, and only the runner refills at a period start', async () => {
    await clockAt(Date.UTC(2026, 10, 24, 7));
    const {
      all: [a, b],
    } = await machines(2);
    if (a === undefined || b === undefined) throw new Error('two machines');
    const { accountId, key } = await aliceKey(a);
    await setAllowance(a, accountId, key.id);
    expect((await admin(gw, 'GET', `/keys/${String(key.id)}`)) as { remain_quota: number }).toMatchObject({
      remain_quota: AMOUNT,
    });
    await settle([a, b]);

    const onB = await allowanceOf(b, accountId);
    expect(onB).toMatchObject({ keyId: key.id, amountUnits: AMOUNT, isActive: true, isPending: false });
    expect(onB.runner).toEqual({ isHere: false, deviceName: 'Laptop' });
    expect((await allowanceOf(a, accountId)).runner).toEqual({ isHere: true, deviceName: null });

    // The key spends; at the next midnight only Laptop refills it (B's run sends nothing), and nothing stops.
    await admin(gw, 'POST', `/keys/${String(key.id)}/spend`, { units: 300_000 });
    await clockAt(nextShanghaiDay(now()));
    expect(await refills([b, a], accountId)).toEqual({ byMachine: [0, 1], writes: 1 });
    await settle([a, b]);
    const refilled = await allowanceOf(b, accountId);
    expect(refilled.history.map((e) => [e.kind, e.fromUnits, e.toUnits])).toEqual([
      ['refill', AMOUNT - 300_000, AMOUNT],
      ['refill', expect.any(Number), AMOUNT],
    ]);
    expect([refilled.isActive, (await allowanceOf(a, accountId)).isActive]).toEqual([true, true]);

    // "Run here" on Desktop: after a sync Laptop shows it run by Desktop, and the next midnight only Desktop refills.
    const moved = await b.value('allowance:runHere', { accountId, keyId: key.id });
    expect(moved.runner).toEqual({ isHere: true, deviceName: null });
    await settle([b, a]);
    expect((await allowanceOf(a, accountId)).runner).toEqual({ isHere: false, deviceName: 'Desktop' });
    await admin(gw, 'POST', `/keys/${String(key.id)}/spend`, { units: 100_000 });
    await clockAt(nextShanghaiDay(now()));
    expect(await refills([a, b], accountId)).toEqual({ byMachine: [0, 1], writes: 1 });
    await settle([a, b]);
    const after = await allowanceOf(a, accountId);
    // Desktop's refill is not "a change made elsewhere" to either machine: the allowance goes on.
    expect([after.isActive, after.stopReason, after.history[0]?.fromUnits]).toEqual([true, null, AMOUNT - 100_000]);
    expect(await b.value('sync:status', undefined)).toMatchObject({ conflicts: [], refused: [] });
  });

  it('left by a machine that quit sync, run nowhere; two machines pressing "Run here" at once end with one runner', async () => {
    await clockAt(Date.UTC(2026, 10, 24, 7));
    const {
      all: [a, b, c],
    } = await machines(3);
    if (a === undefined || b === undefined || c === undefined) throw new Error('three machines');
    const { accountId, key } = await aliceKey(c);
    await setAllowance(c, accountId, key.id);
    await settle([c, a, b]);
    expect((await allowanceOf(a, accountId)).runner).toEqual({ isHere: false, deviceName: 'Workstation' });

    // Workstation leaves sync: the others see the allowance run by no machine, and so does Workstation itself.
    await c.value('sync:removeDevice', undefined);
    await settle([a, b]);
    for (const k of [a, b, c])
      expect((await allowanceOf(k, accountId)).runner).toEqual({ isHere: false, deviceName: null });
    await clockAt(nextShanghaiDay(now()));
    expect(await refills([a, b, c], accountId)).toEqual({ byMachine: [0, 0, 0], writes: 0 });

    // Laptop and Desktop both press "Run here" before either syncs, and each catches up the missed period: the key
    // ends with one allowance, never two (the second write found the key as the first left it).
    await a.value('allowance:runHere', { accountId, keyId: key.id });
    await a.app.allowances.runDue();
    await b.value('allowance:runHere', { accountId, keyId: key.id });
    await b.app.allowances.runDue();
    expect((await admin(gw, 'GET', `/keys/${String(key.id)}`)) as { remain_quota: number }).toMatchObject({
      remain_quota: AMOUNT,
    });
    // After a sync the folder keeps one runner, and both agree which.
    await settle([a, b]);
    const runners = [(await allowanceOf(a, accountId)).runner, (await allowanceOf(b, accountId)).runner];
    expect(runners.filter((r) => r.isHere)).toHaveLength(1);
    expect(runners.find((r) => !r.isHere)?.deviceName).toBe(runners[0]?.isHere === true ? 'Laptop' : 'Desktop');
    expect([(await allowanceOf(a, accountId)).isActive, (await allowanceOf(b, accountId)).isActive]).toEqual([
      true,
      true,
    ]);
    // The next period: one refill, by the runner alone.
    await clockAt(nextShanghaiDay(now()));
    const next = await refills([a, b, c], accountId);
    expect([next.writes, next.byMachine.reduce((x, y) => x + y)]).toEqual([1, 1]);
    expect(next.byMachine[runners[0]?.isHere === true ? 0 : 1]).toBe(1);
  });
});

describe('hand-off records and daily caps on every machine', () => {
  it("hand-offs are kept per machine, named by another machine's rotation; daily caps follow the user", async () => {
    const {
      all: [a, b],
    } = await machines(2);
    if (a === undefined || b === undefined) throw new Error('two machines');
    const { accountId, key } = await aliceKey(a);
    const sent = await a.call('handoff:send', {
      accountId,
      id: key.id,
      target: 'cherry-studio',
      document: 0,
      via: 'open',
    });
    expect(sent.ok, JSON.stringify(sent.ok ? null : sent.error)).toBe(true);
    const [record] = await a.value('handoff:records', { accountId, keyId: key.id });
    if (record === undefined) throw new Error('no hand-off record');
    await settle([a, b]);

    const plan = await b.value('rotation:plan', { accountId, keyId: key.id });
    // Not Desktop's own place (its rotation does not repeat it), but named as Laptop's.
    expect(plan.handoffs).toEqual([]);
    expect(plan.elsewhere).toEqual([
      { deviceName: 'Laptop', target: 'cherry-studio', via: 'open', place: record.place, at: record.at },
    ]);
    // Laptop's own plan repeats it, and names nothing elsewhere.
    const own = await a.value('rotation:plan', { accountId, keyId: key.id });
    expect([own.handoffs.map((h) => h.id), own.elsewhere]).toEqual([[record.id], []]);

    // A key's daily cap set on Laptop is Desktop's too; removed on Desktop, it is gone on Laptop.
    await a.value('spend:setDailyCap', { accountId, keyId: key.id, capUnits: 3_000_000 });
    await settle([a, b]);
    expect((await b.value('spend:settings', undefined)).dailyCaps).toEqual({ [accountId]: { [key.id]: 3_000_000 } });
    expect((await b.value('spend:settings', undefined)).trackedAccountIds).toEqual([]);
    await b.value('spend:setDailyCap', { accountId, keyId: key.id, capUnits: null });
    await settle([b, a]);
    expect((await a.value('spend:settings', undefined)).dailyCaps).toEqual({});

    // Nothing of it is plain text on the server: not the place, the tool, the key's name or the allowance's zone.
    await setAllowance(a, accountId, key.id);
    await settle([a, b]);
    const canaries = [record.place, 'cherry-studio', key.name, 'Asia/Shanghai', 'Laptop', 'Desktop'];
    for (const file of dav.files()) {
      for (const canary of canaries) {
        expect(file.bytes.includes(Buffer.from(canary)), `${canary} in ${file.path}`).toBe(false);
        expect(file.bytes.includes(Buffer.from(Buffer.from(canary).toString('base64'))), canary).toBe(false);
      }
    }
  });
});

describe('another machine’s hand-off records', () => {
  it('lost here (a cache file set aside) are read again from the folder, never sent back as deleted', async () => {
    const {
      all: [a],
      name,
    } = await machines(1);
    if (a === undefined) throw new Error('one machine');
    const { accountId, key } = await aliceKey(a);
    await a.value('handoff:send', { accountId, id: key.id, target: 'cherry-studio', document: 0, via: 'open' });
    await a.sync();
    // The desktop on a data folder it keeps across a restart.
    const dir = await mkdtemp(join(tmpdir(), 'keydesk-sync-records-'));
    const keyring = memoryKeyring();
    let b = await openInstance(gw, dir, keyring);
    try {
      await b.value('sync:setUp', {
        mode: 'join',
        url: `${dav.url}${name}/`,
        username: dav.username,
        appPassword: dav.password,
        passphrase: SYNC_PASSPHRASE,
        deviceName: 'Desktop',
        groups: [],
      });
      const named = (await b.value('rotation:plan', { accountId, keyId: key.id })).elsewhere;
      expect(named).toHaveLength(1);
      await b.close();
      await rm(join(dir, 'handoff-elsewhere.json'));
      b = await openInstance(gw, dir, keyring);
      expect((await b.value('rotation:plan', { accountId, keyId: key.id })).elsewhere).toEqual([]);
      await b.sync();
      await b.sync();
      expect((await b.value('rotation:plan', { accountId, keyId: key.id })).elsewhere).toEqual(named);
      // The laptop's record is still in the folder: a machine joining now sees it too.
      await a.sync();
      expect((await a.value('handoff:records', { accountId, keyId: key.id })).length).toBe(1);
      const c = await open();
      await c.value('sync:setUp', {
        mode: 'join',
        url: `${dav.url}${name}/`,
        username: dav.username,
        appPassword: dav.password,
        passphrase: SYNC_PASSPHRASE,
        deviceName: 'Workstation',
        groups: [],
      });
      expect((await c.value('rotation:plan', { accountId, keyId: key.id })).elsewhere).toEqual(named);
    } finally {
      await b.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('records from the folder that break the rules', () => {
  it('are refused with their reason, and nothing of them is written here', async () => {
    const {
      all: [a, b],
      name,
    } = await machines(2);
    if (a === undefined || b === undefined) throw new Error('two machines');
    const { accountId, key } = await aliceKey(a);
    await setAllowance(a, accountId, key.id);
    await settle([a, b]);
    const before = await b.value('allowance:list', { accountId });
    const seal = await sealForFolder(dav, name, SYNC_PASSPHRASE);
    const allowance = {
      accountId,
      keyId: key.id,
      keyName: 'forged',
      period: 'day',
      mode: 'refill',
      amountUnits: AMOUNT,
      timeZone: 'Asia/Shanghai',
      createdAt: now(),
      updatedAt: now(),
      stopped: null,
      lastPeriodStart: null,
      expectedTotal: null,
      history: [],
      runsOn: '00000000-0000-4000-8000-00000000000b',
    };
    const handoff = {
      accountId,
      keyId: key.id,
      target: 'env',
      document: 0,
      via: 'file',
      place: '.env',
      path: '/home/someone/.env',
      file: null,
      at: now(),
    };
    const forged = (n: number) => `00000000-0000-4000-8000-00000000000${String(n)}`;
    // An amount past what the site can hold; a time zone no system knows; a runner's private bookkeeping; a path
    // past the bound; a record of a device named by no id a Keydesk makes; a negative cap; and one too large to read.
    seal('allowance', forged(1), { ...allowance, amountUnits: 2_147_483_648 });
    seal('allowance', forged(2), { ...allowance, timeZone: 'Mars/Olympus_Mons' });
    seal('allowance', forged(3), { ...allowance, pending: null });
    seal('handoff', `${forged(4)}:${forged(5)}`, { ...handoff, path: `/${'a'.repeat(5000)}` });
    seal('handoff', `not-a-device:${forged(6)}`, handoff);
    seal('spend-caps', accountId, { caps: { [String(key.id)]: -5 } });
    seal('allowance', forged(7), { ...allowance, keyName: 'x'.repeat(MAX_RECORD_BYTES) });

    const status = await b.sync();
    expect(status.refused.map((r) => r.problem).sort()).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'too_large',
    ]);
    expect(await b.value('allowance:list', { accountId })).toEqual(before);
    expect((await b.value('rotation:plan', { accountId, keyId: key.id })).elsewhere).toEqual([]);
    expect((await b.value('spend:settings', undefined)).dailyCaps).toEqual({});
  });
});
