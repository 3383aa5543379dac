// The contract for application updates: what the updater can do on this install, its phase, the last check, and
// the user's choices (checks on or off, a mirror tried before GitHub): its types, channels and events.

/**
 * Whether this install updates itself. `supported`: an installer build (NSIS, dmg/zip, AppImage).
 * `package_manager`: a deb or rpm install, updated by the system's package manager, so Keydesk has no updater.
 * `browser_mode`: main runs under Node; updates come with the desktop app. `development`: not a packaged build.
 */
export type UpdateSupport = 'supported' | 'package_manager' | 'browser_mode' | 'development';

/**
 * `idle`: nothing known yet. `checking`: reading the feed. `up_to_date`: the feed's version is not newer.
 * `available`: a newer version waits for the user to allow the download. `downloading`: with progress.
 * `downloaded`: waits for the user to allow the restart that installs it. `installing`: quitting to install.
 */
export type UpdatePhase =
  'idle' | 'checking' | 'up_to_date' | 'available' | 'downloading' | 'downloaded' | 'installing';

/** Why a check or download failed; the renderer writes the sentence. */
export type UpdateFailureKind =
  | 'offline' // no connection to any feed address
  | 'timeout' // an address stopped sending for too long (stall)
  | 'server' // an HTTP error status
  | 'invalid_feed' // the feed file did not parse, or named no usable version or file
  | 'too_large' // the feed file or the advertised download is over Keydesk's cap
  | 'feed_signature' // the feed has no signature, or none by Keydesk's release key: nothing in it is trusted
  | 'downgrade' // the signed feed offers a version older than the installed one (an old feed served again)
  | 'redirect' // the address redirected to one the mirror rules refuse (plain http elsewhere), or too often
  | 'signature' // the downloaded file differs from the signed feed (changed or cut), or its code signature failed
  | 'unknown';

/** Which address of the feed answered (or failed last). */
export type UpdateSource = 'mirror' | 'github';

/** What Keydesk itself knows about a failure, beyond its kind: the renderer words it in the user's language. */
export type UpdateFailureReason =
  | 'stalled' // no byte arrived for `seconds`
  | 'over_cap' // more than Keydesk's cap of `bytes`
  | 'declared_size' // the server announced `bytes`, over the cap
  | 'too_many_redirects' // more than `count` redirects
  | 'no_longer_offered' // the feed offered an update at the check, none at the download
  | 'offers_other_version' // the feed offered another `version` at the download than at the check
  | 'browser_mode' // updates come with the desktop app
  | 'not_self_updating' // this install's package manager updates it
  | 'feed_too_large' // the feed file is over `bytes`
  | 'feed_not_text' // the feed file is not UTF-8 text
  | 'feed_not_yaml' // the feed file does not parse as plain YAML (the parser's words go in the detail)
  | 'feed_shape' // the feed's `field` is missing or not what electron-builder writes
  | 'feed_not_version' // the feed's version, `version`, is not a version
  | 'feed_no_file'; // the feed names no file to download

export interface UpdateFailureWhy {
  readonly reason: UpdateFailureReason;
  readonly params?: {
    readonly seconds?: number;
    readonly bytes?: number;
    readonly count?: number;
    readonly version?: string;
    readonly field?: string;
  };
}

export interface UpdateFailure {
  readonly kind: UpdateFailureKind;
  readonly source: UpdateSource | null;
  /** Keydesk's own reason, when it has one (worded by the renderer). */
  readonly why?: UpdateFailureWhy;
  /**
   * A technical fact or another program's own words (an HTTP status, a file name, a system error message), quoted
   * small under the sentence; never a sentence of Keydesk's, never a secret.
   */
  readonly detail?: string;
}

export interface UpdateRelease {
  readonly version: string;
  /** ISO date from the feed, when it gives one. */
  readonly releaseDate: string | null;
  /** Plain text (HTML stripped in main), bounded; null when the feed has none. */
  readonly notes: string | null;
  /** Bytes of the download; null when the feed does not say. */
  readonly sizeBytes: number | null;
  /** The address that served the feed (and serves the download). */
  readonly source: UpdateSource;
  /** The release key that signed the feed (a short fingerprint): the feed was checked before anything else. */
  readonly signedBy: string;
}

export interface UpdateProgress {
  readonly transferredBytes: number;
  /** null while unknown (never shown as zero). */
  readonly totalBytes: number | null;
  readonly bytesPerSecond: number | null;
}

export interface UpdateCheckRecord {
  /** Epoch ms when the check ended. */
  readonly at: number;
  readonly outcome: 'up_to_date' | 'available' | 'failed';
  /** The address that answered, or the last one tried when all failed. */
  readonly source: UpdateSource | null;
  readonly failure: UpdateFailure | null;
  /** The release key whose signature the answering feed carried; absent when no signed feed answered. */
  readonly signedBy?: string;
}

export interface UpdateStatus {
  readonly support: UpdateSupport;
  /** For package_manager: the package format (`deb`, `rpm`, …), null when unknown. */
  readonly packageFormat: string | null;
  readonly currentVersion: string;
  /** Background checks on (the default) or off; a manual check works either way. */
  readonly isEnabled: boolean;
  /** The mirror tried before GitHub Releases; null = GitHub only. */
  readonly mirrorUrl: string | null;
  readonly phase: UpdatePhase;
  readonly release: UpdateRelease | null;
  readonly progress: UpdateProgress | null;
  /** A failed download (the check that found the release is still in lastCheck). */
  readonly downloadFailure: UpdateFailure | null;
  readonly lastCheck: UpdateCheckRecord | null;
  /** Epoch ms of the next background check; null when none is scheduled. */
  readonly nextCheckAt: number | null;
}

export interface UpdatePreferencesPatch {
  readonly isEnabled?: boolean;
  /** An https address (http only on this machine's loopback); null or '' removes the mirror. */
  readonly mirrorUrl?: string | null;
}

/** Invoke channels of updates. */
export interface UpdatesInvokeMap {
  'updates:status': { args: undefined; result: UpdateStatus };
  /** Check now (mirror first, then GitHub); answers when the check ends. Never downloads. */
  'updates:check': { args: undefined; result: UpdateStatus };
  /** The user allowed the download of the release found; answers at once, progress follows as events. */
  'updates:download': { args: undefined; result: UpdateStatus };
  /** The user allowed the restart that installs the downloaded release. */
  'updates:install': { args: undefined; result: UpdateStatus };
  'updates:configure': { args: UpdatePreferencesPatch; result: UpdateStatus };
}

export const UPDATES_CHANNELS: { readonly [C in keyof UpdatesInvokeMap]: true } = {
  'updates:status': true,
  'updates:check': true,
  'updates:download': true,
  'updates:install': true,
  'updates:configure': true,
};

export interface UpdatesEventMap {
  'updates:changed': UpdateStatus;
}
export const UPDATES_EVENTS: { readonly [E in keyof UpdatesEventMap]: true } = {
  'updates:changed': true,
};
