// The browser-mode bridge over real HTTP: launch-code exchange, session cookie, Host and Origin checks, validation,
// values and events.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app';
import { DEFAULT_SETTINGS } from '../../../src-main/features/settings/settings.service';
import { startLoopback, type LoopbackServer } from '../../../src-main/bridge/loopback.transport';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../../src-main/security/csp';
import { memoryLogger } from '../../support/memory-logger';
import { openBridgeSession } from '../../support/bridge-session';
import { rawRequest } from '../../support/http';
import { testPlatform } from '../../support/test-platform';

let dir: string;
let app: App;
let server: LoopbackServer;
/** The session cookie (`keydesk_session=…`) this test's page would hold. */
let cookie: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-bridge-'));
  const rendererDir = join(dir, 'renderer');
  await import('node:fs/promises').then((fs) => fs.mkdir(rendererDir));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Keydesk</title>');
  await writeFile(join(dir, 'outside.txt'), 'not for the browser');
  const { log } = memoryLogger();
  app = await createApp({
    mode: 'browser',
    dataDir: join(dir, 'data'),
    version: '9.9.9',
    log,
    platform: testPlatform(join(dir, 'data'), { fetch: () => Promise.reject(new Error('no network in this test')) }),
  });
  server = await startLoopback({ router: app.router, events: app.events, rendererDir, log });
  cookie = await openBridgeSession(server.origin, server.launchCode);
});

afterEach(async () => {
  await server.close();
  await app.dispose();
  await rm(dir, { recursive: true, force: true });
});

const invoke = (channel: string, args: unknown, headers: Record<string, string> = {}) =>
  rawRequest(`${server.origin}/bridge/invoke/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie,
      origin: server.origin,
      ...headers,
    },
    body: JSON.stringify({ args }),
  });

describe('loopback bridge', () => {
  it('hands out a one-time 256-bit launch code in the URL fragment only', () => {
    expect(server.launchCode).toMatch(/^[0-9a-f]{64}$/);
    expect(server.url).toBe(`${server.origin}/#code=${server.launchCode}`);
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('swaps the launch code once for an HttpOnly, SameSite=Strict session cookie', async () => {
    expect(cookie).toMatch(/^keydesk_session=[0-9a-f]{64}$/);
    const exchange = (code: unknown, headers: Record<string, string> = {}) =>
      rawRequest(`${server.origin}/bridge/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin, ...headers },
        body: JSON.stringify({ code }),
      });
    // The code was used by beforeEach: the printed URL opens nothing any more, wherever it was recorded.
    const again = await exchange(server.launchCode);
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    // A reload of the page that holds the cookie still works.
    expect((await exchange(undefined, { cookie })).status).toBe(200);
    // A fresh code (a second browser) gives a second session, with the cookie's attributes.
    const code = server.issueLaunchCode();
    const second = await exchange(code);
    expect(second.status).toBe(200);
    const [setCookie = ''] = (second.headers['set-cookie'] as string[] | undefined) ?? [];
    expect(setCookie).toMatch(/^keydesk_session=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    // The code is not a credential for anything else, and a foreign Origin cannot exchange one.
    expect((await invoke('app:info', null, { cookie: `keydesk_session=${code}` })).status).toBe(403);
    expect((await exchange(server.issueLaunchCode(), { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('gives a session holder another one-time URL (the demo opens the browser with it)', async () => {
    const response = await rawRequest(`${server.origin}/bridge/launch-code`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
    });
    const { value } = JSON.parse(response.body) as { value: { code: string; url: string } };
    expect(value.url).toBe(`${server.origin}/#code=${value.code}`);
    await expect(openBridgeSession(server.origin, value.code)).resolves.toMatch(/^keydesk_session=/);
    const anonymous = await rawRequest(`${server.origin}/bridge/launch-code`, {
      method: 'POST',
      headers: { origin: server.origin },
    });
    expect(anonymous.status).toBe(403);
  });

  it('answers a good call with its value', async () => {
    const response = await invoke('app:info', null);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      ok: true,
      value: { name: 'Keydesk', version: '9.9.9', mode: 'browser', platform: 'linux' },
    });
  });

  it('refuses a call without the session, with a wrong one, or with the launch code itself', async () => {
    const value = cookie.split('=')[1] ?? '';
    for (const wrong of ['', 'keydesk_session=', `keydesk_session=${'0'.repeat(64)}`, `${cookie}0`]) {
      const response = await invoke('app:info', null, { cookie: wrong });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    for (const authorization of [`Bearer ${server.launchCode}`, `Bearer ${value}`]) {
      const response = await invoke('app:info', null, { cookie: '', authorization });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('refuses a wrong Host (DNS rebinding) even with a session', async () => {
    const port = new URL(server.origin).port;
    for (const host of [`localhost:${port}`, `evil.example:${port}`, '127.0.0.1']) {
      const response = await invoke('app:info', null, { host });
      expect(response.status).toBe(403);
    }
    const page = await rawRequest(`${server.origin}/`, { headers: { host: `evil.example:${port}` } });
    expect(page.status).toBe(403);
  });

  it('refuses a foreign Origin and cross-site fetch metadata even with a session', async () => {
    expect((await invoke('app:info', null, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await invoke('app:info', null, { origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await invoke('app:info', null, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('answers a bad payload with a typed validation error and changes nothing', async () => {
    const bad = await invoke('settings:update', { theme: 'neon' });
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'validation', field: 'theme' } });
    const notJson = await rawRequest(`${server.origin}/bridge/invoke/settings:update`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: '{not json',
    });
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    const unknown = await invoke('keys:exfiltrate', null);
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    const settings = await invoke('settings:get', null);
    expect(JSON.parse(settings.body)).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  });

  it('persists settings and pushes settings:changed to the event stream', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = request(`${server.origin}/bridge/events`, {
        headers: { cookie },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: settings:changed')) {
            resolve(text);
            req.destroy();
          } else if (text.includes(': connected')) {
            void invoke('settings:update', { language: 'zh-CN', theme: 'dark' });
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    expect(text).toContain(`data: ${JSON.stringify({ ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'dark' })}`);
    const settings = await invoke('settings:get', null);
    expect(JSON.parse(settings.body)).toEqual({
      ok: true,
      value: { ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'dark' },
    });
  });

  it('refuses the event stream without a session', async () => {
    const response = await rawRequest(`${server.origin}/bridge/events`);
    expect(response.status).toBe(403);
  });

  it('serves the renderer with the app CSP, no CORS headers, and nothing outside its folder', async () => {
    const page = await rawRequest(`${server.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HEADER);
    expect(Object.keys(page.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await rawRequest(`${server.origin}/bridge/invoke/app:info`, {
      method: 'OPTIONS',
      headers: { origin: server.origin },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt']) {
      const response = await rawRequest(`${server.origin}${path}`);
      expect(response.body).not.toContain('not for the browser');
    }
  });
});
