// What a hostile or broken WebDAV server can and cannot do to a synced Keydesk: records swapped between names,
// altered, cut short, replayed from an older state, from a newer Keydesk, or huge — each refused with its reason and
// nothing of it written here; and a server that ignores conditional writes (rclone 1.60's serve webdav) is refused.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';
import { startFaultProxy, type FaultProxy } from '../../support/webdav-fault-proxy';
import { hasApache, startWebdavServer, type WebdavServer } from '../../support/webdav-server';
import { accountsOf, addAccount, openInstance, SYNC_PASSPHRASE, type Instance } from './sync-support';

let gw: Gateway;
let dav: WebdavServer;
let proxy: FaultProxy;
const opened: Instance[] = [];
let folder = 0;

beforeAll(async () => {
  if (!hasApache()) throw new Error('apache2 (with mod_dav) is needed: apt-get install apache2');
  gw = await startEmulator();
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

async function pair() {
  const a = await openInstance(gw);
  const b = await openInstance(gw);
  opened.push(a, b);
  const name = `hostile-${String((folder += 1))}`;
  const url = `${proxy.url}${name}/`;
  const args = { url, username: dav.username, appPassword: dav.password, passphrase: SYNC_PASSPHRASE, groups: [] };
  await a.value('sync:setUp', { ...args, mode: 'create', deviceName: 'A' });
  await b.value('sync:setUp', { ...args, mode: 'join', deviceName: 'B' });
  const dir = join(dav.root, name);
  /** The record files (not the keyring, not device entries: those are told apart by size here). */
  const files = () => readdirSync(dir).filter((f) => f.startsWith('r-'));
  return { a, b, dir, files };
}

/** Which record file holds an account: the one that changes when only that account is edited. */
async function fileOf(k: Instance, dir: string, files: () => string[], id: string): Promise<string> {
  const before = new Map(files().map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
  const label = (await accountsOf(k)).find((a) => a.id === id)?.label ?? '';
  await k.value('accounts:update', { id, patch: { label: `${label}!` } });
  await k.sync();
  const changed = files().filter((f) => before.get(f) !== readFileSync(join(dir, f)).toString('base64'));
  const record = changed.find((f) => before.has(f));
  if (record === undefined) throw new Error('no record file changed');
  return record;
}

describe('a hostile WebDAV server', () => {
  it('refuses altered, cut, swapped, replayed and newer-format records, and writes nothing of them', async () => {
    const { a, b, dir, files } = await pair();
    const one = await addAccount(a, gw, 'One', 'alice');
    const two = await addAccount(a, gw, 'Two', 'carol');
    await a.sync();
    await b.sync();
    const fileOne = await fileOf(a, dir, files, one);
    const fileTwo = await fileOf(a, dir, files, two);
    await b.sync();
    const agreed = await accountsOf(b);
    const oldOne = readFileSync(join(dir, fileOne));

    // A newer copy of One, then the server serves the old one again (a replay of an authentic record).
    await a.value('accounts:update', { id: one, patch: { label: 'One, newest' } });
    await a.sync();
    await b.sync();
    const seen = await accountsOf(b);
    writeFileSync(join(dir, fileOne), oldOne);
    let status = await b.sync();
    expect(status.refused.map((r) => r.problem)).toEqual(['rolled_back']);
    expect(await accountsOf(b)).toEqual(seen);

    // Two's record served under One's name (swapped): it does not authenticate there.
    writeFileSync(join(dir, fileOne), readFileSync(join(dir, fileTwo)));
    status = await b.sync();
    expect(status.refused.map((r) => r.problem)).toEqual(['tampered']);

    // One byte changed, then the file cut short.
    const flipped = Buffer.from(readFileSync(join(dir, fileTwo)));
    const good = Buffer.from(flipped);
    flipped[flipped.length - 20] = (flipped[flipped.length - 20] ?? 0) ^ 1;
    writeFileSync(join(dir, fileTwo), flipped);
    status = await b.sync();
    expect(status.refused.map((r) => r.problem).sort()).toEqual(['tampered', 'tampered']);
    writeFileSync(join(dir, fileTwo), good.subarray(0, good.length - 5));
    status = await b.sync();
    expect(status.refused.map((r) => r.problem).sort()).toEqual(['tampered', 'tampered']);

    // A record from a newer Keydesk (its format byte moved on).
    const newer = Buffer.from(good);
    newer[4] = 2;
    writeFileSync(join(dir, fileTwo), newer);
    status = await b.sync();
    expect(status.refused.map((r) => r.problem).sort()).toEqual(['newer_format', 'tampered']);
    expect(await accountsOf(b)).toEqual(seen);
    expect(seen).not.toEqual(agreed);
    // A refused copy is never overwritten either: the newer Keydesk's record is still there as it was.
    expect(readFileSync(join(dir, fileTwo)).equals(newer)).toBe(true);
  });

  it('refuses a body far larger than any record, before reading it whole', async () => {
    const { a, b } = await pair();
    await addAccount(a, gw, 'Big', 'alice');
    await a.sync();
    proxy.mode = 'huge';
    const status = await b.sync();
    // The account's record and A's device entry: both cut off at the cap, neither taken.
    expect(status.refused.length).toBeGreaterThan(0);
    expect(new Set(status.refused.map((r) => r.problem))).toEqual(new Set(['too_large']));
    expect(await accountsOf(b)).toEqual([]);
    proxy.mode = 'pass';
  });

  it('a keyring replaced on the server (another salt) stops the sync before any record is read', async () => {
    const { a, dir } = await pair();
    await addAccount(a, gw, 'Mine', 'alice');
    await a.sync();
    const keyring = JSON.parse(readFileSync(join(dir, 'keydesk-sync.key'), 'utf8')) as { kdf: { salt: string } };
    keyring.kdf.salt = Buffer.alloc(16, 7).toString('base64');
    writeFileSync(join(dir, 'keydesk-sync.key'), JSON.stringify(keyring));
    const status = await a.sync();
    expect(status.lastError).toMatchObject({ reason: 'sync.wrong_passphrase' });
  });
});

const RCLONE = '/usr/bin/rclone';

describe('a server that ignores conditional writes', () => {
  it.runIf(existsSync(RCLONE))('rclone 1.60 serve webdav is refused at setup, and nothing is kept', async () => {
    const root = mkdtempSync(join(tmpdir(), 'keydesk-rclone-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(
      RCLONE,
      ['serve', 'webdav', root, '--addr', `127.0.0.1:${String(port)}`, '--user', 'u', '--pass', 'fake-rclone-pw'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    // rclone says so on stderr once it serves.
    await new Promise<void>((resolve, reject) => {
      let said = '';
      child.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (/Serving|WebDav Server started|http:\/\//i.test(said)) resolve();
      });
      child.once('exit', () => {
        reject(new Error(said));
      });
    });
    try {
      const k = await openInstance(gw);
      opened.push(k);
      const result = await k.call('sync:setUp', {
        mode: 'create',
        url: `http://127.0.0.1:${String(port)}/folder/`,
        username: 'u',
        appPassword: 'fake-rclone-pw',
        passphrase: SYNC_PASSPHRASE,
        deviceName: 'A',
        groups: [],
      });
      expect(result.ok ? null : result.error).toMatchObject({
        reason: 'sync.conditional_ignored',
        params: { step: 'If-None-Match: *' },
      });
      expect((await k.value('sync:status', undefined)).isConfigured).toBe(false);
      expect(readdirSync(join(root, 'folder'))).toEqual([]);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
