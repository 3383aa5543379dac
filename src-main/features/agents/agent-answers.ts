// The running app's answers to `keydesk mcp`, one channel method per tool: keys (masked), which key can call a model
// (the watch feature's search, cheapest first by what the user pays), today's spend per key (the spend feature's
// reads), what expires soon, the runaway alerts open now — and the two abilities the user may switch on per account:
// a key's full value handed over, a key disabled. Each of those is refused unless switched on for that account, and
// each that happens raises an alert and a log line (never the key itself).
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { KeyView, Result } from '../../../src-shared/contract';
import { echoText } from '../../../src-shared/rules/text-rules';
import { SPEC_ACCOUNT_MONEY } from '../../../src-shared/units';
import { expectedFailure } from '../../errors';
import type { Logger } from '../../log/logger';
import type { AccountDirectory, AccountHandle } from '../accounts/account-directory';
import type { KeySecretsService } from '../keys/key-secrets.service';
import type { KeysService } from '../keys/keys.service';
import type { AlertsService } from '../alerts/alerts.service';
import type { HandoffRecords } from '../handoff/handoff-records';
import { spendBetween, type SpendEntry } from '../spend/spend-rules';
import type { KeySpend } from '../spend/spend.watcher';
import type { WatchService } from '../watch/watch.service';
import { ChannelRefusal, type ChannelMethod, type ChannelPeer } from '../channel/channel.server';
import type { AgentAccess } from './agent-access';
import { resolveAccount } from './account-ref';
import { localMidnight } from './today';
import {
  MAX_LISTED,
  findKeyArgs,
  keyActionArgs,
  listKeysArgs,
  spendArgs,
  type AgentKey,
  type AnswerAccount,
  type DisableAnswer,
  type ExpiringAnswerView,
  type KeysAnswer,
  type ModelAnswer,
  type RevealAnswer,
  type RunawayAnswer,
  type SpendAnswer,
} from './agent-answer.schema';

export interface AgentAnswersDeps {
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'listAll' | 'get' | 'setStatus'>;
  readonly secrets: Pick<KeySecretsService, 'reveal'>;
  readonly watch: Pick<WatchService, 'whoCanCall' | 'expiring'>;
  readonly spend: {
    trackedAccountIds(): readonly string[];
    keysOf(accountId: string): readonly KeySpend[];
    readsSince(accountId: string, keyId: number, from: number): SpendEntry[];
  };
  readonly alerts: Pick<AlertsService, 'list' | 'raiseAlert'>;
  /** Where a full key went: a rotation of the key then tells the user this agent holds the old one. */
  readonly handoffs: Pick<HandoffRecords, 'addAgentRead'>;
  readonly access: AgentAccess;
  readonly clock: { now(): number };
  readonly log: Logger;
}

/** A key list read for one tool call is reused by the next for this long: an agent asking twice costs one read. */
const KEYS_TTL_MS = 30_000;

const clip = (value: string, max = 200): string => (value.length <= max ? value : value.slice(0, max));

export function toAgentKey(k: KeyView): AgentKey {
  return {
    accountId: k.accountId,
    id: k.id,
    name: clip(k.name),
    maskedKey: clip(k.maskedKey),
    state: k.state,
    group: clip(k.group),
    remainUnits: k.remainQuota,
    isUnlimited: k.unlimitedQuota,
    usedUnits: k.usedQuota,
    expiresAt: k.expiredTime,
    modelLimits: k.modelLimits.slice(0, MAX_LISTED).map((m) => clip(m)),
  };
}

const answerAccount = (a: AccountHandle): AnswerAccount => ({
  id: a.id,
  label: clip(a.label),
  money: a.money ?? SPEC_ACCOUNT_MONEY,
});

function parse<T>(schema: z.ZodType<T>, params: unknown): T {
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) throw new ChannelRefusal({ kind: 'bad_request' });
  return parsed.data;
}

export class AgentAnswers {
  readonly #keyLists = new Map<string, { at: number; read: Promise<Result<KeyView[]>> }>();

  constructor(private readonly deps: AgentAnswersDeps) {
    deps.directory.onChange(() => {
      this.#keyLists.clear();
    });
  }

  /** The channel methods, by name. */
  methods(): Record<string, ChannelMethod> {
    return {
      'agent.keys': (params) => this.keys(parse(listKeysArgs, params)),
      'agent.model': (params) => this.model(parse(findKeyArgs, params)),
      'agent.spend': (params) => this.spend(parse(spendArgs, params)),
      'agent.expiring': () => this.expiring(),
      'agent.runaway': () => this.runaway(),
      'agent.reveal': (params, peer) => this.reveal(parse(keyActionArgs, params), peer),
      'agent.disable': (params, peer) => this.disable(parse(keyActionArgs, params), peer),
    };
  }

  /** Shown, managed accounts (password, access token): the ones with key lists. */
  #managed(): AccountHandle[] {
    return this.deps.directory.list().filter((a) => a.kind !== 'api_key' && !a.isHidden);
  }

  /** The accounts an optional `account` argument names (all managed ones without it). */
  #pick(ref: string | undefined): AccountHandle[] {
    const managed = this.#managed();
    if (ref === undefined) return managed.filter((a) => !a.isDisabled);
    const visible = this.deps.directory.list().filter((a) => !a.isHidden);
    const match = resolveAccount(visible, ref);
    if (match.kind === 'none') throw new ChannelRefusal({ kind: 'no_account', account: clip(ref) });
    if (match.kind === 'ambiguous') {
      throw new ChannelRefusal({
        kind: 'ambiguous_account',
        account: clip(ref),
        candidates: match.candidates.map((a) => ({ id: a.id, label: clip(a.label) })),
      });
    }
    // A watched key has no key list: its keys are none, said as an empty list rather than a refusal.
    return match.account.kind === 'api_key' ? [] : [match.account];
  }

  #listKeys(accountId: string): Promise<Result<KeyView[]>> {
    const now = this.deps.clock.now();
    const cached = this.#keyLists.get(accountId);
    if (cached && now - cached.at < KEYS_TTL_MS && cached.at <= now) return cached.read;
    const read = this.deps.keys.listAll(accountId).catch((error: unknown) => ({
      ok: false as const,
      error: expectedFailure(error),
    }));
    this.#keyLists.set(accountId, { at: now, read });
    return read;
  }

  async keys(args: z.infer<typeof listKeysArgs>): Promise<KeysAnswer> {
    const accounts = this.#pick(args.account);
    const reads = await Promise.all(accounts.map(async (a) => ({ account: a, read: await this.#listKeys(a.id) })));
    const wanted = args.search?.toLocaleLowerCase();
    const all = reads
      .flatMap(({ read }) => (read.ok ? read.value : []))
      .filter(
        (k) =>
          (wanted === undefined || k.name.toLocaleLowerCase().includes(wanted)) &&
          (args.state === undefined || k.state === args.state),
      );
    return {
      accounts: accounts.map(answerAccount),
      keys: all.slice(0, args.limit ?? 50).map(toAgentKey),
      total: all.length,
      failures: reads.flatMap(({ account, read }) =>
        read.ok ? [] : [{ accountId: account.id, code: read.error.code }],
      ),
    };
  }

  async model(args: z.infer<typeof findKeyArgs>): Promise<ModelAnswer> {
    const answer = await this.deps.watch.whoCanCall(args.model);
    if (!answer.ok) throw new ChannelRefusal({ kind: 'app_error', error: answer.error });
    const { matches, failures, knownModels } = answer.value;
    const wanted = args.model.trim().toLocaleLowerCase();
    return {
      model: clip(answer.value.model),
      accounts: this.#managed().map(answerAccount),
      matches: matches.slice(0, args.limit ?? 20).map((m) => ({
        key: toAgentKey(m.key),
        ratio: m.ratio,
        costYuan: m.costYuan,
      })),
      total: matches.length,
      failures: failures.slice(0, MAX_LISTED).map((f) => ({ accountId: f.accountId, code: f.error.code })),
      similar:
        matches.length > 0
          ? []
          : knownModels
              .filter((id) => id.toLocaleLowerCase().includes(wanted))
              .slice(0, 20)
              .map((id) => clip(id)),
    };
  }

  spend(args: z.infer<typeof spendArgs>): SpendAnswer {
    const now = this.deps.clock.now();
    const since = localMidnight(now);
    const accounts = this.#pick(args.account);
    const tracked = new Set(this.deps.spend.trackedAccountIds());
    const rows = accounts
      .filter((a) => tracked.has(a.id))
      .flatMap((a) =>
        this.deps.spend.keysOf(a.id).map((k) => {
          const ring = this.deps.spend.readsSince(a.id, k.keyId, since);
          const day = spendBetween(ring, since, now);
          const span = Math.max(1, now - since);
          return {
            accountId: a.id,
            keyId: k.keyId,
            keyName: clip(k.keyName),
            todayUnits: ring.length === 0 ? null : day.units,
            covered: Math.min(1, day.coveredMs / span),
            lastHourUnits: k.lastHourUnits,
          };
        }),
      )
      .sort((a, b) => (b.todayUnits ?? -1) - (a.todayUnits ?? -1));
    return {
      since,
      accounts: accounts.map(answerAccount),
      keys: rows.slice(0, args.limit ?? 50),
      total: rows.length,
      untrackedAccountIds: accounts.filter((a) => !tracked.has(a.id)).map((a) => a.id),
    };
  }

  async expiring(): Promise<ExpiringAnswerView> {
    const answer = await this.deps.watch.expiring();
    if (!answer.ok) throw new ChannelRefusal({ kind: 'app_error', error: answer.error });
    const { items, failures, withinDays } = answer.value;
    return {
      withinDays,
      items: items.slice(0, MAX_LISTED).map((i) => ({
        kind: i.kind,
        accountId: i.accountId,
        accountLabel: clip(i.accountLabel),
        name: clip(i.name),
        expiresAt: i.expiresAt,
      })),
      total: items.length,
      failures: failures.slice(0, MAX_LISTED).map((f) => ({ accountId: f.accountId, code: f.error.code })),
    };
  }

  runaway(): RunawayAnswer {
    const open = this.deps.alerts.list().flatMap((a) => (a.kind === 'runaway' && a.resolution === null ? [a] : []));
    return {
      accounts: this.deps.directory.list().map(answerAccount),
      alerts: open.slice(0, MAX_LISTED).map((a) => ({
        accountId: a.accountId,
        accountLabel: clip(a.accountLabel),
        keyId: a.keyId,
        keyName: clip(a.keyName),
        reason: a.reason,
        hourSpendUnits: a.hourSpendUnits,
        usualHourUnits: a.usualHourUnits,
        dailyCapUnits: a.dailyCapUnits,
        daySpendUnits: a.daySpendUnits,
        raisedAt: a.raisedAt,
      })),
      total: open.length,
    };
  }

  /** The one account an ability acts on, refused unless the user switched that ability on for it. */
  #allowed(ref: string, ability: 'reveal' | 'disable'): AccountHandle {
    const [account] = this.#pick(ref);
    if (account === undefined) throw new ChannelRefusal({ kind: 'ability_off', ability, account: clip(ref) });
    if (!this.deps.access.allows(account.id, ability)) {
      throw new ChannelRefusal({ kind: 'ability_off', ability, account: clip(account.label) });
    }
    return account;
  }

  async #key(accountId: string, keyId: number): Promise<KeyView> {
    const read = await this.deps.keys.get(accountId, keyId).catch((error: unknown) => ({
      ok: false as const,
      error: expectedFailure(error),
    }));
    if (!read.ok) throw new ChannelRefusal({ kind: 'app_error', error: read.error });
    return read.value;
  }

  #record(account: AccountHandle, key: KeyView, action: 'reveal' | 'disable', peer: ChannelPeer): void {
    // The client's name is its own words: bounded, and drawn with its control characters visible.
    const client = peer.client === null || peer.client.trim() === '' ? null : echoText(peer.client.trim(), 60);
    this.deps.log.info(action === 'reveal' ? 'a full key was handed to an agent' : 'an agent disabled a key', {
      accountId: account.id,
      keyId: key.id,
      client,
    });
    this.deps.alerts.raiseAlert(account, {
      kind: 'agent',
      accountId: account.id,
      // Every act is its own record.
      episodeKey: `agent:${action}:${randomUUID()}`,
      action,
      keyId: key.id,
      keyName: key.name,
      client,
    });
  }

  async reveal(args: z.infer<typeof keyActionArgs>, peer: ChannelPeer): Promise<RevealAnswer> {
    const account = this.#allowed(args.account, 'reveal');
    const key = await this.#key(account.id, args.key_id);
    const revealed = await this.deps.secrets.reveal(account.id, key.id).catch((error: unknown) => ({
      ok: false as const,
      error: expectedFailure(error),
    }));
    if (!revealed.ok) throw new ChannelRefusal({ kind: 'app_error', error: revealed.error });
    this.#record(account, key, 'reveal', peer);
    // No key in it: the agent's name and version as it said them (cleaned and bounded there), and when.
    const agent = peer.client === null ? '' : `${peer.client} ${peer.clientVersion ?? ''}`;
    this.deps.handoffs.addAgentRead(account.id, key.id, agent);
    return { accountLabel: clip(account.label), keyId: key.id, keyName: clip(key.name), key: revealed.value.key };
  }

  async disable(args: z.infer<typeof keyActionArgs>, peer: ChannelPeer): Promise<DisableAnswer> {
    const account = this.#allowed(args.account, 'disable');
    const key = await this.#key(account.id, args.key_id);
    const outcome = await this.deps.keys.setStatus(account.id, [key.id], false).catch((error: unknown) => ({
      ok: false as const,
      error: expectedFailure(error),
    }));
    const failed = outcome.ok ? outcome.value.failed[0]?.error : outcome.error;
    if (failed !== undefined) throw new ChannelRefusal({ kind: 'app_error', error: failed });
    this.#keyLists.delete(account.id);
    this.#record(account, key, 'disable', peer);
    return { accountLabel: clip(account.label), keyId: key.id, keyName: clip(key.name) };
  }
}
