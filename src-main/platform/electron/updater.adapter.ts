// The desktop app's updates: what kind of install this is (from electron-builder's marker files), where GitHub
// Releases serves its feed, and electron-updater as the downloader (checksum and code-signature checks, the
// platform's installer). electron-updater is loaded only when the user allows a download, never at start-up,
// and never on deb/rpm installs. It is handed the feed text Keydesk already verified (a provider of our own), so
// it never reads the feed again: a mirror cannot show the signature check one file and the downloader another.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppUpdater, CancellationToken, ProgressInfo } from 'electron-updater';
import type { GenericProvider } from 'electron-updater/out/providers/GenericProvider';
import {
  feedFileName,
  githubFeedUrl,
  githubRepositoryFromAppUpdateYml,
  installSupport,
} from '../../features/updates/update-support';
import { UpdateError } from '../../features/updates/updates.ports';
import type { DownloadRequest, UpdateDownloaderPort, UpdatesPlatform } from '../ports';
import type { Logger } from '../../log/logger';
import type { FetchPort } from '../../gateway';

export interface ElectronUpdatesOptions {
  readonly isPackaged: boolean;
  /** process.resourcesPath: electron-builder puts `app-update.yml` and (deb/rpm) `package-type` there. */
  readonly resourcesPath: string;
  readonly fetch: FetchPort;
  readonly log: Logger;
}

const readOptional = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8').slice(0, 10_000);
  } catch {
    return null;
  }
};

/** electron-updater's failures as the kinds Settings explains; the message stays as the detail. */
export function classifyUpdaterError(error: unknown): UpdateError {
  if (error instanceof UpdateError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? '';
  const text = `${code} ${message}`;
  if (/INVALID_SIGNATURE|CHECKSUM_MISMATCH|not signed|signature|sha512|checksum/i.test(text)) {
    return new UpdateError('signature', message);
  }
  if (/ETIMEDOUT|ERR_TIMED_OUT|timed? ?out/i.test(text)) return new UpdateError('timeout', message);
  if (
    /ENOTFOUND|ECONNREFUSED|ECONNRESET|EAI_AGAIN|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|ERR_NETWORK|ERR_PROXY/i.test(
      text,
    )
  ) {
    return new UpdateError('offline', message);
  }
  if (/HttpError|status code \d{3}|\b[45]\d\d\b/.test(text)) return new UpdateError('server', message);
  return new UpdateError('unknown', message);
}

type ParseUpdateInfo = typeof import('electron-updater/out/providers/Provider').parseUpdateInfo;

/** electron-updater's generic provider and its feed parser (CommonJS: named exports, or under default). */
export async function loadProviderParts(): Promise<{
  GenericProvider: typeof GenericProvider;
  parseUpdateInfo: ParseUpdateInfo;
}> {
  type Generic = { GenericProvider: typeof GenericProvider };
  type Parse = { parseUpdateInfo: ParseUpdateInfo };
  const generic = (await import('electron-updater/out/providers/GenericProvider.js')) as unknown as Generic & {
    default?: Generic;
  };
  const provider = (await import('electron-updater/out/providers/Provider.js')) as unknown as Parse & {
    default?: Parse;
  };
  return {
    GenericProvider: generic.default?.GenericProvider ?? generic.GenericProvider,
    parseUpdateInfo: provider.default?.parseUpdateInfo ?? provider.parseUpdateInfo,
  };
}

/**
 * A generic provider whose feed is the text Keydesk verified: files still resolve under the address that served it,
 * but the feed is never read again, so what is downloaded is what the signature covered.
 */
export function verifiedFeedProvider(
  Generic: typeof GenericProvider,
  parseUpdateInfo: ParseUpdateInfo,
  { feedText, feedFile, feedUrl }: DownloadRequest,
): typeof GenericProvider {
  return class VerifiedFeedProvider extends Generic {
    override getLatestVersion(): ReturnType<GenericProvider['getLatestVersion']> {
      return Promise.resolve(parseUpdateInfo(feedText, feedFile, new URL(feedFile, feedUrl)));
    }
  };
}

interface LoadedUpdater {
  readonly updater: AppUpdater;
  readonly newToken: () => CancellationToken;
  /** A generic provider whose feed is the verified text, not another read of the address. */
  readonly verifiedProvider: (request: DownloadRequest) => typeof GenericProvider;
}

class ElectronUpdaterDownloader implements UpdateDownloaderPort {
  readonly canDownload = true;
  #loaded: LoadedUpdater | null = null;
  #token: CancellationToken | null = null;

  constructor(private readonly log: Logger) {}

  async #load(): Promise<LoadedUpdater> {
    if (this.#loaded) return this.#loaded;
    const imported = await import('electron-updater');
    // CommonJS: its `autoUpdater` is a getter Node's ESM loader does not list as a named export; read the default.
    const module = (imported as unknown as { default?: typeof imported }).default ?? imported;
    const updater = module.autoUpdater;
    // Never silent: nothing is fetched or installed unless the user asked for it in Keydesk.
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    updater.allowDowngrade = false;
    // The whole file, whose sha512 the signed feed holds: a block map (not signed) cannot steer what is fetched.
    updater.disableDifferentialDownload = true;
    // Keydesk's check already decided the staged rollout with this install's own draw (rollout.ts).
    updater.isUserWithinRollout = () => true;
    const { GenericProvider: Generic, parseUpdateInfo } = await loadProviderParts();
    const verifiedProvider = (request: DownloadRequest): typeof GenericProvider =>
      verifiedFeedProvider(Generic, parseUpdateInfo, request);
    updater.logger = {
      info: (message?: unknown) => {
        this.log.info(String(message));
      },
      warn: (message?: unknown) => {
        this.log.warn(String(message));
      },
      error: (message?: unknown) => {
        this.log.warn(String(message));
      },
      debug: () => undefined,
    };
    this.#loaded = { updater, newToken: () => new module.CancellationToken(), verifiedProvider };
    return this.#loaded;
  }

  async download(
    request: DownloadRequest,
    onProgress: (progress: {
      transferredBytes: number;
      totalBytes: number | null;
      bytesPerSecond: number | null;
    }) => void,
  ): Promise<readonly string[]> {
    const { updater, newToken, verifiedProvider } = await this.#load();
    // The address that answered Keydesk's own check (the mirror or GitHub) serves the files; the feed is the text
    // Keydesk verified.
    updater.setFeedURL({
      provider: 'custom',
      url: request.feedUrl,
      updateProvider: verifiedProvider(request),
    } as unknown as Parameters<AppUpdater['setFeedURL']>[0]);
    const listener = (info: ProgressInfo): void => {
      onProgress({
        transferredBytes: info.transferred,
        totalBytes: info.total > 0 ? info.total : null,
        bytesPerSecond: info.bytesPerSecond > 0 ? info.bytesPerSecond : null,
      });
    };
    const token = newToken();
    this.#token = token;
    updater.on('download-progress', listener);
    try {
      const result = await updater.checkForUpdates();
      if (!result?.isUpdateAvailable) throw new UpdateError('invalid_feed', undefined, { reason: 'no_longer_offered' });
      if (result.updateInfo.version !== request.version) {
        throw new UpdateError('invalid_feed', undefined, {
          reason: 'offers_other_version',
          params: { version: result.updateInfo.version.slice(0, 40) },
        });
      }
      return await updater.downloadUpdate(token);
    } catch (error) {
      throw classifyUpdaterError(error);
    } finally {
      updater.off('download-progress', listener);
      this.#token = null;
    }
  }

  cancel(): void {
    this.#token?.cancel();
  }

  install(): void {
    // Not silent (the installer shows itself), and Keydesk starts again after it.
    this.#loaded?.updater.quitAndInstall(false, true);
  }
}

const noDownloader: UpdateDownloaderPort = {
  canDownload: false,
  download: () => Promise.reject(new UpdateError('unknown', undefined, { reason: 'not_self_updating' })),
  cancel: () => undefined,
  install: () => undefined,
};

export function electronUpdatesPlatform(options: ElectronUpdatesOptions): UpdatesPlatform {
  const install = installSupport({
    mode: 'electron',
    isPackaged: options.isPackaged,
    platform: process.platform,
    arch: process.arch,
    appImagePath: process.env.APPIMAGE,
    packageType: readOptional(join(options.resourcesPath, 'package-type')),
  });
  const appUpdate = options.isPackaged ? readOptional(join(options.resourcesPath, 'app-update.yml')) : null;
  const repository = appUpdate === null ? null : githubRepositoryFromAppUpdateYml(appUpdate);
  return {
    install,
    feedFile: feedFileName(process.platform, process.arch),
    githubFeedUrl: repository ? githubFeedUrl(repository) : null,
    downloader: install.support === 'supported' ? new ElectronUpdaterDownloader(options.log) : noDownloader,
    fetch: options.fetch,
  };
}
