// The store port: one file of the data folder, read as text and replaced whole, atomically. ConfigStore builds the
// versions, schemas, backup and quarantine on top; the adapters are electron-store (Electron) and conf (browser mode).
import { dirname } from 'node:path';
import type Conf from 'conf';
import { FILE_MODE, syncDir } from '../vault/atomic-file';

export interface StoreFile {
  /** Absolute path of the file. */
  readonly path: string;
  /** The file's text, or undefined when there is no file. Any other failure (permissions, I/O) throws. */
  read(): string | undefined;
  /** Replaces the file with these bytes (mode 0600): a reader sees the old text or the new, never a mix. */
  write(text: string): void;
}

export interface StoreEngine {
  /** Which library carries the files, for logs and tests. */
  readonly name: 'electron-store' | 'conf';
  /** The file `fileName` (extension included) in `dir`, which must exist. */
  open(dir: string, fileName: string): StoreFile;
}

/**
 * What conf holds for one file: the text exactly as on disk. conf never parses it, so a damaged file never makes
 * conf throw or clear anything; ConfigStore reads the text, judges it and keeps a bad copy aside itself.
 */
export interface RawDocument extends Record<string, unknown> {
  text?: string;
}

/**
 * conf's (and so electron-store's) options for a raw file: our own serialize/deserialize, no schema, no defaults,
 * no migrations, no dot paths, no watcher, never clear an invalid file, 0600. The name is the whole file name.
 */
export const RAW_FILE_OPTIONS = {
  serialize: (value: RawDocument): string => value.text ?? '',
  deserialize: (text: string): RawDocument => ({ text }),
  clearInvalidConfig: false,
  accessPropertiesByDotNotation: false,
  watch: false,
  configFileMode: FILE_MODE,
  fileExtension: '',
} as const;

/** A StoreFile over one conf instance (an ElectronStore is one). */
export function confStoreFile(store: Conf<RawDocument>): StoreFile {
  return {
    path: store.path,
    // Each read goes to the disk (conf keeps no cache): a missing file is conf's empty store.
    read: () => store.store.text,
    write: (text) => {
      store.store = { text };
      // conf writes through `atomically` (temp file, fsync, rename); the rename itself is made durable here.
      syncDir(dirname(store.path));
    },
  };
}
