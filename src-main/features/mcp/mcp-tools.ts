// The tools `keydesk mcp` offers, on the official SDK's McpServer: each input a zod schema, each answer from the
// running Keydesk through its local channel, or from the caches when it is not running, saying which. Read-only by
// default; reveal_key and disable_key act only where the user switched that ability on for the account, in Keydesk.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Language } from '../../../src-shared/contract';
import { echoText } from '../../../src-shared/rules/text-rules';
import { callKeydesk, type ChannelCall } from '../channel/channel.client';
import type { ChannelError } from '../channel/channel-protocol';
import { resolveAccount } from '../agents/account-ref';
import {
  disableAnswerSchema,
  expiringAnswerSchema,
  findKeyArgs,
  keyActionArgs,
  keysAnswerSchema,
  listKeysArgs,
  modelAnswerSchema,
  revealAnswerSchema,
  runawayAnswerSchema,
  spendAnswerSchema,
  spendArgs,
} from '../agents/agent-answer.schema';
import { readCachedStatus, type CacheProblem } from '../status/status-cache';
import { statusSnapshotSchema } from '../status/status.model';
import { cachedAccounts, cachedExpiring, cachedRunaway, cachedSpend, type CachedAccount } from './mcp-cache';
import {
  formatBalances,
  formatExpiring,
  formatKeys,
  formatModel,
  formatRunaway,
  formatSpend,
  type FormatContext,
  type Formatted,
} from './mcp-format';
import { MCP_WORDS, type McpWords } from './mcp-words';

export interface McpToolsOptions {
  readonly dataDir: string;
  readonly lang: Language;
  readonly now: () => number;
  /** The client's name as it introduced itself (for the record of a hand-off). */
  readonly client: () => { readonly name: string; readonly version: string } | undefined;
}

interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The status answers a status line's pace; a tool that reads the sites may take a while (Codex waits 60 s). */
const STATUS_TIMEOUT_MS = 2_000;
const TOOL_TIMEOUT_MS = 45_000;

const ok = (f: Formatted): ToolResult => ({
  content: [{ type: 'text', text: f.text }],
  structuredContent: f.structured,
});
const failure = (text: string, structured: Record<string, unknown> = {}): ToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent: { error: true, ...structured },
  isError: true,
});

function cacheNotes(problems: readonly CacheProblem[], w: McpWords): string[] {
  return problems.map((p) => w.cacheProblem(p.file, p.reason));
}

/** A refusal of the app's, in the user's language; the site's own words quoted beneath. */
export function refusalText(error: ChannelError, w: McpWords): string {
  switch (error.kind) {
    case 'ability_off':
      return w.abilityOff(error.ability ?? 'reveal', echoText(error.account ?? '', 120));
    case 'no_account':
      return w.noAccount(echoText(error.account ?? '', 120));
    case 'ambiguous_account':
      return w.ambiguous(
        echoText(error.account ?? '', 120),
        (error.candidates ?? []).map((c) => `${c.id} (${echoText(c.label, 60)})`).join(', '),
      );
    case 'bad_request':
      return w.badRequest;
    case 'unknown_method':
      return w.olderKeydesk;
    case 'failed':
      return w.failed;
    case 'app_error': {
      const e = error.error;
      const code = e?.code ?? 'internal';
      const a = w.appErrors;
      const sentence =
        code === 'auth.needs_sign_in' || code === 'auth.session_revoked' || code === 'auth.expired'
          ? a.needsSignIn
          : code === 'vault.locked'
            ? a.locked
            : code === 'not_found'
              ? a.notFound
              : code === 'unsupported'
                ? a.unsupported
                : code === 'network' || code === 'timeout' || code === 'server' || code === 'protocol'
                  ? a.site
                  : code === 'rate_limited'
                    ? a.rateLimited
                    : code === 'auth.scope_denied'
                      ? a.scope(e?.scope ?? '?')
                      : code.startsWith('auth.')
                        ? a.refused
                        : a.other(code);
      const said = e?.serverMessage ? `\n${w.siteSaid(echoText(e.serverMessage, 300))}` : '';
      return `${sentence}${said}`;
    }
  }
}

export function registerKeydeskTools(server: McpServer, options: McpToolsOptions): void {
  const { dataDir, lang } = options;
  const w = MCP_WORDS[lang];
  const ctx = (source: 'keydesk' | 'cache', notes: readonly string[] = []): FormatContext => ({
    lang,
    now: options.now(),
    source,
    notes,
  });
  const ask = <T>(method: string, params: unknown, schema: z.ZodType<T>, timeoutMs = TOOL_TIMEOUT_MS) => {
    const client = options.client();
    const who = client === undefined ? {} : { client: client.name, clientVersion: client.version };
    return callKeydesk(dataDir, method, params, schema, { timeoutMs, ...who });
  };
  /** Why the cache answers: a peer that could not prove itself is said; an absent Keydesk is the usual case. */
  const whyCache = (call: ChannelCall<unknown>): string[] => (call.kind === 'unproven' ? [w.unproven] : []);
  /** The accounts in the cache an optional `account` argument names, or the refusal to answer with. */
  const cachedPick = (
    ref: string | undefined,
    problems: CacheProblem[],
  ): { accounts: CachedAccount[] } | { refusal: ToolResult } => {
    const accounts = cachedAccounts(dataDir, problems);
    if (ref === undefined) return { accounts: accounts.filter((a) => !a.isDisabled) };
    const match = resolveAccount(accounts, ref);
    if (match.kind === 'none') return { refusal: failure(refusalText({ kind: 'no_account', account: ref }, w)) };
    if (match.kind === 'ambiguous') {
      const candidates = match.candidates.map((a) => ({ id: a.id, label: a.label }));
      return { refusal: failure(refusalText({ kind: 'ambiguous_account', account: ref, candidates }, w)) };
    }
    return { accounts: [match.account] };
  };
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'get_balances',
    {
      title: 'Balances',
      description:
        'Balance of every Keydesk account (one-api / new-api gateways) in the site’s own currency with yuan beside, ' +
        'its state against the user’s thresholds, its age, and the total in yuan. Unknown balances are said, never 0.',
      inputSchema: z.strictObject({}),
      annotations: readOnly,
    },
    async () => {
      const live = await ask('status', undefined, statusSnapshotSchema, STATUS_TIMEOUT_MS);
      if (live.kind === 'answer') return ok(formatBalances(live.value, ctx('keydesk')));
      const cached = readCachedStatus(dataDir, options.now());
      return ok(formatBalances(cached.snapshot, ctx('cache', [...whyCache(live), ...cacheNotes(cached.problems, w)])));
    },
  );

  const liveOnly = async <T>(
    method: string,
    params: unknown,
    schema: z.ZodType<T>,
    what: keyof McpWords['whats'],
    format: (value: T, c: FormatContext) => Formatted | ToolResult,
  ): Promise<ToolResult> => {
    const live = await ask(method, params, schema);
    if (live.kind === 'answer') {
      const formatted = format(live.value, ctx('keydesk'));
      return 'content' in formatted ? formatted : ok(formatted);
    }
    if (live.kind === 'refused') return failure(refusalText(live.error, w), { refusal: live.error.kind });
    return failure([...whyCache(live), w.needsKeydesk(w.whats[what])].join('\n'), { keydeskRunning: false });
  };

  server.registerTool(
    'list_keys',
    {
      title: 'API keys',
      description:
        'API keys of the user’s accounts, masked as the sites list them (never a full key): state, group, quota left ' +
        'and used, expiry. Filter by account (id or name), by a part of the key’s name, or by state. Needs Keydesk running.',
      inputSchema: listKeysArgs,
      annotations: readOnly,
    },
    (args) => liveOnly('agent.keys', args, keysAnswerSchema, 'keys', formatKeys),
  );

  server.registerTool(
    'find_key_for_model',
    {
      title: 'Which key can call a model',
      description:
        'Every usable key whose group serves the model (and whose own model list allows it), with the group’s price ' +
        'ratio and what the user pays in yuan for US$1 of use at list prices, cheapest first. Needs Keydesk running.',
      inputSchema: findKeyArgs,
      annotations: readOnly,
    },
    (args) => liveOnly('agent.model', args, modelAnswerSchema, 'models', formatModel),
  );

  server.registerTool(
    'get_spend_today',
    {
      title: 'Spend today per key',
      description:
        'What each key of the accounts whose spending Keydesk tracks has spent since local midnight, as Keydesk saw ' +
        'it (a floor), with the last hour. Optionally one account (id or name).',
      inputSchema: spendArgs,
      annotations: readOnly,
    },
    async (args) => {
      const live = await ask('agent.spend', args, spendAnswerSchema);
      if (live.kind === 'answer') return ok(formatSpend(live.value, ctx('keydesk')));
      if (live.kind === 'refused') return failure(refusalText(live.error, w));
      const problems: CacheProblem[] = [];
      const picked = cachedPick(args.account, problems);
      if ('refusal' in picked) return picked.refusal;
      const read = cachedSpend(dataDir, picked.accounts, options.now(), args.limit ?? 50);
      return ok(
        formatSpend(read.value, ctx('cache', [...whyCache(live), ...cacheNotes([...problems, ...read.problems], w)])),
      );
    },
  );

  server.registerTool(
    'list_expiring',
    {
      title: 'Expiring soon',
      description:
        'Keys, subscription plans and access tokens of the user’s accounts that end within the days set in Keydesk ' +
        '(7 by default), soonest first.',
      inputSchema: z.strictObject({}),
      annotations: readOnly,
    },
    async () => {
      const live = await ask('agent.expiring', undefined, expiringAnswerSchema);
      if (live.kind === 'answer') return ok(formatExpiring(live.value, ctx('keydesk')));
      if (live.kind === 'refused') return failure(refusalText(live.error, w));
      const read = cachedExpiring(dataDir, options.now());
      return ok(formatExpiring(read.value, ctx('cache', [...whyCache(live), ...cacheNotes(read.problems, w)])));
    },
  );

  server.registerTool(
    'list_runaway_alerts',
    {
      title: 'Runaway keys',
      description:
        'Keydesk’s runaway-key alerts still open (a key spending far above its usual hour, or past its daily cap), ' +
        'not yet disabled or dismissed by the user.',
      inputSchema: z.strictObject({}),
      annotations: readOnly,
    },
    async () => {
      const live = await ask('agent.runaway', undefined, runawayAnswerSchema);
      if (live.kind === 'answer') return ok(formatRunaway(live.value, ctx('keydesk')));
      if (live.kind === 'refused') return failure(refusalText(live.error, w));
      const problems: CacheProblem[] = [];
      const read = cachedRunaway(dataDir, cachedAccounts(dataDir, problems));
      return ok(
        formatRunaway(read.value, ctx('cache', [...whyCache(live), ...cacheNotes([...problems, ...read.problems], w)])),
      );
    },
  );

  server.registerTool(
    'reveal_key',
    {
      title: 'Hand a full key to the agent',
      description:
        'The full value of one key (account id or name, and the key’s id from list_keys). Off by default: Keydesk ' +
        'refuses unless the user switched “hand full keys to agents” on for that account, and records every hand-off.',
      inputSchema: keyActionArgs,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      liveOnly('agent.reveal', args, revealAnswerSchema, 'reveal', (a, c) => ({
        text: [
          c.source === 'keydesk' ? w.live : w.cache,
          w.revealed(echoText(a.accountLabel, 120), echoText(a.keyName, 120), a.keyId, a.key),
        ].join('\n'),
        structured: { source: c.source, accountLabel: a.accountLabel, keyId: a.keyId, keyName: a.keyName, key: a.key },
      })),
  );

  server.registerTool(
    'disable_key',
    {
      title: 'Disable a key',
      description:
        'Turns one key off on its site (account id or name, and the key’s id from list_keys); the user can enable it ' +
        'again in Keydesk. Off by default: refused unless the user switched “agents may disable keys” on for that account.',
      inputSchema: keyActionArgs,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (args) =>
      liveOnly('agent.disable', args, disableAnswerSchema, 'disable', (a, c) => ({
        text: [
          c.source === 'keydesk' ? w.live : w.cache,
          w.disabledKey(echoText(a.accountLabel, 120), echoText(a.keyName, 120), a.keyId),
        ].join('\n'),
        structured: {
          source: c.source,
          accountLabel: a.accountLabel,
          keyId: a.keyId,
          keyName: a.keyName,
          disabled: true,
        },
      })),
  );
}
