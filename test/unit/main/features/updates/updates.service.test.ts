// The update service on fake ports: start-up never waits for or starts a check, checks run a while after start
// and then every few hours, downloads and installs happen only when asked, a stalled or oversized download is
// stopped and reported, and installs that do not update themselves refuse every action.
import { describe, expect, it, vi } from 'vitest';
import type { UpdateSupport } from '../../../../../src-shared/contract';
import { AppErrorException } from '../../../../../src-main/errors';
import { UpdateError, type UpdateFeedPort } from '../../../../../src-main/features/updates/updates.ports';
import { UPDATE_TIMING, UpdatesService } from '../../../../../src-main/features/updates/updates.service';
import { memoryLogger } from '../../../../support/memory-logger';
import {
  FakeClock,
  FakeDownloader,
  OTHER_FEED_KEY,
  TEST_FEED_KEY,
  changeLog,
  feedSignature,
  feedYaml,
  memoryStore,
} from './fakes';

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { support?: UpdateSupport; feedText?: string; maxDownloadBytes?: number } = {}) {
  const clock = new FakeClock();
  const downloader = new FakeDownloader();
  const reads: string[] = [];
  let feedText = options.feedText ?? feedYaml('2.0.0', { size: 1000 });
  let signature: string | null = null;
  const feed: UpdateFeedPort = {
    read: (url) => {
      const isSignature = url.endsWith('.sig');
      if (!isSignature) reads.push(url);
      const text = isSignature ? (signature ?? feedSignature('latest-linux.yml', feedText)) : feedText;
      return Promise.resolve(Buffer.from(text, 'utf8'));
    },
  };
  const { changes, onChange } = changeLog();
  const store = memoryStore();
  const updates = new UpdatesService({
    currentVersion: '1.0.0',
    install: {
      support: options.support ?? 'supported',
      packageFormat: options.support === 'package_manager' ? 'deb' : null,
    },
    feedFile: 'latest-linux.yml',
    githubFeedUrl: 'https://github.com/example/keydesk/releases/latest/download/',
    feed,
    trustedKeys: [TEST_FEED_KEY.publicKey],
    downloader,
    clock,
    store,
    log: memoryLogger().log,
    onChange,
    ...(options.maxDownloadBytes ? { maxDownloadBytes: options.maxDownloadBytes } : {}),
  });
  return {
    updates,
    clock,
    downloader,
    reads,
    changes,
    store,
    setFeed: (text: string) => {
      feedText = text;
    },
    /** Serve this signature file instead of the test key's signature of the feed. */
    setSignature: (text: string | null) => {
      signature = text;
    },
  };
}

const refusal = (action: () => unknown): string | undefined => {
  try {
    action();
  } catch (error) {
    if (error instanceof AppErrorException) return error.appError.code;
    throw error;
  }
  return undefined;
};

describe('scheduling', () => {
  it('does not check at start; checks after the first delay, then every interval', async () => {
    const { updates, clock, reads } = setup();
    updates.start();
    await flush();
    expect(reads).toEqual([]);
    expect(updates.status().nextCheckAt).toBe(clock.now() + UPDATE_TIMING.firstCheckDelayMs);

    clock.advance(UPDATE_TIMING.firstCheckDelayMs - 1);
    await flush();
    expect(reads).toEqual([]);
    clock.advance(1);
    await flush();
    expect(reads).toEqual(['https://github.com/example/keydesk/releases/latest/download/latest-linux.yml']);
    expect(updates.status().nextCheckAt).toBe(clock.now() + UPDATE_TIMING.intervalMs);

    clock.advance(UPDATE_TIMING.intervalMs);
    await flush();
    expect(reads).toHaveLength(2);
  });

  it('turning checks off cancels the scheduled check', async () => {
    const { updates, clock, reads } = setup();
    updates.start();
    updates.configure({ isEnabled: false });
    expect(clock.pending).toBe(0);
    clock.advance(UPDATE_TIMING.intervalMs * 3);
    await flush();
    expect(reads).toEqual([]);
  });

  it('a dispose stops the schedule', () => {
    const { updates, clock } = setup();
    updates.start();
    updates.dispose();
    expect(clock.pending).toBe(0);
  });
});

describe('prompts before download and install', () => {
  it('downloads only when asked, shows progress, and installs only when asked', async () => {
    const { updates, downloader, changes, clock } = setup();
    await updates.check();
    expect(updates.status().phase).toBe('available');
    expect(refusal(() => updates.install())).toBe('validation');
    expect(downloader.requests).toEqual([]);

    const started = updates.download();
    expect(started.phase).toBe('downloading');
    expect(started.progress).toEqual({ transferredBytes: 0, totalBytes: 1000, bytesPerSecond: null });
    downloader.progress(400, 1000);
    expect(changes.at(-1)?.progress?.transferredBytes).toBe(400);
    clock.advance(1);
    downloader.progress(450, 1000); // within the throttle: kept, announced with the next change
    expect(updates.status().progress?.transferredBytes).toBe(450);
    expect(refusal(() => updates.install())).toBe('validation');

    downloader.finish();
    await vi.waitFor(() => {
      expect(updates.status().phase).toBe('downloaded');
    });
    expect(downloader.installed).toBe(0);

    expect(updates.install().phase).toBe('installing');
    expect(downloader.installed).toBe(1);
  });

  it('a check while a download runs changes nothing', async () => {
    const { updates, reads } = setup();
    await updates.check();
    updates.download();
    const during = await updates.check();
    expect(during.phase).toBe('downloading');
    expect(reads).toHaveLength(1);
  });
});

describe('download failures', () => {
  it('stops a download that stalls and says timeout; the release stays offered', async () => {
    const { updates, downloader, clock } = setup();
    await updates.check();
    updates.download();
    downloader.progress(100);
    clock.advance(UPDATE_TIMING.downloadStallMs - 1);
    downloader.progress(200); // still moving
    clock.advance(UPDATE_TIMING.downloadStallMs);
    await flush();
    expect(downloader.cancelled).toBe(1);
    const status = updates.status();
    expect(status.phase).toBe('available');
    // The reason goes as a code and a number for the renderer to word; main writes no sentence of its own.
    expect(status.downloadFailure).toEqual({
      kind: 'timeout',
      source: 'github',
      why: { reason: 'stalled', params: { seconds: UPDATE_TIMING.downloadStallMs / 1000 } },
    });
    expect(status.progress).toBeNull();
  });

  it('stops a download that grows past the cap', async () => {
    const { updates, downloader } = setup({ feedText: feedYaml('2.0.0', { size: 1000 }), maxDownloadBytes: 5000 });
    await updates.check();
    updates.download();
    downloader.progress(5001);
    await flush();
    expect(downloader.cancelled).toBe(1);
    expect(updates.status().downloadFailure).toEqual({
      kind: 'too_large',
      source: 'github',
      why: { reason: 'over_cap', params: { bytes: 5000 } },
    });
  });

  it('reports a bad signature from the downloader as such', async () => {
    const { updates, downloader } = setup();
    await updates.check();
    updates.download();
    downloader.fail(new UpdateError('signature', 'not signed by the application owner'));
    await flush();
    expect(updates.status().downloadFailure).toEqual({
      kind: 'signature',
      source: 'github',
      detail: 'not signed by the application owner',
    });
  });
});

describe('signed feeds', () => {
  it('says which key signed the feed that answered, in the release and in the check', async () => {
    const { updates } = setup();
    const status = await updates.check();
    expect(status.release?.signedBy).toMatch(/^[0-9a-f]{16}$/);
    expect(status.lastCheck).toMatchObject({ outcome: 'available', signedBy: status.release?.signedBy });
  });

  it('refuses a feed signed by another key, or not signed, before reading what it offers', async () => {
    const other = setup();
    other.setSignature(feedSignature('latest-linux.yml', feedYaml('2.0.0', { size: 1000 }), OTHER_FEED_KEY.privateKey));
    const status = await other.updates.check();
    expect(status.phase).toBe('idle');
    expect(status.lastCheck?.failure?.kind).toBe('feed_signature');

    const unsigned = setup();
    unsigned.setSignature('');
    expect((await unsigned.updates.check()).lastCheck?.failure?.kind).toBe('feed_signature');
  });

  it('refuses a signed feed served under another platform’s file name', async () => {
    const { updates, setSignature } = setup();
    setSignature(feedSignature('latest-mac.yml', feedYaml('2.0.0', { size: 1000 })));
    expect((await updates.check()).lastCheck?.failure?.kind).toBe('feed_signature');
  });

  it('refuses an older signed release than the one installed, and calls an equal one up to date', async () => {
    const older = setup({ feedText: feedYaml('0.9.0') });
    expect((await older.updates.check()).lastCheck?.failure).toMatchObject({ kind: 'downgrade' });
    const same = setup({ feedText: feedYaml('1.0.0') });
    expect((await same.updates.check()).lastCheck).toMatchObject({ outcome: 'up_to_date', failure: null });
  });

  it('offers a staged release only to the installs its percentage draws, the same way at every check', async () => {
    const none = setup({ feedText: feedYaml('2.0.0', { stagingPercentage: 0 }) });
    expect((await none.updates.check()).phase).toBe('up_to_date');
    const all = setup({ feedText: feedYaml('2.0.0', { stagingPercentage: 100 }) });
    expect((await all.updates.check()).phase).toBe('available');

    const half = setup({ feedText: feedYaml('2.0.0', { stagingPercentage: 50 }) });
    const first = (await half.updates.check()).phase;
    const rolloutId = half.store.read().rolloutId;
    expect(rolloutId).toMatch(/^[0-9a-f]{32}$/);
    expect((await half.updates.check()).phase).toBe(first);
    expect(half.store.read().rolloutId).toBe(rolloutId);
  });

  it('refuses a downloaded file that is not the one the signed feed names, and installs nothing', async () => {
    const { updates, downloader } = setup();
    await updates.check();
    updates.download();
    downloader.finish(Buffer.alloc(1000, 0x41)); // the right size, other bytes
    await vi.waitFor(() => {
      expect(updates.status().downloadFailure?.kind).toBe('signature');
    });
    expect(updates.status().phase).toBe('available');
    expect(refusal(() => updates.install())).toBe('validation');
    expect(downloader.installed).toBe(0);
  });
});

describe('installs that do not update themselves', () => {
  it.each(['package_manager', 'browser_mode', 'development'] as const)(
    '%s: no schedule, every action refused',
    (support) => {
      const { updates, clock } = setup({ support });
      updates.start();
      expect(clock.pending).toBe(0);
      expect(updates.status()).toMatchObject({ support, nextCheckAt: null, phase: 'idle' });
      expect(refusal(() => updates.check())).toBe('unavailable');
      expect(refusal(() => updates.download())).toBe('unavailable');
      expect(refusal(() => updates.install())).toBe('unavailable');
    },
  );

  it('a deb install names its package format', () => {
    expect(setup({ support: 'package_manager' }).updates.status().packageFormat).toBe('deb');
  });
});

describe('mirror preference', () => {
  it('keeps a valid mirror with a trailing slash, tries it first, and refuses unsafe addresses', async () => {
    const { updates, reads, store } = setup();
    expect(updates.configure({ mirrorUrl: ' https://mirror.example.cn/keydesk ' }).mirrorUrl).toBe(
      'https://mirror.example.cn/keydesk/',
    );
    expect(store.read().mirrorUrl).toBe('https://mirror.example.cn/keydesk/');
    await updates.check();
    expect(reads[0]).toBe('https://mirror.example.cn/keydesk/latest-linux.yml');

    for (const bad of ['http://mirror.example.cn/', 'https://user:pw@mirror.example.cn/', 'ftp://x/', 'not a url']) {
      expect(refusal(() => updates.configure({ mirrorUrl: bad }))).toBe('validation');
    }
    expect(updates.status().mirrorUrl).toBe('https://mirror.example.cn/keydesk/');
    expect(updates.configure({ mirrorUrl: '' }).mirrorUrl).toBeNull();
  });
});
