// `keydesk status` against a real app and the emulator: while the app runs, the command reads the local endpoint
// (text, JSON, one line); after it quits, the same balances from the cache. The endpoint answers a status request
// only after a challenge proven with its own token (which never crosses the socket), from its own host name, and its
// token file is 0600 and gone after quit. A process that binds the port of a killed Keydesk learns nothing and its
// balances are never printed; labels with escape sequences never reach the terminal raw.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app';
import { status } from '../../../src-main/features/status/status.command';
import { createServer, type IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import {
  CHALLENGE_PATH,
  NONCE_HEADER,
  STATUS_ENDPOINT_FILE,
  clientProof,
  endpointFileSchema,
  serverProof,
} from '../../../src-main/features/status/status-endpoint';
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

  it('serves nothing without a proof of its token, with a wrong one, a replayed one, on another path or host', async () => {
    const file = join(dir, STATUS_ENDPOINT_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const named = endpointFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(named.pid).toBe(process.pid);
    const { port, token } = named;
    const url = `http://127.0.0.1:${port}`;
    const clientNonce = randomBytes(32).toString('hex');
    const prove = async (): Promise<Record<string, string>> => {
      const offered = (await (
        await fetch(`${url}${CHALLENGE_PATH}`, { headers: { [NONCE_HEADER]: clientNonce } })
      ).json()) as { nonce: string; proof: string };
      // The endpoint proves it holds the token before the command shows anything.
      expect(offered.proof).toBe(serverProof(token, port, clientNonce, offered.nonce));
      return {
        [NONCE_HEADER]: clientNonce,
        authorization: `KeydeskProof ${offered.nonce} ${clientProof(token, port, clientNonce, offered.nonce)}`,
      };
    };
    const auth = await prove();
    expect((await fetch(`${url}/status`)).status).toBe(401);
    // The token itself is no longer a credential here: it never needs to cross the socket.
    expect((await fetch(`${url}/status`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const wrong = await prove();
    wrong.authorization = `${wrong.authorization?.slice(0, -64) ?? ''}${'0'.repeat(64)}`;
    expect((await fetch(`${url}/status`, { headers: wrong })).status).toBe(401);
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
    const fresh = await prove();
    const served = await fetch(`${url}/status`, { headers: fresh });
    expect(served.status).toBe(200);
    expect(await served.text()).not.toContain('demo-access-token-alice');
    // A proof answers once.
    expect((await fetch(`${url}/status`, { headers: fresh })).status).toBe(401);
  });

  it('prints a label holding escape sequences with every control drawn visibly, in all three formats', async () => {
    const added = await app?.router.dispatch(
      'accounts:add',
      {
        label: 'Carol',
        baseUrl: gw.base_url,
        apiUrl: gw.api_url,
        credential: { kind: 'access_token', accessToken: 'demo-access-token-carol' },
      },
      { transport: 'test' },
    );
    expect(added).toMatchObject({ ok: true });
    // Add refuses such a label now; an older build's accounts.json may still hold one.
    const hostile = 'Evil\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e';
    const refused = await app?.router.dispatch(
      'accounts:add',
      {
        label: hostile,
        baseUrl: gw.base_url,
        apiUrl: gw.api_url,
        credential: { kind: 'access_token', accessToken: 'demo-access-token-carol' },
      },
      { transport: 'test' },
    );
    expect(refused).toMatchObject({ ok: false, error: { reason: 'input.label_characters' } });
    const { formatJson, formatLine, formatText } = await import('../../../src-main/features/status/status-format');
    const { readCachedStatus } = await import('../../../src-main/features/status/status-cache');
    const snapshot = readCachedStatus(dir, Date.now()).snapshot;
    const evil = { ...snapshot, accounts: snapshot.accounts.map((a) => ({ ...a, label: hostile })) };
    for (const out of [formatText(evil, 'en-US', 0), formatLine(evil, 'en-US', 0), formatJson(evil, 'en-US', 0)]) {
      // eslint-disable-next-line no-control-regex -- no control character may reach the terminal raw
      expect(out.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    }
    // Written as ASCII escapes, which every terminal font has (the control pictures ␛ and ␇ are in few).
    expect(formatText(evil, 'en-US', 0)).toContain('Evil\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{9B}31m\\u{202E}');
    const parsed = JSON.parse(formatJson(evil, 'en-US', 0)) as { accounts: { label: string }[] };
    expect(parsed.accounts[0]?.label).toBe(hostile);
    if (added?.ok) {
      const carol = (added.value as { status: string; account: { id: string } }).account.id;
      await app?.router.dispatch('accounts:remove', { id: carol }, { transport: 'test' });
    }
  });

  it('never sends the token to, nor prints the balances of, a process on the port of a killed Keydesk', async () => {
    const file = join(dir, STATUS_ENDPOINT_FILE);
    const named = endpointFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    // Another process listens; the file says Keydesk is there (a live pid: this test's own).
    const seen: string[] = [];
    const forged = JSON.stringify({ version: 1, source: 'keydesk', generatedAt: 0, accounts: [] });
    const impostor = createServer((req: IncomingMessage, res) => {
      seen.push(`${req.url ?? ''} ${JSON.stringify(req.headers)}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === CHALLENGE_PATH ? JSON.stringify({ nonce: '0'.repeat(64), proof: '1'.repeat(64) }) : forged);
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const address = impostor.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      await writeFile(file, JSON.stringify({ ...named, port }));
      const text = await run(dir, '--lang', 'en-US');
      expect(text.out).toMatch(/^Keydesk balances \(from its cache; Keydesk is not running\)\n/);
      expect(text.out).toContain('Alice');
      expect(text.err).toContain('could not prove it is Keydesk');
      expect(seen.join('\n')).not.toContain(named.token);
      expect(seen.every((r) => r.startsWith(CHALLENGE_PATH))).toBe(true);

      // A process that is gone (its pid no longer runs): the command does not even connect.
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      await writeFile(file, JSON.stringify({ ...named, port, pid: gone }));
      seen.length = 0;
      const again = await run(dir, '--lang', 'en-US');
      expect(again.out).toMatch(/from its cache/);
      expect(seen).toEqual([]);
    } finally {
      await writeFile(file, JSON.stringify(named));
      await new Promise<void>((resolve) => impostor.close(() => resolve()));
    }
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
