// Fakes for the update service's ports: a clock whose timers run when the test advances it, an in-memory
// document store, and a downloader the test drives (progress, success, failure) call by call.
import type { UpdateProgress, UpdateStatus } from '../../../../src-shared/contract';
import type { UpdatesDocument } from '../../../../src-main/features/updates/updates.schema';
import { DEFAULT_UPDATES } from '../../../../src-main/features/updates/updates.schema';
import type {
  DownloadRequest,
  UpdateClock,
  UpdateDownloaderPort,
} from '../../../../src-main/features/updates/updates.ports';
import type { DocumentStore } from '../../../../src-main/vault/config.store';

export class FakeClock implements UpdateClock {
  #now = 1_800_000_000_000;
  #timers: { at: number; run: () => void; id: number }[] = [];
  #nextId = 0;

  now(): number {
    return this.#now;
  }

  setTimer(ms: number, run: () => void): () => void {
    const id = (this.#nextId += 1);
    this.#timers.push({ at: this.#now + ms, run, id });
    return () => {
      this.#timers = this.#timers.filter((timer) => timer.id !== id);
    };
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
  #settle: { resolve: () => void; reject: (error: unknown) => void } | null = null;

  download(request: DownloadRequest, onProgress: (progress: UpdateProgress) => void): Promise<void> {
    this.requests.push(request);
    this.#onProgress = onProgress;
    return new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
  }

  progress(transferredBytes: number, totalBytes: number | null = null): void {
    this.#onProgress?.({ transferredBytes, totalBytes, bytesPerSecond: null });
  }

  finish(): void {
    this.#settle?.resolve();
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

/** A latest.yml as electron-builder writes it. */
export function feedYaml(version: string, options: { size?: number; notes?: string } = {}): string {
  const size = options.size ?? 98_765_432;
  return [
    `version: ${version}`,
    'files:',
    `  - url: Keydesk-Setup-${version}.exe`,
    '    sha512: 3b1d4c0fdc0a0f1e0d1f2bd7a4d0b1b6ab0b6c5f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0==',
    `    size: ${size}`,
    `path: Keydesk-Setup-${version}.exe`,
    'sha512: 3b1d4c0fdc0a0f1e0d1f2bd7a4d0b1b6ab0b6c5f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0==',
    "releaseDate: '2026-11-20T08:00:00.000Z'",
    ...(options.notes ? [`releaseNotes: ${JSON.stringify(options.notes)}`] : []),
    '',
  ].join('\n');
}
