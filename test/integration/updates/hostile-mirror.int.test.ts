// A hostile mirror against the update service over real HTTP: a feed changed to name another file (its sha512
// recomputed), an older signed feed served again, a feed signed by another key, a redirect to plain http elsewhere,
// an installer swapped under a genuine feed, a download cut short. Each is refused with its reason and nothing is
// installed; the genuine release passes. The downloader trusts everything, as the weakest one would.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyFingerprint } from '../../../src-main/features/updates/feed-signature';
import { HttpUpdateFeed } from '../../../src-main/features/updates/http-feed';
import { systemClock } from '../../../src-main/platform/system-clock';
import { UpdatesService } from '../../../src-main/features/updates/updates.service';
import { HttpUpdateDownloader } from '../../support/http-update-downloader';
import { memoryLogger } from '../../support/memory-logger';
import {
  FakeClock,
  OTHER_FEED_KEY,
  TEST_FEED_KEY,
  changeLog,
  feedSignature,
  feedYaml,
  installerBytes,
  memoryStore,
} from '../../unit/main/features/updates/fakes';

type Route =
  | { readonly kind: 'bytes'; readonly body: Uint8Array }
  | { readonly kind: 'redirect'; readonly location: string }
  /** Sends the first `sent` bytes and ends cleanly, without a length: the client cannot tell it was cut. */
  | { readonly kind: 'cut'; readonly body: Uint8Array; readonly sent: number };

const routes = new Map<string, Route>();
const requests: string[] = [];
let server: Server;
let base = '';

function handle(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '';
  requests.push(path);
  const route = routes.get(path);
  if (!route) {
    response.writeHead(404).end('not found');
    return;
  }
  if (route.kind === 'redirect') response.writeHead(302, { location: route.location }).end();
  else if (route.kind === 'bytes') response.writeHead(200, { 'content-length': route.body.byteLength }).end(route.body);
  else response.writeHead(200).end(route.body.subarray(0, route.sent));
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  routes.clear();
  requests.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const text = (body: string): Route => ({ kind: 'bytes', body: Buffer.from(body, 'utf8') });
const INSTALLED = '1.1.0';
const NEXT = '1.2.0';

/** What the release put on `folder`: the installer, latest.yml naming it, and the feed's signature. */
function publish(folder: string, version: string, options: { signWith?: typeof TEST_FEED_KEY } = {}): void {
  const feed = feedYaml(version);
  routes.set(`/${folder}/latest.yml`, text(feed));
  routes.set(`/${folder}/latest.yml.sig`, text(feedSignature('latest.yml', feed, options.signWith?.privateKey)));
  routes.set(`/${folder}/Keydesk-Setup-${version}.exe`, { kind: 'bytes', body: installerBytes(version) });
}

function service(options: { hasGithub?: boolean } = {}) {
  const downloader = new HttpUpdateDownloader();
  const updates = new UpdatesService({
    currentVersion: INSTALLED,
    install: { support: 'supported', packageFormat: null },
    feedFile: 'latest.yml',
    githubFeedUrl: options.hasGithub === true ? `${base}/github/` : null,
    feed: new HttpUpdateFeed({ fetch, clock: systemClock, stallMs: 5_000 }),
    trustedKeys: [TEST_FEED_KEY.publicKey],
    downloader,
    clock: new FakeClock(),
    store: memoryStore({ isEnabled: true, mirrorUrl: `${base}/mirror/`, lastCheck: null }),
    log: memoryLogger().log,
    onChange: changeLog().onChange,
  });
  return { updates, downloader };
}

/** Allows the download and waits until it ends, one way or the other. */
async function downloadAll(updates: UpdatesService): Promise<void> {
  updates.download();
  await vi.waitFor(() => {
    expect(['downloaded', 'available']).toContain(updates.status().phase);
  });
}

describe('a hostile mirror', () => {
  it('a genuine signed release passes: offered with its source and signer, downloaded, checked and installed', async () => {
    publish('mirror', NEXT);
    const { updates, downloader } = service();
    const checked = await updates.check();
    expect(checked.release).toMatchObject({ version: NEXT, source: 'mirror' });
    expect(checked.release?.signedBy).toBe(keyFingerprint(TEST_FEED_KEY.publicKey));
    expect(downloader.requests).toEqual([]); // nothing fetched before the user allows it
    await downloadAll(updates);
    expect(updates.status()).toMatchObject({ phase: 'downloaded', downloadFailure: null });
    expect(updates.install().phase).toBe('installing');
    expect(downloader.installed).toBe(1);
    expect(await readFile(downloader.written[0] ?? '')).toEqual(installerBytes(NEXT));
  });

  it('refuses a feed changed to name another file (sha512 recomputed): nothing is downloaded', async () => {
    publish('mirror', NEXT);
    const evil = Buffer.from('an installer of the mirror’s own choosing');
    routes.set('/mirror/latest.yml', text(feedYaml(NEXT, { file: evil }))); // the genuine .sig stays beside it
    routes.set(`/mirror/Keydesk-Setup-${NEXT}.exe`, { kind: 'bytes', body: evil });
    const { updates, downloader } = service();
    const status = await updates.check();
    expect(status.phase).toBe('idle');
    expect(status.lastCheck?.failure).toMatchObject({ kind: 'feed_signature', source: 'mirror' });
    expect(() => updates.download()).toThrow(/updates\.nothing_to_download/);
    expect(downloader.requests).toEqual([]);
    expect(requests).not.toContain(`/mirror/Keydesk-Setup-${NEXT}.exe`);
  });

  it('falls back to GitHub past a mirror whose feed fails its signature, and downloads from GitHub only', async () => {
    publish('github', NEXT);
    publish('mirror', NEXT, { signWith: OTHER_FEED_KEY });
    const { updates, downloader } = service({ hasGithub: true });
    const status = await updates.check();
    expect(status.release).toMatchObject({ version: NEXT, source: 'github' });
    await downloadAll(updates);
    expect(updates.status().phase).toBe('downloaded');
    expect(downloader.requests.map((request) => request.feedUrl)).toEqual([`${base}/github/`]);
    expect(requests.filter((path) => path.endsWith('.exe'))).toEqual([`/github/Keydesk-Setup-${NEXT}.exe`]);
  });

  it('refuses a feed signed by another key', async () => {
    publish('mirror', NEXT, { signWith: OTHER_FEED_KEY });
    const status = await service().updates.check();
    expect(status.release).toBeNull();
    expect(status.lastCheck?.failure).toMatchObject({ kind: 'feed_signature', source: 'mirror' });
  });

  it('refuses an older signed feed served again, as a downgrade', async () => {
    publish('mirror', '1.0.3');
    const status = await service().updates.check();
    expect(status.release).toBeNull();
    expect(status.lastCheck?.failure).toMatchObject({ kind: 'downgrade', source: 'mirror' });
  });

  it('does not follow a redirect to plain http on another host', async () => {
    publish('elsewhere', NEXT);
    routes.set('/mirror/latest.yml', { kind: 'redirect', location: 'http://updates.example.invalid/latest.yml' });
    const status = await service().updates.check();
    expect(status.lastCheck?.failure).toMatchObject({ kind: 'redirect', source: 'mirror' });
    expect(requests).toEqual(['/mirror/latest.yml']);
  });

  it('follows a redirect that keeps to the rules, and checks the feed where it lands', async () => {
    publish('elsewhere', NEXT);
    routes.set('/mirror/latest.yml', { kind: 'redirect', location: `${base}/elsewhere/latest.yml` });
    routes.set('/mirror/latest.yml.sig', { kind: 'redirect', location: '/elsewhere/latest.yml.sig' });
    const status = await service().updates.check();
    expect(status.release).toMatchObject({ version: NEXT, source: 'mirror' });
  });

  it('refuses an installer swapped under the genuine signed feed, deletes it and installs nothing', async () => {
    publish('mirror', NEXT);
    routes.set(`/mirror/Keydesk-Setup-${NEXT}.exe`, { kind: 'bytes', body: Buffer.alloc(1000, 0x41) });
    const { updates, downloader } = service();
    await updates.check();
    await downloadAll(updates);
    expect(updates.status()).toMatchObject({ phase: 'available', downloadFailure: { kind: 'signature' } });
    expect(() => updates.install()).toThrow(/updates\.nothing_to_install/);
    expect(downloader.installed).toBe(0);
    expect(existsSync(downloader.written[0] ?? '')).toBe(false);
  });

  it('refuses a download cut short, deletes it and installs nothing', async () => {
    publish('mirror', NEXT);
    routes.set(`/mirror/Keydesk-Setup-${NEXT}.exe`, { kind: 'cut', body: installerBytes(NEXT), sent: 600 });
    const { updates, downloader } = service();
    await updates.check();
    await downloadAll(updates);
    expect(updates.status()).toMatchObject({ phase: 'available', downloadFailure: { kind: 'signature' } });
    expect(downloader.installed).toBe(0);
    expect(existsSync(downloader.written[0] ?? '')).toBe(false);
  });
});
