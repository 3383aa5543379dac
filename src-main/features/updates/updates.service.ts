// The update service: checks the feed (the mirror first, GitHub Releases second) a while after start and then
// every few hours, never at start-up itself; trusts a feed only once its signature by a release key is checked;
// downloads only when the user allows it, checks the files against the signed feed, and installs only when the
// user allows the restart; records every check's outcome for Settings instead of raising start-up errors.
// Long because check, download and install are one state machine (the phase, the release found, the timers) that
// Settings reads as one status; the feed, signature, rollout and download checks already live in their own files.
import type { KeyObject } from 'node:crypto';
import type {
  UpdateCheckRecord,
  UpdateFailure,
  UpdatePhase,
  UpdatePreferencesPatch,
  UpdateProgress,
  UpdateRelease,
  UpdateSource,
  UpdateStatus,
} from '../../../src-shared/contract';
import { AppErrorException } from '../../errors';
import type { Logger } from '../../log/logger';
import type { DocumentStore } from '../../vault/config.store';
import { checkDownloadedFiles } from './download-check';
import { FeedDocumentError, MAX_FEED_BYTES, feedText, parseFeedDocument, type FeedRelease } from './feed-document';
import { MAX_SIGNATURE_BYTES, SIGNATURE_SUFFIX, feedSigner } from './feed-signature';
import { isInRollout, newRolloutId } from './rollout';
import { normaliseFeedUrl } from './update-support';
import type { Clock, InstallSupport, UpdateDownloaderPort } from '../../platform/ports';
import type { UpdatesDocument } from './updates.schema';
import { stalledFor, UpdateError, type UpdateFeedPort } from './updates.ports';
import { compareVersions, isNewerOffer, parseVersion, type SemVer } from './version';

export const UPDATE_TIMING = {
  /** The first background check waits this long after start, so it never competes with start-up. */
  firstCheckDelayMs: 2 * 60_000,
  intervalMs: 6 * 60 * 60_000,
  /** A download that receives nothing for this long is stopped and reported as a timeout. */
  downloadStallMs: 60_000,
  /** Progress events reach the renderer at most this often. */
  progressEveryMs: 250,
} as const;

/** No Keydesk installer comes near this; a feed that advertises more is refused before anything is fetched. */
export const MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024;

export interface UpdatesServiceOptions {
  readonly currentVersion: string;
  readonly install: InstallSupport;
  /** `latest.yml`, `latest-mac.yml`, … (update-support.feedFileName). */
  readonly feedFile: string;
  /** GitHub Releases as a generic feed; null when the build names no repository. */
  readonly githubFeedUrl: string | null;
  readonly feed: UpdateFeedPort;
  /** The release keys a feed must be signed with (feed-keys.ts; a test key in tests). */
  readonly trustedKeys: readonly KeyObject[];
  readonly downloader: UpdateDownloaderPort;
  readonly clock: Pick<Clock, 'now' | 'setTimer' | 'clearTimer'>;
  readonly store: DocumentStore<UpdatesDocument>;
  readonly log: Logger;
  readonly onChange: (status: UpdateStatus) => void;
  readonly timing?: Partial<typeof UPDATE_TIMING>;
  readonly maxDownloadBytes?: number;
}

interface Found {
  readonly release: UpdateRelease;
  readonly feedUrl: string;
  /** The signed feed's exact text and what it says, for the download and its check. */
  readonly feedText: string;
  readonly feed: FeedRelease;
}

/** What one address answered: a feed whose signature checked, and the key that signed it. */
interface SignedFeed {
  readonly text: string;
  readonly release: FeedRelease;
  readonly signedBy: string;
}

const failureOf = (error: unknown, source: UpdateSource | null): UpdateFailure => {
  if (error instanceof UpdateError) {
    return {
      kind: error.kind,
      source,
      ...(error.why ? { why: error.why } : {}),
      ...(error.detail ? { detail: error.detail.slice(0, 300) } : {}),
    };
  }
  if (error instanceof FeedDocumentError) {
    return { kind: 'invalid_feed', source, why: error.why, ...(error.detail ? { detail: error.detail } : {}) };
  }
  return { kind: 'unknown', source, detail: (error instanceof Error ? error.message : String(error)).slice(0, 300) };
};

export class UpdatesService {
  readonly #options: UpdatesServiceOptions;
  readonly #timing: typeof UPDATE_TIMING;
  readonly #maxDownloadBytes: number;
  readonly #current: SemVer | null;
  #document: UpdatesDocument;
  #phase: UpdatePhase = 'idle';
  #found: Found | null = null;
  #progress: UpdateProgress | null = null;
  #downloadFailure: UpdateFailure | null = null;
  #nextCheckAt: number | null = null;
  #cancelScheduled: () => void = () => undefined;
  #checking: Promise<UpdateStatus> | null = null;
  #isDisposed = false;

  constructor(options: UpdatesServiceOptions) {
    this.#options = options;
    this.#timing = { ...UPDATE_TIMING, ...options.timing };
    this.#maxDownloadBytes = options.maxDownloadBytes ?? MAX_DOWNLOAD_BYTES;
    this.#current = parseVersion(options.currentVersion);
    const stored = options.store.read();
    // A hand-edited mirror that is no longer acceptable is ignored, not trusted.
    const mirrorUrl = stored.mirrorUrl === null ? null : normaliseFeedUrl(stored.mirrorUrl);
    this.#document = { ...stored, mirrorUrl };
  }

  /** Whether this install checks at all: only installer builds update themselves. */
  get isActive(): boolean {
    return this.#options.install.support === 'supported';
  }

  /** Schedules the first background check; returns at once (start-up never waits for the network). */
  start(): void {
    if (this.isActive && this.#document.isEnabled) this.#schedule(this.#timing.firstCheckDelayMs);
  }

  status(): UpdateStatus {
    return {
      support: this.#options.install.support,
      packageFormat: this.#options.install.packageFormat,
      currentVersion: this.#options.currentVersion,
      isEnabled: this.#document.isEnabled,
      mirrorUrl: this.#document.mirrorUrl,
      phase: this.#phase,
      release: this.#found?.release ?? null,
      progress: this.#progress,
      downloadFailure: this.#downloadFailure,
      lastCheck: this.#document.lastCheck,
      nextCheckAt: this.#nextCheckAt,
    };
  }

  /** One check (shared by concurrent callers). Never downloads: a newer version waits for the user. */
  check(): Promise<UpdateStatus> {
    this.#requireActive();
    if (this.#phase === 'downloading' || this.#phase === 'downloaded' || this.#phase === 'installing') {
      return Promise.resolve(this.status());
    }
    this.#checking ??= this.#runCheck().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  /** The user allowed the download of the release the last check found. Progress follows as changes. */
  download(): UpdateStatus {
    this.#requireActive();
    const found = this.#found;
    if (this.#phase !== 'available' || !found) {
      throw new AppErrorException({ code: 'validation', reason: 'updates.nothing_to_download' });
    }
    if (!this.#options.downloader.canDownload) {
      throw new AppErrorException({ code: 'unavailable', reason: 'updates.cannot_download' });
    }
    this.#phase = 'downloading';
    this.#downloadFailure = null;
    this.#progress = { transferredBytes: 0, totalBytes: found.release.sizeBytes, bytesPerSecond: null };
    this.#changed();
    void this.#runDownload(found);
    return this.status();
  }

  /** The user allowed the restart that installs the downloaded release. */
  install(): UpdateStatus {
    this.#requireActive();
    if (this.#phase !== 'downloaded') {
      throw new AppErrorException({ code: 'validation', reason: 'updates.nothing_to_install' });
    }
    this.#phase = 'installing';
    this.#changed();
    this.#options.log.info('installing update', { version: this.#found?.release.version });
    this.#options.downloader.install();
    return this.status();
  }

  configure(patch: UpdatePreferencesPatch): UpdateStatus {
    let mirrorUrl = this.#document.mirrorUrl;
    if (patch.mirrorUrl !== undefined) {
      const text = patch.mirrorUrl?.trim() ?? '';
      if (text === '') {
        mirrorUrl = null;
      } else {
        mirrorUrl = normaliseFeedUrl(text);
        if (mirrorUrl === null) {
          throw new AppErrorException({
            code: 'validation',
            field: 'mirrorUrl',
            reason: 'updates.mirror_invalid',
          });
        }
      }
    }
    const isEnabled = patch.isEnabled ?? this.#document.isEnabled;
    const wasEnabled = this.#document.isEnabled;
    this.#save({ ...this.#document, isEnabled, mirrorUrl });
    if (!isEnabled) this.#unschedule();
    else if (!wasEnabled && this.isActive) this.#schedule(this.#timing.firstCheckDelayMs);
    this.#changed();
    return this.status();
  }

  dispose(): void {
    this.#isDisposed = true;
    this.#unschedule();
    if (this.#phase === 'downloading') this.#options.downloader.cancel();
  }

  #requireActive(): void {
    if (!this.isActive) {
      throw new AppErrorException({
        code: 'unavailable',
        reason: 'updates.unavailable',
        params: { support: this.#options.install.support },
      });
    }
  }

  /** The feed addresses in the order they are tried: the mirror first, GitHub Releases second. */
  #sources(): { source: UpdateSource; base: string }[] {
    const sources: { source: UpdateSource; base: string }[] = [];
    if (this.#document.mirrorUrl) sources.push({ source: 'mirror', base: this.#document.mirrorUrl });
    if (this.#options.githubFeedUrl) sources.push({ source: 'github', base: this.#options.githubFeedUrl });
    return sources;
  }

  async #runCheck(): Promise<UpdateStatus> {
    const { log, feedFile } = this.#options;
    const previous = this.#phase;
    this.#phase = 'checking';
    this.#unschedule();
    this.#changed();
    let record: UpdateCheckRecord | null = null;
    let lastFailure: UpdateFailure = { kind: 'invalid_feed', source: null, detail: 'no feed address configured' };
    for (const { source, base } of this.#sources()) {
      const url = new URL(feedFile, base).href;
      try {
        record = this.#accept(await this.#readSigned(url), source, base);
        break;
      } catch (error) {
        lastFailure = failureOf(error, source);
        log.warn('update feed address failed; trying the next', { source, url, kind: lastFailure.kind });
      }
    }
    if (this.#isDisposed) return this.status();
    if (!record) {
      record = { at: this.#options.clock.now(), outcome: 'failed', source: lastFailure.source, failure: lastFailure };
      // A release found earlier stays offered; otherwise back to what the user saw before.
      this.#phase = this.#found ? 'available' : previous;
    }
    this.#save({ ...this.#document, lastCheck: record });
    if (this.#document.isEnabled) this.#schedule(this.#timing.intervalMs);
    this.#changed();
    return this.status();
  }

  /**
   * The feed at `url` and its signature, read from the same address; throws unless a trusted key signed these
   * exact bytes under this file name. Nothing in the feed is parsed before that.
   */
  async #readSigned(url: string): Promise<SignedFeed> {
    const { feed, feedFile, trustedKeys } = this.#options;
    const bytes = await feed.read(url, MAX_FEED_BYTES);
    let signature: Uint8Array;
    try {
      signature = await feed.read(`${url}${SIGNATURE_SUFFIX}`, MAX_SIGNATURE_BYTES);
    } catch (error) {
      if (error instanceof UpdateError && error.kind === 'server') {
        throw new UpdateError('feed_signature', `${feedFile}${SIGNATURE_SUFFIX}: ${error.detail ?? ''}`);
      }
      throw error;
    }
    const signedBy = feedSigner(feedFile, bytes, Buffer.from(signature).toString('latin1'), trustedKeys);
    if (signedBy === null)
      // The detail names the file only: the sentence, in the user's language, says what is wrong with it.
      throw new UpdateError('feed_signature', feedFile);
    const text = feedText(bytes);
    return { text, release: parseFeedDocument(text), signedBy };
  }

  /** Decides what a signed feed means for this install; answers the check's record. */
  #accept(signed: SignedFeed, source: UpdateSource, feedUrl: string): UpdateCheckRecord {
    const { release, signedBy } = signed;
    const at = this.#options.clock.now();
    // An older release than the one running is never offered: a feed served again after a newer one replaced it.
    if (this.#current && compareVersions(release.semver, this.#current) < 0) {
      throw new UpdateError('downgrade', `${release.version.slice(0, 40)} < ${this.#options.currentVersion}`);
    }
    const isOffered =
      this.#current !== null &&
      isNewerOffer(this.#current, release.semver) &&
      isInRollout(this.#rolloutId(), release.stagingPercentage);
    if (!isOffered) {
      if (this.#current && isNewerOffer(this.#current, release.semver)) {
        this.#options.log.info('update not offered to this install yet (staged rollout)', {
          version: release.version,
          percentage: release.stagingPercentage,
        });
      }
      this.#found = null;
      this.#phase = 'up_to_date';
      return { at, outcome: 'up_to_date', source, failure: null, signedBy };
    }
    const sizes = release.files.map((file) => file.sizeBytes);
    const sizeBytes = sizes.every((size): size is number => size !== null) ? Math.max(...sizes) : null;
    if (sizeBytes !== null && sizeBytes > this.#maxDownloadBytes) {
      this.#found = null;
      this.#phase = 'idle';
      const failure: UpdateFailure = { kind: 'too_large', source, detail: `${sizeBytes} bytes` };
      return { at, outcome: 'failed', source, failure, signedBy };
    }
    this.#found = {
      feedUrl,
      feedText: signed.text,
      feed: release,
      release: {
        version: release.version,
        releaseDate: release.releaseDate,
        notes: release.notes,
        sizeBytes,
        source,
        signedBy,
      },
    };
    this.#phase = 'available';
    this.#options.log.info('update available', { version: release.version, source, signedBy });
    return { at, outcome: 'available', source, failure: null, signedBy };
  }

  /** This install's rollout draw, made once and kept. */
  #rolloutId(): string {
    const kept = this.#document.rolloutId;
    if (kept !== undefined) return kept;
    const drawn = newRolloutId();
    this.#save({ ...this.#document, rolloutId: drawn });
    return drawn;
  }

  async #runDownload(found: Found): Promise<void> {
    const { downloader, clock, log } = this.#options;
    // Set by the watchdog or the cap (from callbacks), read after the download settles.
    const stopped: { reason: UpdateError | null } = { reason: null };
    let cancelWatchdog = (): void => undefined;
    const stop = (reason: UpdateError): void => {
      stopped.reason ??= reason;
      downloader.cancel();
    };
    const arm = (): void => {
      cancelWatchdog();
      const watchdog = clock.setTimer(this.#timing.downloadStallMs, () => {
        stop(new UpdateError('timeout', undefined, stalledFor(this.#timing.downloadStallMs)));
      });
      cancelWatchdog = () => {
        clock.clearTimer(watchdog);
      };
    };
    let lastEmit = 0;
    arm();
    try {
      const request = {
        feedUrl: found.feedUrl,
        feedFile: this.#options.feedFile,
        feedText: found.feedText,
        version: found.release.version,
      };
      const paths = await downloader.download(request, (progress) => {
        arm();
        if (progress.transferredBytes > this.#maxDownloadBytes) {
          stop(
            new UpdateError('too_large', undefined, { reason: 'over_cap', params: { bytes: this.#maxDownloadBytes } }),
          );
          return;
        }
        this.#progress = progress;
        const now = clock.now();
        if (now - lastEmit >= this.#timing.progressEveryMs) {
          lastEmit = now;
          this.#changed();
        }
      });
      if (stopped.reason) throw stopped.reason;
      // Whatever the downloader concluded, only files the signed feed names, whole, may be installed.
      await checkDownloadedFiles(paths, found.feed.files);
      if (this.#isDisposed) return;
      this.#phase = 'downloaded';
      log.info('update downloaded', { version: found.release.version });
    } catch (error) {
      if (this.#isDisposed) return;
      this.#downloadFailure = failureOf(stopped.reason ?? error, found.release.source);
      this.#phase = 'available';
      log.warn('update download failed', { kind: this.#downloadFailure.kind, detail: this.#downloadFailure.detail });
    } finally {
      cancelWatchdog();
    }
    this.#progress = null;
    this.#changed();
  }

  #schedule(delayMs: number): void {
    this.#unschedule();
    if (this.#isDisposed) return;
    this.#nextCheckAt = this.#options.clock.now() + delayMs;
    const { clock } = this.#options;
    const timer = clock.setTimer(delayMs, () => {
      this.#nextCheckAt = null;
      // A scheduled check's failure is recorded in lastCheck; nothing is thrown at the user.
      void this.check().catch((error: unknown) => {
        this.#options.log.warn('scheduled update check failed', { error: String(error) });
      });
    });
    this.#cancelScheduled = () => {
      clock.clearTimer(timer);
    };
  }

  #unschedule(): void {
    this.#cancelScheduled();
    this.#cancelScheduled = () => undefined;
    this.#nextCheckAt = null;
  }

  #save(document: UpdatesDocument): void {
    this.#document = document;
    try {
      this.#options.store.write(document);
    } catch (error) {
      // The choice still applies for this session; only its persistence failed.
      this.#options.log.warn('could not save updates.json', { error: String(error) });
    }
  }

  #changed(): void {
    if (!this.#isDisposed) this.#options.onChange(this.status());
  }
}
