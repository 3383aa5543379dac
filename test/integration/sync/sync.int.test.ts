// Sync between Keydesk instances on separate data folders through a real WebDAV server (Apache mod_dav): set up on
// one, join from another, and converge after concurrent edits, a delete against an edit, a credential changed on one
// machine; a server that goes away or is full loses nothing; the server's files never hold a secret, name or URL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src-shared/contract';
import type { Gateway } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';
import { hasApache, startWebdavServer, type WebdavServer } from '../../support/webdav-server';
import { startFaultProxy, type FaultProxy } from '../../support/webdav-fault-proxy';
import { accountsOf, addAccount, openInstance, SYNC_PASSPHRASE, type Instance } from './sync-support';

let gw: Gateway;
let dav: WebdavServer;
let proxy: FaultProxy;
const opened: Instance[] = [];
let folder = 0;
/** One of alice's keys in the emulator's demo seed, watched on its own. */
const WATCHED_KEY = 'zdkUc7K4uD137GVs6pY9tO9iNs3DGMTAHBNhgQWqeBxzgFMg';

beforeAll(async () => {
  if (!hasApache()) throw new Error('apache2 (with mod_dav) is needed: apt-get install apache2');
  gw = await startEmulator({ profile: 'new-api' });
  dav = await startWebdavServer();
  proxy = await startFaultProxy(dav.url);
});
afterEach(async () => {
  proxy.mode = 'pass';
  for (const k of opened.splice(0)) await k.close();
});
afterAll(async () => {
  await proxy.close();
  await dav.close();
  await gw.close();
});

async function open(): Promise<Instance> {
  const k = await openInstance(gw);
  opened.push(k);
  return k;
}

/** A fresh folder for each test, reached through the fault proxy. */
const newFolder = () => `${proxy.url}keydesk-${String((folder += 1))}/`;

function setUp(k: Instance, url: string, mode: 'create' | 'join', deviceName: string, passphrase = SYNC_PASSPHRASE) {
  return k.call('sync:setUp', {
    mode,
    url,
    username: dav.username,
    appPassword: dav.password,
    passphrase,
    deviceName,
    groups: ['appearance', 'monitoring'],
  });
}

async function pair(): Promise<{ a: Instance; b: Instance; url: string }> {
  const a = await open();
  const b = await open();
  const url = newFolder();
  const made = await setUp(a, url, 'create', 'Laptop');
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  const joined = await setUp(b, url, 'join', 'Desktop');
  if (!joined.ok) throw new Error(JSON.stringify(joined.error));
  return { a, b, url };
}

const labelOf = async (k: Instance, id: string) => (await accountsOf(k)).find((a) => a.id === id)?.label;

describe('sync through a WebDAV folder', () => {
  it('joins a folder, brings every account with a working credential and the chosen settings, and converges', async () => {
    const a = await open();
    const alice = await addAccount(a, gw, 'Alice canary-label', 'alice');
    const bob = await addAccount(a, gw, 'Bob (password)', 'bob');
    const watched = await a.value('accounts:add', {
      label: 'Watched key',
      baseUrl: gw.base_url,
      apiUrl: gw.api_url,
      credential: { kind: 'api_key', apiKey: `sk-${WATCHED_KEY}` },
    });
    if (watched.status !== 'done') throw new Error('second factor');
    await a.value('accounts:update', { id: alice, patch: { thresholds: { warnUnits: 5_000_000, criticalUnits: 1 } } });
    await a.value('settings:update', { theme: 'dark', refreshIntervalMinutes: 17, closeToTray: false });
    const url = newFolder();
    const made = await setUp(a, url, 'create', 'Laptop');
    expect(made.ok && made.value.lastError).toBeNull();

    const b = await open();
    // B had its own look before joining: the folder's is used, B's is kept as the other copy to pick.
    await b.value('settings:update', { theme: 'light' });
    const joined = await setUp(b, url, 'join', 'Desktop');
    expect(joined.ok).toBe(true);
    expect(await accountsOf(b)).toEqual(await accountsOf(a));
    const settings = await b.value('settings:get', undefined);
    expect([settings.theme, settings.refreshIntervalMinutes]).toEqual(['dark', 17]);
    const appearance = joined.ok
      ? joined.value.conflicts.find((c) => c.copies[0]?.fields.some((f) => f.name === 'theme'))
      : undefined;
    expect(appearance?.copies.map((c) => c.fields.find((f) => f.name === 'theme')?.value)).toEqual(['dark', 'light']);
    // Desktop behaviour stays each machine's own.
    expect(settings.closeToTray).toBe(true);
    // The credentials came too: B lists keys with them (bob signs in once with the synced password).
    expect((await b.value('keys:list', { accountId: alice, page: 1, size: 10 })).items.length).toBeGreaterThan(0);
    expect((await b.value('keys:list', { accountId: bob, page: 1, size: 10 })).items.length).toBeGreaterThan(0);
    // The watched key too: B reads its balance with the synced key.
    const readings = await b.value('quota:refresh', { accountId: watched.account.id });
    const reading = readings.find((r) => r.accountId === watched.account.id);
    expect(reading?.error ?? null).toBeNull();
    expect(reading?.remainingUnits).not.toBeNull();

    // Both see both devices once A writes its entry again (first sync after B joined).
    const status = await a.sync();
    expect(status.devices.map((d) => [d.name, d.isThisDevice])).toEqual([
      ['Laptop', true],
      ['Desktop', false],
    ]);
    expect(status.waiting).toBe(0);

    // No plain text on the server: no credential, account name, address, user name or setting value.
    const canaries = [
      'demo-access-token-alice',
      'demo-password-2',
      WATCHED_KEY,
      'canary-label',
      'Bob (password)',
      gw.base_url,
      new URL(gw.base_url).host,
      'bob',
      'Laptop',
      'Desktop',
      'dark',
    ];
    const files = dav.files();
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      for (const canary of canaries) {
        expect(file.bytes.includes(Buffer.from(canary)), `${canary} in ${file.path}`).toBe(false);
        expect(file.bytes.includes(Buffer.from(Buffer.from(canary).toString('base64'))), canary).toBe(false);
      }
    }
  });

  it('concurrent edits of one account keep the newest on both and show the other as a conflict to pick', async () => {
    const { a, b } = await pair();
    const id = await addAccount(a, gw, 'Shared', 'alice');
    await a.sync();
    await b.sync();
    await a.value('accounts:update', { id, patch: { label: 'Edited on A' } });
    await a.sync();
    // B edits a minute later, not having seen A's edit: concurrent, and B's is the newer one.
    gw.clock.advance(60);
    await b.value('accounts:update', { id, patch: { label: 'Edited on B' } });
    const onB = await b.sync();
    await a.sync();
    expect(await labelOf(a, id)).toBe('Edited on B');
    expect(await labelOf(b, id)).toBe('Edited on B');
    const conflict = onB.conflicts[0];
    expect(conflict?.copies.map((c) => [c.isCurrent, c.title])).toEqual([
      [true, 'Edited on B'],
      [false, 'Edited on A'],
    ]);
    const onA = await a.value('sync:status', undefined);
    expect(onA.conflicts.map((c) => c.title)).toEqual(['Edited on B']);

    // Picking A's copy on B makes it the record everywhere, and the conflict goes away everywhere.
    const other = conflict?.copies.find((c) => !c.isCurrent);
    const resolved = await b.value('sync:resolve', {
      conflictId: conflict?.conflictId ?? '',
      copyId: other?.copyId ?? '',
    });
    expect(resolved.conflicts).toEqual([]);
    const afterA = await a.sync();
    expect(afterA.conflicts).toEqual([]);
    expect(await labelOf(a, id)).toBe('Edited on A');
    expect(await labelOf(b, id)).toBe('Edited on A');
  });

  it('a write that loses the race to another computer is refused (412), merged and sent again, never forced', async () => {
    const { a, b } = await pair();
    const id = await addAccount(a, gw, 'Raced', 'alice');
    await a.sync();
    await b.sync();
    await a.sync(); // quiet runs: each has read back what it wrote
    await b.sync();
    // B edits and starts its run: it lists the folder and is about to write when A, editing a minute later, writes first.
    await b.value('accounts:update', { id, patch: { label: 'Raced (B)' } });
    const held = proxy.holdNext('PUT');
    proxy.resetCounts();
    const onB = b.sync();
    await held.arrived;
    gw.clock.advance(60);
    await a.value('accounts:update', { id, patch: { thresholds: { warnUnits: 100, criticalUnits: 10 } } });
    await a.sync();
    held.release();
    const status = await onB;
    expect(proxy.statuses).toContain(412);
    expect(status.lastError).toBeNull();
    await a.sync();
    // Both edits were of one record at once: A's (the later) is in use everywhere, B's is kept as the other copy.
    expect(await accountsOf(a)).toEqual(await accountsOf(b));
    expect(await labelOf(b, id)).toBe('Raced');
    const copies = (await b.value('sync:status', undefined)).conflicts[0]?.copies ?? [];
    expect(copies.map((c) => c.title)).toEqual(['Raced', 'Raced (B)']);
  });

  it('a delete on one machine and an edit on the other keep the edit on both, and say so', async () => {
    const { a, b } = await pair();
    const id = await addAccount(a, gw, 'Doomed', 'alice');
    await a.sync();
    await b.sync();
    await a.value('accounts:remove', { id });
    await b.value('accounts:update', { id, patch: { thresholds: { warnUnits: 42, criticalUnits: 7 } } });
    await a.sync();
    const onB = await b.sync();
    await a.sync();
    expect((await accountsOf(a)).find((x) => x.id === id)?.thresholds).toEqual({ warnUnits: 42, criticalUnits: 7 });
    expect(await accountsOf(a)).toEqual(await accountsOf(b));
    expect(onB.notices.map((n) => [n.kind, n.title])).toEqual([['kept_edit_deleted_there', 'Doomed']]);
  });

  it('a full disk (507) or a server that goes away mid-sync loses nothing, and the next run finishes the job', async () => {
    const { a, b } = await pair();
    const first = await addAccount(a, gw, 'First', 'alice');
    proxy.mode = 'full';
    const full = await a.sync();
    expect(full.lastError).toMatchObject({ reason: 'sync.server_full', params: { status: 507 } });
    expect(full.waiting).toBe(1);
    expect(await labelOf(a, first)).toBe('First');

    proxy.mode = 'down';
    const down = await a.sync();
    expect(down.lastError).toMatchObject({ code: 'network', reason: 'sync.unreachable' });
    expect(down.nextRunAt).not.toBeNull();

    proxy.mode = 'pass';
    const back = await a.sync();
    expect(back.lastError).toBeNull();
    expect(back.waiting).toBe(0);
    await b.sync();
    expect(await accountsOf(b)).toEqual(await accountsOf(a));

    // Gone in the middle of a run: the listing and one write get through, then nothing answers. (One quiet run
    // first: it reads back what the last one wrote, since this server sends no ETag with a write's answer.)
    await a.sync();
    for (const label of ['Second', 'Third', 'Fourth']) await addAccount(a, gw, label, 'carol');
    proxy.downAfter(2);
    const cut = await a.sync();
    expect(cut.lastError).toMatchObject({ reason: 'sync.unreachable' });
    expect(cut.waiting).toBe(2);
    proxy.mode = 'pass';
    expect((await a.sync()).waiting).toBe(0);
    await b.sync();
    expect(await accountsOf(b)).toEqual(await accountsOf(a));
    expect((await accountsOf(b)).map((x) => x.label).sort()).toEqual(['First', 'Fourth', 'Second', 'Third']);
  });

  it('a credential changed on one machine replaces the session on the other, which signs in once', async () => {
    const { a, b } = await pair();
    const bob = await a.value('accounts:add', {
      label: 'Bob',
      baseUrl: gw.base_url,
      apiUrl: gw.api_url,
      credential: { kind: 'password', username: 'bob', password: 'demo-password-2', remember: false },
    });
    if (bob.status !== 'done') throw new Error('second factor');
    const id = bob.account.id;
    await a.sync();
    await b.sync();
    // B has the account but no credential for it (A did not remember the password): B signs in itself, once.
    await b.value('accounts:signIn', { id, password: 'demo-password-2', remember: false });
    const logins = () => gw.log.list().filter((e) => e.path === '/api/user/login').length;
    const logouts = () => gw.log.list().filter((e) => e.path === '/api/user/auth/logout').length;

    // On A the user now remembers the password: it travels, and B's own session gives way to it.
    await a.value('accounts:signIn', { id, password: 'demo-password-2', remember: true });
    await a.sync();
    const before = { logins: logins(), logouts: logouts() };
    await b.sync();
    for (let i = 0; i < 3; i += 1) await b.value('keys:list', { accountId: id, page: 1, size: 10 });
    await b.sync();
    await a.sync();
    await b.sync();
    expect(logins() - before.logins).toBe(1);
    expect(logouts() - before.logouts).toBe(1);
    expect((await b.value('accounts:list', undefined)).accounts.find((x) => x.id === id)?.isPasswordRemembered).toBe(
      true,
    );
  });

  it('runs by itself shortly after a local change, and again after a failure, with no Sync now', async () => {
    const schedule = { debounceMs: 50, intervalMs: 24 * 60 * 60_000, firstRetryMs: 50 };
    const a = await openInstance(gw, undefined, undefined, { schedule });
    opened.push(a);
    const b = await open();
    const url = newFolder();
    expect((await setUp(a, url, 'create', 'Laptop')).ok).toBe(true);
    expect((await setUp(b, url, 'join', 'Desktop')).ok).toBe(true);

    // A change on A goes up on its own: B then finds it with one Sync now.
    const sent = a.nextSync((s) => !s.isSyncing && s.waiting === 0 && s.lastSyncAt !== null);
    const id = await addAccount(a, gw, 'By itself', 'alice');
    await sent;
    await b.sync();
    expect(await labelOf(b, id)).toBe('By itself');

    // The server away: the debounced run fails, the retry after it (a timer, not a click) sends the change.
    proxy.mode = 'down';
    const failed = a.nextSync((s) => !s.isSyncing && s.lastError !== null);
    await a.value('accounts:update', { id, patch: { label: 'After the outage' } });
    expect((await failed).waiting).toBe(1);
    const recovered = a.nextSync((s) => !s.isSyncing && s.lastError === null && s.waiting === 0);
    proxy.mode = 'pass';
    await recovered;
    await b.sync();
    expect(await labelOf(b, id)).toBe('After the outage');
  });

  it('removing a computer stops its sync and takes it off the list; its accounts and credentials stay', async () => {
    const { a, b } = await pair();
    const id = await addAccount(a, gw, 'Kept', 'alice');
    await a.sync();
    await b.sync();
    expect((await a.sync()).devices.map((d) => d.name)).toEqual(['Laptop', 'Desktop']);
    const removed = await b.value('sync:removeDevice', undefined);
    expect(removed.isConfigured).toBe(false);
    expect((await b.call('sync:now', undefined)).ok).toBe(false);
    expect((await b.value('keys:list', { accountId: id, page: 1, size: 10 })).items.length).toBeGreaterThan(0);
    expect((await a.sync()).devices.map((d) => d.name)).toEqual(['Laptop']);
    // A change on A no longer reaches B.
    await a.value('accounts:update', { id, patch: { label: 'Only on A' } });
    await a.sync();
    expect(await labelOf(b, id)).toBe('Kept');
  });

  it('refuses a wrong passphrase, a folder that holds no sync, and a plain-http server elsewhere, keeping nothing', async () => {
    const a = await open();
    await addAccount(a, gw, 'Mine', 'alice');
    const url = newFolder();
    expect((await setUp(a, url, 'create', 'Laptop')).ok).toBe(true);
    const b = await open();
    const wrong = await setUp(b, url, 'join', 'Desktop', 'not the passphrase');
    expect(wrong.ok ? null : wrong.error).toMatchObject({ reason: 'sync.wrong_passphrase' });
    const missing = await setUp(b, newFolder(), 'join', 'Desktop');
    expect(missing.ok ? null : missing.error).toMatchObject({ reason: 'sync.folder_missing', params: { status: 404 } });
    const emptyUrl = newFolder();
    const auth = `Basic ${Buffer.from(`${dav.username}:${dav.password}`).toString('base64')}`;
    expect((await fetch(emptyUrl, { method: 'MKCOL', headers: { Authorization: auth } })).status).toBe(201);
    const empty = await setUp(b, emptyUrl, 'join', 'Desktop');
    expect(empty.ok ? null : empty.error).toMatchObject({ reason: 'sync.folder_empty' });
    const remote = await setUp(b, 'http://sync.example.com/dav/', 'join', 'Desktop');
    expect(remote.ok ? null : remote.error).toMatchObject({ reason: 'sync.address' });
    const status: SyncStatus = await b.value('sync:status', undefined);
    expect(status.isConfigured).toBe(false);
    expect(await accountsOf(b)).toEqual([]);
  });
});
