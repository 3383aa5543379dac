// `keydesk status` against a real app and the emulator: while the app runs, the command asks it through the local
// channel (text, JSON, one line); after it quits, the same balances from the cache. The channel is a socket (0600 in
// the 0700 data folder), never a port; it answers a call only after both ends proved, each with an HMAC of the other's
// nonce, that they hold the token of local-channel.json (0600, gone after quit), which never crosses the socket. A
// program at the socket of a killed Keydesk learns nothing and its balances are never printed; labels with escape
// sequences never reach the terminal raw.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app';
import { testApp } from '../../support/test-app';
import { status } from '../../../src-main/features/status/status.command';
import {
  CHANNEL_FILE,
  channelFileSchema,
  clientProof,
  newNonce,
  serverProof,
} from '../../../src-main/features/channel/channel-protocol';
import { startGateway, type Gateway } from '../../gateway/index';

/** A raw connection to a socket: send lines, read the lines it answers until it closes or `count` arrived. */
function rawSession(path: string): {
  socket: Socket;
  send: (value: unknown) => void;
  sendText: (text: string) => void;
  next: () => Promise<Record<string, unknown> | 'closed'>;
} {
  const socket = connect({ path });
  const lines: string[] = [];
  const waiters: ((line: string | null) => void)[] = [];
  let buffer = '';
  let isClosed = false;
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let at = buffer.indexOf('\n'); at !== -1; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  socket.on('close', () => {
    isClosed = true;
    for (const waiter of waiters.splice(0)) waiter(null);
  });
  socket.on('error', () => undefined);
  return {
    socket,
    send: (value) => socket.write(`${JSON.stringify(value)}\n`),
    sendText: (text) => socket.write(text),
    next: () =>
      new Promise((resolve) => {
        const line = lines.shift();
        if (line !== undefined) resolve(JSON.parse(line) as Record<string, unknown>);
        else if (isClosed) resolve('closed');
        else waiters.push((l) => resolve(l === null ? 'closed' : (JSON.parse(l) as Record<string, unknown>)));
      }),
  };
}

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
    { dataDir, now: Date.now },
  );
  return { out, err, code };
}

beforeAll(async () => {
  gw = await startGateway();
  dir = await mkdtemp(join(tmpdir(), 'keydesk-status-'));
  app = await testApp(dir);
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

  it('is a socket of the owner alone, and answers nothing before both ends proved they hold the token', async () => {
    const file = join(dir, CHANNEL_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const named = channelFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(named.pid).toBe(process.pid);
    expect(named.transport).toBe('unix');
    const socketInfo = await stat(named.path);
    expect(socketInfo.isSocket()).toBe(true);
    expect(socketInfo.mode & 0o777).toBe(0o600);

    // A call before any handshake: the connection ends, nothing answered.
    const early = rawSession(named.path);
    early.send({ type: 'call', id: 1, method: 'status' });
    expect(await early.next()).toBe('closed');

    // The app proves itself first, bound to our nonce; a wrong proof of ours is refused and the connection ends.
    const wrong = rawSession(named.path);
    const nonce = newNonce();
    wrong.send({ type: 'hello', version: 1, nonce });
    const challenge = (await wrong.next()) as { nonce: string; proof: string };
    expect(challenge.proof).toBe(serverProof(named.token, nonce, challenge.nonce));
    // The token itself is no proof: it never needs to cross.
    wrong.send({ type: 'prove', proof: named.token });
    expect(await wrong.next()).toEqual({ type: 'refused' });
    expect(await wrong.next()).toBe('closed');

    // A proof made for another connection's challenge does not open this one.
    const first = rawSession(named.path);
    const firstNonce = newNonce();
    first.send({ type: 'hello', version: 1, nonce: firstNonce });
    const firstChallenge = (await first.next()) as { nonce: string };
    const replay = rawSession(named.path);
    replay.send({ type: 'hello', version: 1, nonce: firstNonce });
    await replay.next();
    replay.send({ type: 'prove', proof: clientProof(named.token, firstNonce, firstChallenge.nonce) });
    expect(await replay.next()).toEqual({ type: 'refused' });
    first.socket.destroy();

    // The right proof: then a call is answered, with no secret in it, and an unknown method is said as such.
    const good = rawSession(named.path);
    const goodNonce = newNonce();
    good.send({ type: 'hello', version: 1, nonce: goodNonce });
    const goodChallenge = (await good.next()) as { nonce: string };
    good.send({ type: 'prove', proof: clientProof(named.token, goodNonce, goodChallenge.nonce) });
    expect(await good.next()).toEqual({ type: 'ready' });
    good.send({ type: 'call', id: 7, method: 'status' });
    const answer = await good.next();
    expect(answer).toMatchObject({ type: 'answer', id: 7, ok: true });
    expect(JSON.stringify(answer)).not.toContain('demo-access-token-alice');
    good.send({ type: 'call', id: 8, method: 'vault.dump' });
    expect(await good.next()).toEqual({ type: 'answer', id: 8, ok: false, error: { kind: 'unknown_method' } });
    // A line past the request bound ends the connection before it is read whole.
    good.sendText('x'.repeat(70 * 1024));
    expect(await good.next()).toBe('closed');
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

  it('never proves itself to, nor prints the balances of, a program at the socket of a killed Keydesk', async () => {
    const file = join(dir, CHANNEL_FILE);
    const named = channelFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    // Another program listens where the file points; the file says Keydesk is there (a live pid: this test's own).
    const seen: Record<string, unknown>[] = [];
    const impostorPath = join(dir, 'impostor.sock');
    const impostor = createServer((socket) => {
      socket.on('data', (chunk) => {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          const message = JSON.parse(line) as Record<string, unknown>;
          seen.push(message);
          if (message.type === 'hello') {
            socket.write(`${JSON.stringify({ type: 'challenge', nonce: '0'.repeat(64), proof: '1'.repeat(64) })}\n`);
          }
        }
      });
    });
    await new Promise<void>((resolve) => impostor.listen(impostorPath, resolve));
    try {
      await writeFile(file, JSON.stringify({ ...named, path: impostorPath }));
      const text = await run(dir, '--lang', 'en-US');
      expect(text.out).toMatch(/^Keydesk balances \(from its cache; Keydesk is not running\)\n/);
      expect(text.out).toContain('Alice');
      expect(text.err).toContain('could not prove it is Keydesk');
      // It saw our nonce, and nothing that proves or reveals the token.
      expect(seen.map((m) => m.type)).toEqual(['hello']);
      expect(JSON.stringify(seen)).not.toContain(named.token);

      // A process that is gone (its pid no longer runs): the command does not even connect.
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      await writeFile(file, JSON.stringify({ ...named, path: impostorPath, pid: gone }));
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
    await expect(stat(join(dir, CHANNEL_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(dir, 'keydesk.sock'))).rejects.toMatchObject({ code: 'ENOENT' });
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
