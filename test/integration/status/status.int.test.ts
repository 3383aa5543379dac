// `keydesk status` against a real app and the emulator: while the app runs, the command reads the local endpoint
// (text, JSON, one line); after it quits, the same balances from the cache. The endpoint answers only GET /status
// with its own token, from its own host name, and its token file is 0600 and gone after quit.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app';
import { status } from '../../../src-main/features/status/status.command';
import { STATUS_ENDPOINT_FILE, endpointFileSchema } from '../../../src-main/features/status/status-endpoint';
import { startGateway, type Gateway } from '../../gateway/index';
import { memoryLogger } from '../../support/memory-logger';
import { testPlatform } from '../../support/test-platform';

let gw: Gateway;
let dir: string;
let app: App | null = null;

async function run(dataDir: string, ...args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const code = await status(
    args,
    (t) => (out += t),
    (t) => (err += t),
    { dataDir },
  );
  return { out, err, code };
}

beforeAll(async () => {
  gw = await startGateway();
  dir = await mkdtemp(join(tmpdir(), 'keydesk-status-'));
  app = await createApp({
    mode: 'browser',
    dataDir: dir,
    version: '9.9.9',
    log: memoryLogger().log,
    platform: testPlatform(dir),
  });
  const added = await app.router.dispatch(
    'accounts:add',
    {
      label: 'Alice',
      baseUrl: gw.base_url,
      apiUrl: gw.api_url,
      credential: { kind: 'access_token', accessToken: 'demo-access-token-alice' },
      // Below her balance: the command must say Low, as the app does.
      thresholds: { warnUnits: 100_000_000, criticalUnits: null },
    },
    { transport: 'test' },
  );
  expect(added).toMatchObject({ ok: true });
  const refreshed = await app.router.dispatch('quota:refresh', {}, { transport: 'test' });
  expect(refreshed).toMatchObject({ ok: true });
});

afterAll(async () => {
  await app?.dispose();
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});

describe('keydesk status', () => {
  it('reads the running app in all three formats', async () => {
    const text = await run(dir, '--lang', 'en-US');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Keydesk balances \(live, from the running app\)\n/);
    // Alice's 60,000,000 units at the spec's 500,000 = ¥1, as the app formats it.
    expect(text.out).toMatch(/Alice\s+¥120\.00\s+Low\s+just now/);
    const json = JSON.parse((await run(dir, '--json', '--lang', 'en-US')).out) as {
      source: string;
      accounts: { label: string; remainingUnits: number; balance: string; state: string; isStale: boolean }[];
    };
    expect(json.source).toBe('keydesk');
    expect(json.accounts).toEqual([
      expect.objectContaining({ label: 'Alice', remainingUnits: 60_000_000, balance: '¥120.00', state: 'warn' }),
    ]);
    expect((await run(dir, '--line', '--lang', 'zh-CN')).out).toBe('Alice ¥120.00 偏低\n');
  });

  it('serves nothing without its token, with a wrong one, on another path, method or host', async () => {
    const file = join(dir, STATUS_ENDPOINT_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const { port, token } = endpointFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const url = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${url}/status`)).status).toBe(401);
    expect((await fetch(`${url}/status`, { headers: { authorization: `Bearer ${'0'.repeat(64)}` } })).status).toBe(401);
    expect((await fetch(`${url}/status`, { headers: { authorization: token } })).status).toBe(401);
    for (const path of ['/', '/status/', '/status?x=1', '/api/keys', '/bridge', '/../accounts.json']) {
      expect((await fetch(`${url}${path}`, { headers: auth })).status).toBe(404);
    }
    expect((await fetch(`${url}/status`, { method: 'POST', headers: auth })).status).toBe(404);
    expect((await fetch(`${url}/status`, { headers: { ...auth, origin: 'https://evil.example' } })).status).toBe(403);
    // Another name for this address (a DNS-rebinding page would send its own): refused.
    const byName = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/status', headers: { ...auth, host: `localhost:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(byName).toBe(403);
    const served = await fetch(`${url}/status`, { headers: auth });
    expect(served.status).toBe(200);
    expect(await served.text()).not.toContain('demo-access-token-alice');
  });

  it('after quit, prints the same balances from the cache and says so', async () => {
    await app?.dispose();
    app = null;
    await expect(stat(join(dir, STATUS_ENDPOINT_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    const text = await run(dir, '--lang', 'en-US');
    expect(text.out).toMatch(/^Keydesk balances \(from its cache; Keydesk is not running\)\n/);
    expect(text.out).toMatch(/Alice\s+¥120\.00\s+Low, not current\s+just now/);
    expect(text.err).toBe('');
    const json = JSON.parse((await run(dir, '--json')).out) as { source: string; accounts: { balance: string }[] };
    expect(json.source).toBe('cache');
    expect(json.accounts[0]?.balance).toBe('¥120.00');
    expect((await run(dir, '--line', '--lang', 'en-US')).out).toBe('Alice ¥120.00 low (cache, just now)\n');
  });
});
