// Listener separation and the exact text 404; the CLI's first stdout line and its clean exit.
/* eslint-disable @typescript-eslint/no-unsafe-member-access --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { DEMO_SEED_PATH } from '../index';
import { ALICE, bind, call, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());

async function expect404(url: string, method = 'GET', token = ALICE) {
  const r = await call(url, { method, token });
  expect(r.status).toBe(404);
  expect(r.headers.get('content-type')).toBe('text/plain');
  expect(r.text).toBe('404 page not found');
}

describe('three listeners', () => {
  it('serves /api only on base_url and /v1 only on api_url', async () => {
    expect((await h.base('/api/token/', { token: ALICE })).body.success).toBe(true);
    await expect404(`${gw.api_url}/api/token/`);
    await expect404(`${gw.api_url}/api/user/self`);
    await expect404(`${gw.base_url}/v1/models`, 'GET', h.keyOf(1));
    await expect404(`${gw.base_url}/v1/chat/completions`, 'POST', h.keyOf(1));
  });

  it('answers the text 404 for unknown paths and wrong methods', async () => {
    await expect404(`${gw.base_url}/api/nope`);
    await expect404(`${gw.base_url}/`);
    await expect404(`${gw.base_url}/api/token`); // no trailing slash: a different path, as on the server
    await expect404(`${gw.base_url}/api/user/login`, 'GET');
    await expect404(`${gw.base_url}/api/token/search`, 'POST');
    await expect404(`${gw.base_url}/api/token/1/key`, 'GET');
    await expect404(`${gw.base_url}/api/token/batch/keys`, 'GET');
    await expect404(`${gw.api_url}/v1/models`, 'POST', h.keyOf(1));
    await expect404(`${gw.api_url}/v1/unknown`, 'GET', h.keyOf(1));
  });

  it('keeps the control plane on admin_url only', async () => {
    expect((await h.admin('/clock')).status).toBe(200);
    await expect404(`${gw.base_url}/clock`);
    await expect404(`${gw.api_url}/clock`);
    await expect404(`${gw.admin_url}/api/token/`);
    await expect404(`${gw.admin_url}/v1/models`);
  });
});

describe('cli', () => {
  const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

  // Each CLI runs in its own process group, so a test that fails or times out can still end tsx and the node
  // process it starts instead of leaving an emulator running.
  const groups: number[] = [];
  afterAll(() => {
    for (const pid of groups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone: the test stopped it
      }
    }
  });

  async function runUntil(signal: 'SIGTERM' | 'SIGINT') {
    const child = spawn(tsx, [cli, '--seed', DEMO_SEED_PATH, '--api-port', '0', '--latency', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    if (child.pid !== undefined) groups.push(child.pid);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    const urls = JSON.parse(first) as Record<string, string>;
    expect(Object.keys(urls)).toEqual(['api_url', 'base_url', 'admin_url']);
    for (const url of Object.values(urls)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const self = await call(`${urls.base_url ?? ''}/api/user/self`, { token: ALICE });
    expect(self.body.data.username).toBe('alice');
    child.kill(signal);
    expect(await exited).toBe(0);
  }

  it('prints the URLs as one JSON line, serves, and exits 0 on SIGTERM and SIGINT', async () => {
    // Both at once: each start pays tsx's compile time, so in parallel the suite stays fast.
    await Promise.all([runUntil('SIGTERM'), runUntil('SIGINT')]);
  }, 90_000); // two cold tsx starts: seconds on a quiet machine, much more on a busy CI runner

  it('--profile picks the era, and an unknown profile exits 1', async () => {
    const start = (profile: string) => {
      const child = spawn(tsx, [cli, '--profile', profile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      if (child.pid !== undefined) groups.push(child.pid);
      return { child, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)) };
    };
    const good = start('one-api');
    const bad = start('two-api');
    const first = await new Promise<string>((resolve) =>
      createInterface({ input: good.child.stdout }).once('line', resolve),
    );
    const urls = JSON.parse(first) as Record<string, string>;
    const status = await call(`${urls.base_url ?? ''}/api/status`);
    expect(status.body.data.version).toBe('v0.6.10');
    good.child.kill('SIGTERM');
    expect(await good.exited).toBe(0);
    expect(await bad.exited).toBe(1);
  }, 90_000);
});
