// Browser mode's page with the first frame in it, over real HTTP: a page holding this launch's session gets the
// settings, accounts and balances as a JSON data block (escaped for a script element) with preloads of the shown
// language's pack and All keys; any other request, or a first frame that cannot be read, gets index.html as built.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app';
import {
  firstFramePage,
  preloadsOf,
  scriptSafeJson,
  type BuildManifest,
} from '../../../src-main/bridge/first-frame-page';
import { startLoopback, type LoopbackServer } from '../../../src-main/bridge/loopback.transport';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../../src-main/security/csp';
import { FIRST_FRAME_ELEMENT_ID, fail, type FirstFrame } from '../../../src-shared/contract';
import { openBridgeSession } from '../../support/bridge-session';
import { rawRequest } from '../../support/http';
import { memoryLogger } from '../../support/memory-logger';
import { testPlatform } from '../../support/test-platform';

const PAGE = '<!doctype html><html><head><title>Keydesk</title></head><body><div id="app"></div></body></html>';

/** A build's manifest, as Vite writes it: the entry, its library, All keys and the two packs with their locales. */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shell-lib.js'], css: ['assets/index-a.css'] },
  '_shell-lib.js': { file: 'assets/shell-lib-b.js' },
  'src/views/KeysView.vue': {
    file: 'assets/KeysView-c.js',
    name: 'KeysView',
    imports: ['_shell-lib.js'],
    css: ['assets/KeysView-c.css'],
  },
  'src/i18n/packs/en-US.ts': { file: 'assets/en-US-d.js', imports: ['_locale-base.js'] },
  '_locale-base.js': { file: 'assets/locale-base-e.js' },
  'src/i18n/packs/zh-CN.ts': { file: 'assets/zh-CN-f.js', imports: ['_locale-zh-CN.js'] },
  '_locale-zh-CN.js': { file: 'assets/locale-zh-CN-g.js' },
};

let dir: string;
let app: App;
let server: LoopbackServer;
let cookie: string;
/** What the page hook asks main for; a test may make it fail. */
let firstFrame: () => ReturnType<App['router']['dispatch']>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-first-frame-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), PAGE);
  const { log } = memoryLogger();
  app = await createApp({
    mode: 'browser',
    dataDir: join(dir, 'data'),
    version: '9.9.9',
    log,
    platform: testPlatform(join(dir, 'data'), { fetch: () => Promise.reject(new Error('no network in this test')) }),
  });
  firstFrame = () => app.router.dispatch('app:firstFrame', undefined, { transport: 'loopback' });
  server = await startLoopback({
    router: app.router,
    events: app.events,
    rendererDir,
    log,
    page: firstFramePage({ firstFrame: () => firstFrame(), manifest: MANIFEST }),
  });
  cookie = await openBridgeSession(server.origin, server.launchCode);
});

afterEach(async () => {
  await server.close();
  await app.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** The page's first-frame block, parsed, or null when it has none. */
function frameIn(html: string): FirstFrame | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_FRAME_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match?.[1] === undefined ? null : (JSON.parse(match[1]) as FirstFrame);
}

describe('the page with its first frame', () => {
  it('gives a session holder the settings, accounts and balances in the page, never cached, under the CSP', async () => {
    const updated = await rawRequest(`${server.origin}/bridge/invoke/settings:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.origin },
      body: JSON.stringify({ args: { language: 'zh-CN', theme: 'dark' } }),
    });
    expect(updated.status).toBe(200);
    for (const path of ['/', '/index.html']) {
      const page = await rawRequest(`${server.origin}${path}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HEADER);
      const frame = frameIn(page.body);
      expect(frame?.settings).toMatchObject({ ok: true, value: { language: 'zh-CN', theme: 'dark' } });
      expect(frame?.accounts).toMatchObject({ ok: true });
      expect(frame?.balances).toEqual({ ok: true, value: [] });
      // The chosen language's pack (with its locale) and All keys with its stylesheet; nothing the entry loads.
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="./assets/zh-CN-f.js">');
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="./assets/locale-zh-CN-g.js">');
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="./assets/KeysView-c.js">');
      expect(page.body).toContain('<link rel="stylesheet" crossorigin href="./assets/KeysView-c.css">');
      expect(page.body).not.toContain('en-US-d.js');
      expect(page.body).not.toContain('shell-lib-b.js');
    }
  });

  it('follows the browser for a user who chose no language', async () => {
    const page = await rawRequest(`${server.origin}/`, { headers: { cookie, 'accept-language': 'zh-TW,zh;q=0.9' } });
    expect(frameIn(page.body)?.settings).toMatchObject({ ok: true, value: { language: null } });
    expect(page.body).toContain('./assets/zh-CN-f.js');
    const english = await rawRequest(`${server.origin}/`, { headers: { cookie, 'accept-language': 'de-DE' } });
    expect(english.body).toContain('./assets/en-US-d.js');
  });

  it('serves the page as built without the session, with a wrong one, or when the first frame fails', async () => {
    for (const headers of [{}, { cookie: `keydesk_session=${'0'.repeat(64)}` }] as Record<string, string>[]) {
      const page = await rawRequest(`${server.origin}/`, { headers });
      expect(page.status).toBe(200);
      expect(page.body).toBe(PAGE);
    }
    firstFrame = () => Promise.resolve(fail({ code: 'unavailable' }));
    expect((await rawRequest(`${server.origin}/`, { headers: { cookie } })).body).toBe(PAGE);
    firstFrame = () => Promise.reject(new Error('main is going away'));
    const page = await rawRequest(`${server.origin}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toBe(PAGE);
  });
});

describe('first-frame JSON in a script element', () => {
  it('cannot close the element, open a comment or markup, or end a line in a script', () => {
    const hostile = { label: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const json = scriptSafeJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });
});

describe('preloads from the build manifest', () => {
  it('names what a chunk needs beyond the entry, each file once', () => {
    expect(preloadsOf(MANIFEST, ['src/i18n/packs/en-US.ts', 'src/views/KeysView.vue'])).toEqual({
      scripts: ['assets/en-US-d.js', 'assets/KeysView-c.js', 'assets/locale-base-e.js'],
      styles: ['assets/KeysView-c.css'],
    });
    expect(preloadsOf(MANIFEST, ['src/missing.ts'])).toEqual({ scripts: [], styles: [] });
  });
});
