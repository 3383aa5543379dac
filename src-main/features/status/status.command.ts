// The `keydesk status` command itself: argument parsing, the live endpoint or the cache, and the output format.
// The entry (src-main/status.ts) only calls it with the process's arguments and streams.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type Language } from '../../../src-shared/contract';
import { userDataDir } from '../../paths';
import { readCachedStatus } from './status-cache';
import {
  CHALLENGE_PATH,
  NONCE_HEADER,
  STATUS_ENDPOINT_FILE,
  STATUS_PATH,
  clientProof,
  endpointFileSchema,
  processStartIdentity,
  sameHex,
  serverProof,
  type EndpointFile,
} from './status-endpoint';
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
 * The running app's snapshot, or why there is none: no endpoint file (or one of an older Keydesk), its process gone
 * (a stale file after a kill), or an endpoint that could not prove it holds the file's token (another process on the
 * old port) — then nothing of its answer is used, and it never saw the token.
 */
export type LiveStatus =
  | { readonly kind: 'live'; readonly snapshot: StatusSnapshot }
  | { readonly kind: 'absent' | 'not_running' | 'unproven' | 'no_answer' };

/** Whether the process the file names is still the one that wrote it. */
function isAlive(file: EndpointFile): boolean {
  try {
    process.kill(file.pid, 0);
  } catch (error) {
    // EPERM: the process exists but is another user's; the challenge decides whether it is ours.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStartIdentity(file.pid);
  // A pid reused by a later process has another start time.
  return file.startIdentity === null || now === null || now === file.startIdentity;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

async function bounded(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new Error('answer too large');
  return JSON.parse(text);
}

export async function fetchLiveStatus(dataDir: string, timeoutMs = 1_000): Promise<LiveStatus> {
  let file: EndpointFile;
  try {
    file = endpointFileSchema.parse(JSON.parse(readFileSync(join(dataDir, STATUS_ENDPOINT_FILE), 'utf8')));
  } catch {
    return { kind: 'absent' };
  }
  if (!isAlive(file)) return { kind: 'not_running' };
  const url = `http://127.0.0.1:${file.port}`;
  const clientNonce = randomBytes(32).toString('hex');
  try {
    const challenge = await fetch(`${url}${CHALLENGE_PATH}`, {
      headers: { [NONCE_HEADER]: clientNonce },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const offered = challenge.ok ? ((await bounded(challenge)) as { nonce?: unknown; proof?: unknown }) : {};
    const serverNonce = typeof offered.nonce === 'string' ? offered.nonce : '';
    const proof = typeof offered.proof === 'string' ? offered.proof : '';
    if (!sameHex(proof, serverProof(file.token, file.port, clientNonce, serverNonce))) return { kind: 'unproven' };
    const response = await fetch(`${url}${STATUS_PATH}`, {
      headers: {
        [NONCE_HEADER]: clientNonce,
        authorization: `KeydeskProof ${serverNonce} ${clientProof(file.token, file.port, clientNonce, serverNonce)}`,
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { kind: 'no_answer' };
    const parsed = statusSnapshotSchema.safeParse(await bounded(response));
    return parsed.success ? { kind: 'live', snapshot: parsed.data } : { kind: 'no_answer' };
  } catch {
    return { kind: 'no_answer' };
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
  const live = values.cache ? null : await fetchLiveStatus(dataDir);
  let snapshot: StatusSnapshot;
  if (live?.kind === 'live') {
    snapshot = live.snapshot;
  } else {
    if (live?.kind === 'unproven') {
      err(
        lang === 'zh-CN'
          ? 'keydesk status：本机该端口上的程序无法证明自己是 Keydesk，已忽略它，改读缓存。\n'
          : 'keydesk status: the program on the status port could not prove it is Keydesk; it was ignored, and the cache is shown.\n',
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
