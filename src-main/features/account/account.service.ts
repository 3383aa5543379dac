// Account, subscription, groups and models of one account. A group's models come from the site's own lists where it
// has them (group-listing.ts: no key, no reveal, nothing of the site's critical bucket); only a site without any is
// asked /v1/models through an API key: a watched key's own, or for a managed account a key of the group that does not
// narrow its models, revealed (or read whole from an older server's list) and used in main only.
import {
  fail,
  ok,
  type AccountSelfView,
  type GroupModels,
  type GroupView,
  type Result,
  type SubscriptionView,
} from '../../../src-shared/contract';
import type { ClockPort, KeyRecord, ManagementClient } from '../../gateway';
import type { AccountDirectory } from '../accounts/account-directory';
import { toModelView } from '../keys/key-secrets.service';
import { deriveKeyState, splitList } from '../keys/key-view';
import { mapResult } from '../../errors';
import { GroupListing } from './group-listing';

/** Models of a group change rarely. */
const MODELS_TTL_MS = 5 * 60_000;
/**
 * How long a revealed probe key is reused. Reveal shares new-api's critical bucket (20 per 20 min per IP) with
 * login and refresh: revealing on every visit of the Models page would lock the user out of signing in.
 */
const PROBE_TTL_MS = 30 * 60_000;

/** The key a group's models are read through, with sk-; kept in main's memory only. */
interface Probe {
  readonly id: number;
  readonly key: string;
  readonly at: number;
}

export interface AccountInfoOptions {
  readonly directory: AccountDirectory;
  readonly clock: Pick<ClockPort, 'now'>;
}

export class AccountInfoService {
  readonly #models = new Map<string, { at: number; answer: GroupModels }>();
  readonly #probes = new Map<string, Probe>();
  readonly #listing: GroupListing;

  constructor(private readonly options: AccountInfoOptions) {
    this.#listing = new GroupListing(options.clock, MODELS_TTL_MS);
    options.directory.onChange(() => {
      this.#models.clear();
      this.#probes.clear();
      this.#listing.forget();
    });
  }

  async self(accountId: string): Promise<Result<AccountSelfView>> {
    const m = await this.options.directory.management(accountId);
    return mapResult(await m.getSelf(), (a) => ({
      id: a.id,
      username: a.username,
      displayName: a.display_name,
      email: a.email,
      role: a.role,
      status: a.status,
      group: a.group,
      quota: a.quota,
      usedQuota: a.used_quota,
      requestCount: a.request_count,
      affCode: a.aff_code,
      affCount: a.aff_count,
      affQuota: a.aff_quota,
      affHistoryQuota: a.aff_history_quota,
      inviterId: a.inviter_id,
    }));
  }

  async subscription(accountId: string): Promise<Result<SubscriptionView>> {
    const m = await this.options.directory.management(accountId);
    return mapResult(await m.getSubscription(), (s) => ({
      subscriptions: s.subscriptions,
      allSubscriptions: s.all_subscriptions,
      billingPreference: s.billing_preference,
    }));
  }

  async groups(accountId: string): Promise<Result<GroupView[]>> {
    const m = await this.options.directory.management(accountId);
    return mapResult(await m.getGroups(), (groups) =>
      groups.map((g) => ({ name: g.name, desc: g.desc, ratio: g.ratio ?? '' })),
    );
  }

  /**
   * Models callable in a group ('' = the account's default): the site's own list where it has one; otherwise through
   * a key of that group that does not narrow its models (never one that does: its list would be short).
   */
  async models(accountId: string, group?: string): Promise<Result<GroupModels>> {
    const { directory, clock } = this.options;
    const cacheKey = `${accountId}\u0000${group ?? '*'}`;
    const cached = this.#models.get(cacheKey);
    if (cached && clock.now() - cached.at < MODELS_TTL_MS) return ok(cached.answer);

    if (directory.get(accountId).kind === 'api_key') {
      const r = await (await directory.keyClient(accountId)).listModels();
      return mapResult(r, (models) => this.remember(cacheKey, { models: models.map(toModelView), source: 'watched' }));
    }
    const m = await directory.management(accountId);
    const listed = await this.#listing.models(accountId, m, group);
    if (listed.ok) return ok(this.remember(cacheKey, { models: listed.value, source: 'listing' }));
    if (listed.error.code !== 'unsupported') return listed;
    for (let attempt = 0; ; attempt++) {
      const probe = await this.probe(accountId, group, cacheKey);
      if (!probe.ok) return probe;
      const r = await (await directory.keyClient(accountId, probe.value.key)).listModels();
      if (r.ok) return ok(this.remember(cacheKey, { models: r.value.map(toModelView), source: 'key' }));
      // A remembered probe may have been disabled, deleted or moved since: forget it and pick again, once.
      this.#probes.delete(cacheKey);
      if (attempt > 0 || r.error.code !== 'key.invalid') return r;
    }
  }

  private remember(cacheKey: string, answer: GroupModels): GroupModels {
    this.#models.set(cacheKey, { at: this.options.clock.now(), answer });
    return answer;
  }

  /** The group's probe key: remembered for a while, else picked from a fresh list and revealed once. */
  private async probe(accountId: string, group: string | undefined, cacheKey: string): Promise<Result<Probe>> {
    const { directory, clock } = this.options;
    const known = this.#probes.get(cacheKey);
    if (known && clock.now() - known.at < PROBE_TTL_MS) return ok(known);
    const m = await directory.management(accountId);
    const keys = await m.listAllKeys(10);
    if (!keys.ok) return keys;
    const pick = pickProbeKey(keys.value, group, Math.floor(clock.now() / 1000));
    if (pick === 'narrowed') {
      return fail({ code: 'not_found', reason: 'models.only_narrowed_keys', params: { group: group || 'default' } });
    }
    if (!pick) {
      return fail({
        code: 'not_found',
        reason: group === undefined ? 'models.no_probe_key' : 'models.no_probe_key_in_group',
        ...(group === undefined ? {} : { params: { group: group || 'default' } }),
      });
    }
    const full = await wholeKey(m, pick);
    if (!full.ok) return full;
    const probe: Probe = { id: pick.id, key: full.value, at: clock.now() };
    this.#probes.set(cacheKey, probe);
    return ok(probe);
  }
}

/** Older servers list whole keys and have no reveal: use the listed key as it is. */
const wholeKey = (m: ManagementClient, record: KeyRecord): Promise<Result<string>> =>
  record.isMasked ? m.revealKey(record.id) : Promise.resolve(ok(record.key));

/** Whether a key has its own model allow list (an enabled but empty list narrows nothing). */
export const narrowsModels = (k: Pick<KeyRecord, 'model_limits_enabled' | 'model_limits'>): boolean =>
  k.model_limits_enabled && splitList(k.model_limits).length > 0;

/**
 * A usable key of the group (enabled, not expired, with quota; the default group's when none is named) without a model
 * allow list of its own; `narrowed` when every usable key has one (its /v1/models would show only that list), undefined
 * when there is no usable key at all.
 */
export function pickProbeKey(
  keys: readonly KeyRecord[],
  group: string | undefined,
  nowSec: number,
): KeyRecord | 'narrowed' | undefined {
  const usable = keys.filter((k) => deriveKeyState(k, nowSec) === 'enabled');
  const defaults = usable.filter((k) => k.group === '');
  const candidates =
    group === undefined ? (defaults.length > 0 ? defaults : usable) : usable.filter((k) => k.group === group);
  const open = candidates.find((k) => !narrowsModels(k));
  if (open) return open;
  return candidates.length > 0 ? 'narrowed' : undefined;
}
