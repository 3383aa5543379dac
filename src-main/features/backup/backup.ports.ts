// The backup feature's slice of the Platform: choosing a backup file to restore. The desktop app opens a dialog in
// main (platform/electron/backup-files.adapter.ts); browser mode has none, and the page sends the file's bytes once.

export interface ChosenBackupFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface BackupFilesPort {
  readonly canChoose: boolean;
  /**
   * Asks the user for a file (`title` in their language). Null when cancelled; `too_large` when the file is over
   * `maxBytes`, checked before it is read.
   */
  choose(title: string, maxBytes: number): Promise<ChosenBackupFile | 'too_large' | null>;
}

/** Browser mode: main has no dialog; the page's file input picks the file. */
export const noBackupFilePicker: BackupFilesPort = {
  canChoose: false,
  choose: () => Promise.resolve(null),
};
