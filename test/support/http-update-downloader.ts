// The downloader side of an update in tests: fetches every file the feed text names from the address that served
// the feed, writes it to a temporary folder and answers the paths, checking nothing itself. It stands where
// electron-updater stands in the desktop app, at its most trusting, so what refuses a bad file is Keydesk's own check.
import { mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { UpdateProgress } from '../../src-shared/contract';
import { parseFeedDocument } from '../../src-main/features/updates/feed-document';
import type { DownloadRequest, UpdateDownloaderPort } from '../../src-main/platform/ports';

export class HttpUpdateDownloader implements UpdateDownloaderPort {
  readonly canDownload = true;
  readonly requests: DownloadRequest[] = [];
  readonly written: string[] = [];
  installed = 0;
  #controller: AbortController | null = null;

  async download(request: DownloadRequest, onProgress: (progress: UpdateProgress) => void): Promise<string[]> {
    this.requests.push(request);
    const folder = mkdtempSync(join(tmpdir(), 'keydesk-download-'));
    const paths: string[] = [];
    this.#controller = new AbortController();
    for (const file of parseFeedDocument(request.feedText).files) {
      const response = await fetch(new URL(file.url, request.feedUrl), { signal: this.#controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      onProgress({ transferredBytes: bytes.byteLength, totalBytes: file.sizeBytes, bytesPerSecond: null });
      const path = join(folder, basename(new URL(file.url, request.feedUrl).pathname));
      await writeFile(path, bytes);
      paths.push(path);
      this.written.push(path);
    }
    return paths;
  }

  cancel(): void {
    this.#controller?.abort();
  }

  install(): void {
    this.installed += 1;
  }
}
