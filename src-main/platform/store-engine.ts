// The store port: one file of the data folder, read as text and replaced whole, atomically. ConfigStore builds the
// versions, schemas, backup and quarantine on top; the adapter is atomic-file.engine.ts, in both runtimes.
//
// Why not conf / electron-store: their migrations follow the app's version, not the file's format, so they cannot
// refuse a newer file or keep a damaged one aside (they clear it or throw); and electron-store's constructor listens
// on ipcMain for any page's synchronous message, outside the router's sender check. Used as raw text writers they
// added two dependencies (and ajv) for what atomic-file.ts already does.

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
  readonly name: 'atomic-file';
  /** The file `fileName` (extension included) in `dir`, which must exist. */
  open(dir: string, fileName: string): StoreFile;
}
