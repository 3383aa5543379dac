// The ports the update service runs on: the feed (reads one file of the update feed), the downloader (fetches,
// verifies and installs a release: electron-updater in the desktop app) and the clock. Adapters: http-feed.ts
// (both modes), platform/electron/updater.adapter.ts, platform/node/updater.adapter.ts.
import type { UpdateFailureKind, UpdateProgress } from '../../../src-shared/contract';

/** A failure with the kind the user is told about; `detail` is technical (a status, a message), never a secret. */
export class UpdateError extends Error {
  override readonly name = 'UpdateError';
  constructor(
    readonly kind: UpdateFailureKind,
    readonly detail?: string,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
  }
}

export interface UpdateFeedPort {
  /** The bytes of the file at `url`; throws UpdateError (offline, timeout, server, too_large, redirect). */
  read(url: string, maxBytes: number): Promise<Uint8Array>;
}

export interface DownloadRequest {
  /** The feed address that answered the check: the download comes from the same place. */
  readonly feedUrl: string;
  /** `latest.yml`, … */
  readonly feedFile: string;
  /** The feed's exact text, as its signature was checked: the downloader reads this, never the feed again. */
  readonly feedText: string;
  readonly version: string;
}

export interface UpdateDownloaderPort {
  /** false where this build cannot download (browser mode): the service then only checks. */
  readonly canDownload: boolean;
  /**
   * Downloads the release the feed text names and answers the paths of the files it wrote (the service checks each
   * against the signed feed's sha512 and size before anything may install them).
   */
  download(request: DownloadRequest, onProgress: (progress: UpdateProgress) => void): Promise<readonly string[]>;
  /** Stops a download in flight; its promise then rejects. */
  cancel(): void;
  /** Quits Keydesk and runs the installer of the downloaded release. */
  install(): void;
}

/** Time for the scheduler and the stall watchdogs; a fake in tests. */
export interface UpdateClock {
  now(): number;
  /** Calls `run` once after `ms`; answers the cancel function. */
  setTimer(ms: number, run: () => void): () => void;
}

export const systemUpdateClock: UpdateClock = {
  now: () => Date.now(),
  setTimer: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => {
      clearTimeout(timer);
    };
  },
};
