// The update service with its real HTTP feed against a local server serving latest.yml files, one path for the
// mirror and one for "GitHub": mirror first, fallback when the mirror fails, version comparison, stall timeout,
// the disabled switch, and the caps on the feed file and the advertised download.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpUpdateFeed } from '../../../src-main/features/updates/http-feed';
import { systemClock } from '../../../src-main/platform/system-clock';
import { UpdatesService, type UpdatesServiceOptions } from '../../../src-main/features/updates/updates.service';
import { memoryLogger } from '../../support/memory-logger';
import {
  FakeClock,
  FakeDownloader,
  TEST_FEED_KEY,
  changeLog,
  feedSignature,
  feedYaml,
  memoryStore,
} from '../../unit/main/features/updates/fakes';

type Behaviour =
  | { readonly kind: 'serve'; readonly body: string }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'stall' } // headers, then nothing
  | { readonly kind: 'stall-before-headers' }
  | { readonly kind: 'endless' }; // streams bytes without end

const routes = new Map<string, Behaviour>();
const requests: string[] = [];
const openResponses = new Set<ServerResponse>();
let server: Server;
let base = '';

/** A feed served here is signed with the test key beside it (`<path>.sig`), unless a test routes that path itself. */
function signatureOf(path: string): Behaviour | undefined {
  const feed = routes.get(path.slice(0, -'.sig'.length));
  if (feed?.kind !== 'serve') return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1, -'.sig'.length);
  return { kind: 'serve', body: feedSignature(name, feed.body) };
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '';
  const isSignature = path.endsWith('.sig');
  if (!isSignature) requests.push(path);
  const behaviour = routes.get(path) ??
    (isSignature ? signatureOf(path) : undefined) ?? { kind: 'status', status: 404 };
  openResponses.add(response);
  response.on('close', () => openResponses.delete(response));
  switch (behaviour.kind) {
    case 'serve':
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(behaviour.body);
      return;
    case 'status':
      response.writeHead(behaviour.status).end('no');
      return;
    case 'stall':
      response.writeHead(200, { 'content-type': 'text/yaml' });
      response.write('version: 9');
      return;
    case 'stall-before-headers':
      return;
    case 'endless': {
      response.writeHead(200, { 'content-type': 'text/yaml' });
      const chunk = `# ${'x'.repeat(1000)}\n`;
      const pump = (): void => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
      return;
    }
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  routes.clear();
  requests.length = 0;
  for (const response of openResponses) response.destroy();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const STALL_MS = 300;

function service(overrides: Partial<UpdatesServiceOptions> = {}): {
  updates: UpdatesService;
  clock: FakeClock;
  downloader: FakeDownloader;
  store: ReturnType<typeof memoryStore>;
} {
  const clock = new FakeClock();
  const downloader = new FakeDownloader();
  const store = memoryStore({ isEnabled: true, mirrorUrl: `${base}/mirror/`, lastCheck: null });
  const updates = new UpdatesService({
    currentVersion: '1.1.0',
    install: { support: 'supported', packageFormat: null },
    feedFile: 'latest.yml',
    githubFeedUrl: `${base}/github/`,
    // Real time for the HTTP stall; the scheduler's clock is the fake one.
    feed: new HttpUpdateFeed({ fetch, clock: systemClock, stallMs: STALL_MS }),
    trustedKeys: [TEST_FEED_KEY.publicKey],
    downloader,
    clock,
    store,
    log: memoryLogger().log,
    onChange: changeLog().onChange,
    maxDownloadBytes: 200 * 1024 * 1024,
    ...overrides,
  });
  return { updates, clock, downloader, store };
}

describe('update feed: mirror first, GitHub second', () => {
  it('reads the mirror and never asks GitHub when the mirror answers', async () => {
    routes.set('/mirror/latest.yml', {
      kind: 'serve',
      body: feedYaml('1.2.0', { notes: '<p>Faster <b>sync</b></p>' }),
    });
    routes.set('/github/latest.yml', { kind: 'serve', body: feedYaml('1.3.0') });
    const { updates, downloader } = service();
    const status = await updates.check();
    expect(requests).toEqual(['/mirror/latest.yml']);
    expect(status.phase).toBe('available');
    expect(status.release).toMatchObject({ version: '1.2.0', source: 'mirror', notes: 'Faster sync' });
    expect(status.lastCheck).toMatchObject({ outcome: 'available', source: 'mirror', failure: null });
    // Offered, not fetched: the download waits for the user.
    expect(downloader.requests).toEqual([]);
  });

  it('falls back to GitHub when the mirror answers an error status', async () => {
    routes.set('/mirror/latest.yml', { kind: 'status', status: 502 });
    routes.set('/github/latest.yml', { kind: 'serve', body: feedYaml('1.2.0') });
    const { updates } = service();
    const status = await updates.check();
    expect(requests).toEqual(['/mirror/latest.yml', '/github/latest.yml']);
    expect(status.release?.source).toBe('github');
    expect(status.lastCheck?.source).toBe('github');
  });

  it('falls back to GitHub when the mirror is unreachable, and downloads from where the feed answered', async () => {
    routes.set('/github/latest.yml', { kind: 'serve', body: feedYaml('1.2.0') });
    const { updates, downloader } = service({
      store: memoryStore({ isEnabled: true, mirrorUrl: 'http://127.0.0.1:9/', lastCheck: null }),
    });
    const status = await updates.check();
    expect(status.release?.source).toBe('github');
    updates.download();
    expect(downloader.requests).toEqual([
      { feedUrl: `${base}/github/`, feedFile: 'latest.yml', feedText: feedYaml('1.2.0'), version: '1.2.0' },
    ]);
  });

  it('falls back when the mirror serves something that is not a feed', async () => {
    routes.set('/mirror/latest.yml', { kind: 'serve', body: '<html>captive portal</html>' });
    routes.set('/github/latest.yml', { kind: 'serve', body: feedYaml('1.2.0') });
    const status = await service().updates.check();
    expect(status.release?.source).toBe('github');
  });

  it('records a failed check with its time and the last address tried, as a value, not a thrown error', async () => {
    routes.set('/mirror/latest.yml', { kind: 'status', status: 500 });
    routes.set('/github/latest.yml', { kind: 'status', status: 404 });
    const { updates, clock } = service();
    const status = await updates.check();
    expect(status.phase).toBe('idle');
    expect(status.lastCheck).toEqual({
      at: clock.now(),
      outcome: 'failed',
      source: 'github',
      failure: { kind: 'server', source: 'github', detail: 'HTTP 404' },
    });
  });
});

describe('version comparison', () => {
  it.each([
    ['1.1.0', 'up_to_date'],
    ['1.2.0-beta.1', 'up_to_date'], // a stable user is not moved onto a pre-release
    ['1.1.1', 'available'],
    ['v2.0.0', 'available'],
  ])('feed %s against running 1.1.0: %s', async (offered, phase) => {
    routes.set('/mirror/latest.yml', { kind: 'serve', body: feedYaml(offered) });
    const status = await service().updates.check();
    expect(status.phase).toBe(phase);
    expect(status.release === null).toBe(phase === 'up_to_date');
  });

  it('offers a newer pre-release to someone running a pre-release', async () => {
    routes.set('/mirror/latest.yml', { kind: 'serve', body: feedYaml('1.2.0-beta.2') });
    const status = await service({ currentVersion: '1.2.0-beta.1' }).updates.check();
    expect(status.phase).toBe('available');
  });
});

describe('stall timeout', () => {
  it('gives up on a mirror that stops sending and reads GitHub instead', async () => {
    routes.set('/mirror/latest.yml', { kind: 'stall' });
    routes.set('/github/latest.yml', { kind: 'serve', body: feedYaml('1.2.0') });
    const started = Date.now();
    const status = await service().updates.check();
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALL_MS - 20);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(status.release?.source).toBe('github');
  });

  it('reports a timeout when every address stalls, even before sending headers', async () => {
    routes.set('/mirror/latest.yml', { kind: 'stall-before-headers' });
    routes.set('/github/latest.yml', { kind: 'stall' });
    const status = await service().updates.check();
    expect(status.lastCheck?.outcome).toBe('failed');
    expect(status.lastCheck?.failure).toMatchObject({ kind: 'timeout', source: 'github' });
  });
});

describe('disabled switch', () => {
  it('schedules nothing while off; a manual check still works; turning it on schedules the first check', async () => {
    routes.set('/mirror/latest.yml', { kind: 'serve', body: feedYaml('1.2.0') });
    const { updates, clock, store } = service();
    updates.configure({ isEnabled: false });
    updates.start();
    expect(updates.status().nextCheckAt).toBeNull();
    // Nothing armed: two days can fire no check (a scheduled check would be a timer waiting here).
    expect(clock.pending).toBe(0);
    clock.advance(48 * 60 * 60_000);
    expect(requests).toEqual([]);
    expect(store.read().isEnabled).toBe(false);

    const manual = await updates.check();
    expect(manual.phase).toBe('available');
    expect(manual.nextCheckAt).toBeNull();

    updates.configure({ isEnabled: true });
    expect(updates.status().nextCheckAt).toBe(clock.now() + 2 * 60_000);
  });
});

describe('caps', () => {
  it('refuses a release whose advertised download is over the cap, and fetches nothing', async () => {
    routes.set('/mirror/latest.yml', { kind: 'serve', body: feedYaml('1.2.0', { size: 300 * 1024 * 1024 }) });
    const { updates, downloader } = service();
    const status = await updates.check();
    expect(status.phase).toBe('idle');
    expect(status.release).toBeNull();
    expect(status.lastCheck?.failure).toMatchObject({ kind: 'too_large', source: 'mirror' });
    expect(() => updates.download()).toThrow(/updates\.nothing_to_download/);
    expect(downloader.requests).toEqual([]);
  });

  it('stops reading a feed file that never ends and tries the next address', async () => {
    routes.set('/mirror/latest.yml', { kind: 'endless' });
    routes.set('/github/latest.yml', { kind: 'endless' });
    const status = await service().updates.check();
    expect(status.lastCheck?.failure).toMatchObject({ kind: 'too_large', source: 'github' });
    expect(requests).toEqual(['/mirror/latest.yml', '/github/latest.yml']);
  });
});
