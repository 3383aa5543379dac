// Fakes for the update service's ports: a clock whose timers run when the test advances it, an in-memory
// document store, a downloader the test drives (progress, success, failure) call by call, and feeds as a release
// writes them: installer bytes, their sha512 in the yml, and the yml signed with a test release key.
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UpdateProgress, UpdateStatus } from '../../../../../src-shared/contract';
import { signFeed } from '../../../../../src-main/features/updates/feed-signature';
import type { UpdatesDocument } from '../../../../../src-main/features/updates/updates.schema';
import { DEFAULT_UPDATES } from '../../../../../src-main/features/updates/updates.schema';
import type { Clock, DownloadRequest, TimerHandle, UpdateDownloaderPort } from '../../../../../src-main/platform/ports';
import type { DocumentStore } from '../../../../../src-main/vault/config.store';

export class FakeClock implements Pick<Clock, 'now' | 'setTimer' | 'clearTimer'> {
  #now = 1_800_000_000_000;
  #timers: { at: number; run: () => void; id: number }[] = [];
  #nextId = 0;

  now(): number {
    return this.#now;
  }

  setTimer(ms: number, run: () => void): TimerHandle {
    const id = (this.#nextId += 1);
    this.#timers.push({ at: this.#now + ms, run, id });
    return id;
  }

  clearTimer(handle: TimerHandle): void {
    this.#timers = this.#timers.filter((timer) => timer.id !== handle);
  }

  get pending(): number {
    return this.#timers.length;
  }

  /** Moves time forward, running every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = this.#timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((timer) => timer.id !== due.id);
      this.#now = due.at;
      due.run();
    }
    this.#now = end;
  }
}

export function memoryStore(initial: UpdatesDocument = DEFAULT_UPDATES): DocumentStore<UpdatesDocument> & {
  saved: UpdatesDocument[];
} {
  let value = initial;
  const saved: UpdatesDocument[] = [];
  return {
    saved,
    read: () => value,
    write: (next) => {
      value = next;
      saved.push(next);
    },
  };
}

export class FakeDownloader implements UpdateDownloaderPort {
  readonly canDownload = true;
  readonly requests: DownloadRequest[] = [];
  cancelled = 0;
  installed = 0;
  #onProgress: ((progress: UpdateProgress) => void) | null = null;
  #settle: { resolve: (paths: readonly string[]) => void; reject: (error: unknown) => void } | null = null;

  download(request: DownloadRequest, onProgress: (progress: UpdateProgress) => void): Promise<readonly string[]> {
    this.requests.push(request);
    this.#onProgress = onProgress;
    return new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
  }

  progress(transferredBytes: number, totalBytes: number | null = null): void {
    this.#onProgress?.({ transferredBytes, totalBytes, bytesPerSecond: null });
  }

  /** The download ends having written `bytes` (by default the release's own installer, as feedYaml names it). */
  finish(bytes?: Uint8Array): void {
    const request = this.requests.at(-1);
    const written = bytes ?? installerBytes(request?.version ?? '0.0.0', DEFAULT_SIZE);
    const path = join(mkdtempSync(join(tmpdir(), 'keydesk-update-')), 'Keydesk-Setup.exe');
    writeFileSync(path, written);
    this.#settle?.resolve([path]);
  }

  fail(error: unknown): void {
    this.#settle?.reject(error);
  }

  cancel(): void {
    this.cancelled += 1;
    this.#settle?.reject(new Error('cancelled'));
  }

  install(): void {
    this.installed += 1;
  }
}

/** Every status the service announced, newest last. */
export function changeLog(): { changes: UpdateStatus[]; onChange: (status: UpdateStatus) => void } {
  const changes: UpdateStatus[] = [];
  return { changes, onChange: (status) => changes.push(status) };
}

const DEFAULT_SIZE = 1000;
/** Sizes above this are advertised only (cap tests): no such installer is ever written. */
const LARGEST_WRITTEN = 1024 * 1024;

/** A fake installer of `size` bytes, the same for the same version and size. */
export function installerBytes(version: string, size: number = DEFAULT_SIZE): Buffer {
  const pattern = Buffer.from(`Keydesk ${version} fake installer · `, 'utf8');
  const bytes = Buffer.alloc(Math.min(size, LARGEST_WRITTEN));
  for (let at = 0; at < bytes.length; at += pattern.length) pattern.copy(bytes, at);
  return bytes;
}

export const sha512 = (bytes: Uint8Array): string => createHash('sha512').update(bytes).digest('base64');

/**
 * A latest.yml as electron-builder writes it, naming the fake installer of `version` (its sha512 and size). `file`
 * overrides the installer's bytes (a hostile mirror's swap with the sha512 recomputed).
 */
export function feedYaml(
  version: string,
  options: { size?: number; notes?: string; file?: Uint8Array; stagingPercentage?: number } = {},
): string {
  const size = options.file?.length ?? options.size ?? DEFAULT_SIZE;
  const digest = sha512(options.file ?? installerBytes(version, size));
  return [
    `version: ${version}`,
    'files:',
    `  - url: Keydesk-Setup-${version}.exe`,
    `    sha512: ${digest}`,
    `    size: ${size}`,
    `path: Keydesk-Setup-${version}.exe`,
    `sha512: ${digest}`,
    "releaseDate: '2026-11-20T08:00:00.000Z'",
    ...(options.notes ? [`releaseNotes: ${JSON.stringify(options.notes)}`] : []),
    ...(options.stagingPercentage === undefined ? [] : [`stagingPercentage: ${options.stagingPercentage}`]),
    '',
  ].join('\n');
}

/** The test release key: what the app under test trusts in place of the keys built in. */
export const TEST_FEED_KEY = generateKeyPairSync('ed25519');
/** Another key: a feed signed with it must be refused. */
export const OTHER_FEED_KEY = generateKeyPairSync('ed25519');

/** The `.sig` file the release workflow writes beside the feed. */
export function feedSignature(feedFile: string, text: string, key: KeyObject = TEST_FEED_KEY.privateKey): string {
  return `${signFeed(feedFile, Buffer.from(text, 'utf8'), key)}\n`;
}
