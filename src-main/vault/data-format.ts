// Before any data file is opened: a data folder a newer Keydesk wrote is refused whole, with the file named, instead
// of being read by half and rewritten. Every data file starts with its format, `{"version": n, …}` (config.store.ts
// writes it first), so the first bytes of each file tell; a file with a higher format than this build writes
// was written by a newer build. Files this build does not know are left alone.
import { closeSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNTS_VERSION } from '../features/accounts/account-records';

/**
 * The format this build writes for each data file, by name without `.json` (spend-history-<id> by its prefix).
 * Every store not named here is at format 1; a store that moves to format 2 is added here with it.
 */
export const DATA_FORMATS: Readonly<Record<string, number>> = { accounts: ACCOUNTS_VERSION };
const DEFAULT_FORMAT = 1;

export class NewerDataError extends Error {
  override readonly name = 'NewerDataError';
  constructor(
    readonly file: string,
    readonly found: number,
    readonly supported: number,
  ) {
    super(`${file} was written by a newer Keydesk (format ${found}; this one reads up to ${supported})`);
  }
}

const DATA_FILE = /^([A-Za-z0-9_-]{1,150})\.json(\.bak)?$/;
const FORMAT = /^\s*\{\s*"version"\s*:\s*(\d{1,9})\s*[,}]/;

/** The format at the head of a file, or null when the head is not `{"version": n`. */
function formatOf(path: string): number | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null; // gone or unreadable: the store that owns it will say so
  }
  try {
    const head = Buffer.alloc(256);
    const read = readSync(fd, head, 0, head.length, 0);
    const match = FORMAT.exec(head.subarray(0, read).toString('utf8'));
    return match?.[1] === undefined ? null : Number(match[1]);
  } finally {
    closeSync(fd);
  }
}

/** Throws NewerDataError for the first data file written in a newer format; reads only each file's first bytes. */
export function refuseNewerData(dataDir: string, formats: Readonly<Record<string, number>> = DATA_FORMATS): void {
  let names: string[];
  try {
    names = readdirSync(dataDir).sort();
  } catch {
    return; // a new folder: nothing to refuse
  }
  for (const name of names) {
    const store = DATA_FILE.exec(name)?.[1];
    if (store === undefined) continue;
    const supported = formats[store.startsWith('spend-history-') ? 'spend-history' : store] ?? DEFAULT_FORMAT;
    const found = formatOf(join(dataDir, name));
    if (found !== null && found > supported) throw new NewerDataError(name, found, supported);
  }
}
