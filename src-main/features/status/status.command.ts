// The `keydesk status` command itself: argument parsing, the running app (through its local channel) or the cache,
// and the output format. The entry (src-main/status.ts) only calls it with the process's arguments and streams.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type Language } from '../../../src-shared/contract';
import { userDataDir } from '../../paths';
import { callKeydesk } from '../channel/channel.client';
import { readCachedStatus } from './status-cache';
import { formatJson, formatLine, formatText, terminalText } from './status-format';
import { statusSnapshotSchema, type StatusSnapshot } from './status.model';

export const USAGE = `Usage: keydesk status [--json | --line] [--lang en-US|zh-CN] [--cache]

  (no option)  a table: account, balance, state, age
  --json       the same as JSON (unknown balances are null, never 0)
  --line       one line, for a terminal status line (Claude Code's statusLine, tmux, …)
  --lang       the language of the words (default: Keydesk's setting, else the system's)
  --cache      read the cache files only, even when Keydesk is running

Data folder: KEYDESK_DATA_DIR, else the platform's user-data folder (as Keydesk itself).
`;

/**
 * The running app's snapshot, or why there is none: no channel file (or one of an older Keydesk), its process gone
 * (a stale file after a kill), a peer that could not prove it holds the file's token (another program at the old
 * socket or pipe) — then nothing of its answer is used, and it never saw the token — or no answer in time.
 */
export type LiveStatus =
  | { readonly kind: 'live'; readonly snapshot: StatusSnapshot }
  | { readonly kind: 'absent' | 'not_running' | 'unproven' | 'no_answer' };

export async function fetchLiveStatus(dataDir: string, timeoutMs = 1_000): Promise<LiveStatus> {
  const call = await callKeydesk(dataDir, 'status', undefined, statusSnapshotSchema, { timeoutMs });
  if (call.kind === 'answer') return { kind: 'live', snapshot: call.value };
  if (call.kind === 'refused') return { kind: 'no_answer' };
  return { kind: call.kind };
}

export function languageOf(dataDir: string, asked: string | undefined): Language {
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
  /** `now`: the system clock from the entry (the command has no Core), a fake one in tests. */
  options: { readonly dataDir?: string; readonly now: () => number },
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
  const now = options.now();
  const live = values.cache ? null : await fetchLiveStatus(dataDir);
  let snapshot: StatusSnapshot;
  if (live?.kind === 'live') {
    snapshot = live.snapshot;
  } else {
    if (live?.kind === 'unproven') {
      err(
        lang === 'zh-CN'
          ? 'keydesk status：Keydesk 本地通道上的程序无法证明自己是 Keydesk，已忽略它，改读缓存。\n'
          : "keydesk status: the program on Keydesk's local channel could not prove it is Keydesk; it was ignored, and the cache is shown.\n",
      );
    }
    const cached = readCachedStatus(dataDir, now);
    for (const p of cached.problems) {
      err(terminalText(`keydesk status: ${p.file} could not be read (${p.reason}).`) + '\n');
    }
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
