// The `keydesk status` command itself: argument parsing, the live endpoint or the cache, and the output format.
// The entry (src-main/status.ts) only calls it with the process's arguments and streams.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type Language } from '../../../src-shared/contract';
import { userDataDir } from '../../paths';
import { readCachedStatus } from './status-cache';
import { STATUS_ENDPOINT_FILE, STATUS_PATH, endpointFileSchema } from './status-endpoint';
import { formatJson, formatLine, formatText } from './status-format';
import { statusSnapshotSchema, type StatusSnapshot } from './status.model';

export const USAGE = `Usage: keydesk status [--json | --line] [--lang en-US|zh-CN] [--cache]

  (no option)  a table: account, balance, state, age
  --json       the same as JSON (unknown balances are null, never 0)
  --line       one line, for a terminal status line (Claude Code's statusLine, tmux, …)
  --lang       the language of the words (default: Keydesk's setting, else the system's)
  --cache      read the cache files only, even when Keydesk is running

Data folder: KEYDESK_DATA_DIR, else the platform's user-data folder (as Keydesk itself).
`;

/** The running app's snapshot, or null when it is not running (no file, refused, not answering in time). */
export async function fetchLiveStatus(dataDir: string, timeoutMs = 1_000): Promise<StatusSnapshot | null> {
  let file;
  try {
    file = endpointFileSchema.parse(JSON.parse(readFileSync(join(dataDir, STATUS_ENDPOINT_FILE), 'utf8')));
  } catch {
    return null;
  }
  try {
    const response = await fetch(`http://127.0.0.1:${file.port}${STATUS_PATH}`, {
      headers: { authorization: `Bearer ${file.token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return null;
    const parsed = statusSnapshotSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function languageOf(dataDir: string, asked: string | undefined): Language {
  if (asked !== undefined) {
    if ((LANGUAGES as readonly string[]).includes(asked)) return asked as Language;
    throw new Error(`--lang must be one of ${LANGUAGES.join(', ')}`);
  }
  try {
    const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { language?: unknown };
    if ((LANGUAGES as readonly unknown[]).includes(settings.language)) return settings.language as Language;
  } catch {
    // no settings yet: the system's language
  }
  return Intl.DateTimeFormat().resolvedOptions().locale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

export async function status(
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void,
  options: { readonly dataDir?: string; readonly now?: () => number } = {},
): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      json: { type: 'boolean', default: false },
      line: { type: 'boolean', default: false },
      lang: { type: 'string' },
      cache: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (values.json && values.line) {
    err('Choose one of --json and --line.\n');
    return 2;
  }
  const dataDir = options.dataDir ?? userDataDir();
  const lang = languageOf(dataDir, values.lang);
  const now = (options.now ?? Date.now)();
  let snapshot = values.cache ? null : await fetchLiveStatus(dataDir);
  if (snapshot === null) {
    const cached = readCachedStatus(dataDir, now);
    for (const p of cached.problems) err(`keydesk status: ${p.file} could not be read (${p.reason}).\n`);
    snapshot = cached.snapshot;
  }
  out(
    values.json
      ? formatJson(snapshot, lang, now)
      : values.line
        ? formatLine(snapshot, lang, now)
        : formatText(snapshot, lang, now),
  );
  return 0;
}
