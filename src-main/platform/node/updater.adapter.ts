// Browser mode's updates: main runs under Node from a source checkout, so there is nothing to update in place;
// Settings says updates come with the desktop app, and no check or download is ever made.
import { UpdateError } from '../../features/updates/updates.ports';
import type { UpdateDownloaderPort, UpdatesPlatform } from '../ports';

const noDownloader: UpdateDownloaderPort = {
  canDownload: false,
  download: () => Promise.reject(new UpdateError('unknown', undefined, { reason: 'browser_mode' })),
  cancel: () => undefined,
  install: () => undefined,
};

export function browserModeUpdates(fetch: UpdatesPlatform['fetch']): UpdatesPlatform {
  return {
    install: { support: 'browser_mode', packageFormat: null },
    feedFile: 'latest.yml',
    githubFeedUrl: null,
    downloader: noDownloader,
    fetch,
  };
}
