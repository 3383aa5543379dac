// The files Keydesk wrote with full keys in them (key exports, hand-off snippets saved to a file): each recorded when
// written (path, time, size, SHA-256 of the contents; never the contents), listed with what is on disk now, deleted on
// request or N days after writing. Keydesk deletes a file only while it is still exactly what it wrote: one the user
// changed, replaced or moved is never touched, only forgotten on request.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, stat, unlink } from 'node:fs/promises';
import { z } from 'zod';
import { fail, ok, type ExportedFileView, type Result } from '../../../src-shared/contract';
import type { Logger } from '../../log/logger';
import type { SecretFileSinkPort } from '../../platform/ports';
import type { DocumentStore } from '../../vault/config.store';

/** Far more than anyone exports; the oldest entries go first. */
export const MAX_RECORDED_FILES = 500;
/** No key export comes near this (50 pages of 100 keys is under 2 MB): a larger file at the path is not ours. */
const MAX_HASHED_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;

const recordSchema = z.object({
  id: z.string().max(64),
  path: z.string().min(1).max(4_096),
  kind: z.enum(['keys', 'snippet']),
  writtenAt: z.number(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
type FileRecord = z.infer<typeof recordSchema>;

export const exportsDocumentSchema = z.object({ files: z.array(recordSchema).max(MAX_RECORDED_FILES) });
export type ExportsDocument = z.infer<typeof exportsDocumentSchema>;
export const EMPTY_EXPORTS: ExportsDocument = { files: [] };

const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const bytesOf = (contents: string | Uint8Array): Uint8Array =>
  typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents;

export interface ExportsServiceDeps {
  readonly store: DocumentStore<ExportsDocument>;
  readonly now: () => number;
  readonly log: Logger;
  /** After how many days files are deleted (null: kept until the user deletes them). */
  readonly keepDays: () => number | null;
}

export class ExportsService {
  constructor(private readonly deps: ExportsServiceDeps) {}

  /** A sink that writes through `sink` and records every file it wrote (a cancelled save records nothing). */
  recording(sink: SecretFileSinkPort, kind: FileRecord['kind']): SecretFileSinkPort {
    return {
      save: async (defaultName, contents, title) => {
        const path = await sink.save(defaultName, contents, title);
        if (path !== null) this.record(path, kind, bytesOf(contents));
        return path;
      },
    };
  }

  record(path: string, kind: FileRecord['kind'], bytes: Uint8Array): void {
    const entry: FileRecord = {
      id: randomUUID(),
      path,
      kind,
      writtenAt: this.deps.now(),
      bytes: bytes.byteLength,
      sha256: digest(bytes),
    };
    // A file written again at the same path (a save dialog's overwrite) is one file, as it is now.
    const others = this.#files().filter((f) => f.path !== path);
    this.#write([entry, ...others].slice(0, MAX_RECORDED_FILES));
  }

  async list(): Promise<ExportedFileView[]> {
    return Promise.all(this.#files().map(async (f) => ({ ...viewOf(f), state: await this.#stateOf(f) })));
  }

  /** Deletes the file if it is still what Keydesk wrote; a file already gone just leaves the list. */
  async delete(id: string): Promise<Result<ExportedFileView[]>> {
    const file = this.#files().find((f) => f.id === id);
    if (!file) return fail({ code: 'not_found', reason: 'exports.not_listed' });
    const state = await this.#stateOf(file);
    if (state === 'changed') return fail({ code: 'validation', reason: 'exports.changed' });
    if (state === 'present') await unlink(file.path);
    this.#drop(id);
    return ok(await this.list());
  }

  async forget(id: string): Promise<Result<ExportedFileView[]>> {
    this.#drop(id);
    return ok(await this.list());
  }

  /**
   * Deletes the files older than the setting's days that are still what Keydesk wrote, and forgets the ones gone; a
   * changed file stays (listed as changed). Nothing happens while the setting keeps files. Answers how many went.
   */
  async sweep(): Promise<number> {
    const days = this.deps.keepDays();
    if (days === null) return 0;
    const before = this.deps.now() - days * DAY_MS;
    let deleted = 0;
    for (const file of this.#files().filter((f) => f.writtenAt <= before)) {
      try {
        const state = await this.#stateOf(file);
        if (state === 'changed') continue;
        if (state === 'present') {
          await unlink(file.path);
          deleted += 1;
        }
        this.#drop(file.id);
      } catch (error) {
        // Left for the next sweep (a file in use, a folder gone read-only); the path is the user's, not a secret.
        this.deps.log.warn('could not delete an old file with full keys', { path: file.path, error: String(error) });
      }
    }
    if (deleted > 0) this.deps.log.info('deleted old files with full keys', { deleted, afterDays: days });
    return deleted;
  }

  async #stateOf(file: FileRecord): Promise<ExportedFileView['state']> {
    try {
      const info = await stat(file.path);
      if (!info.isFile() || info.size !== file.bytes || info.size > MAX_HASHED_BYTES) return 'changed';
      return digest(await readFile(file.path)) === file.sha256 ? 'present' : 'changed';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      // Unreadable now (permissions): not ours to delete.
      return 'changed';
    }
  }

  #files(): readonly FileRecord[] {
    return this.deps.store.read().files;
  }

  #drop(id: string): void {
    this.#write(this.#files().filter((f) => f.id !== id));
  }

  #write(files: readonly FileRecord[]): void {
    this.deps.store.write({ files: [...files] });
  }
}

const viewOf = (f: FileRecord): Omit<ExportedFileView, 'state'> => ({
  id: f.id,
  path: f.path,
  kind: f.kind,
  writtenAt: f.writtenAt,
  bytes: f.bytes,
});
