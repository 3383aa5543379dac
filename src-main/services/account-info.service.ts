// Account, subscription, groups and models of one account. Models come from /v1/models, which needs an API key:
// a watched key's own, or for a managed account an enabled key of the asked group, revealed and used in main only.
import {
  fail,
  ok,
  type AccountSelfView,
  type GroupView,
  type ModelView,
  type Result,
  type SubscriptionView,
} from '../../src-preload/contract';
import type { ClockPort, KeyRecord } from '../gateway';
import type { AccountDirectory } from './account-directory';
import { toModelView } from './keys/key-secrets.service';
import { deriveKeyState } from './keys/key-view';
import { mapResult } from './keys/result';

/** Models of a group change rarely, and each lookup spends a reveal (rate-limited on new-api). */
const MODELS_TTL_MS = 5 * 60_000;

export interface AccountInfoOptions {
  readonly directory: AccountDirectory;
  readonly clock: Pick<ClockPort, 'now'>;
}

export class AccountInfoService {
  readonly #models = new Map<string, { at: number; models: readonly ModelView[] }>();

  constructor(private readonly options: AccountInfoOptions) {
    options.directory.onChange(() => {
      this.#models.clear();
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

  /** Models callable in a group ('' = the account's default), learned through one enabled key of that group. */
  async models(accountId: string, group?: string): Promise<Result<ModelView[]>> {
    const { directory, clock } = this.options;
    const cacheKey = `${accountId}\u0000${group ?? '*'}`;
    const cached = this.#models.get(cacheKey);
    if (cached && clock.now() - cached.at < MODELS_TTL_MS) return ok([...cached.models]);

    let client;
    if (directory.get(accountId).kind === 'api_key') {
      client = await directory.keyClient(accountId);
    } else {
      const m = await directory.management(accountId);
      const keys = await m.listAllKeys(10);
      if (!keys.ok) return keys;
      const probe = pickProbeKey(keys.value, group, Math.floor(clock.now() / 1000));
      if (!probe) {
        return fail({
          code: 'not_found',
          message:
            group === undefined
              ? 'No enabled key on this account to learn its models from. Create a key first.'
              : `No enabled key in group "${group || 'default'}" to learn its models from.`,
        });
      }
      const full = await m.revealKey(probe.id);
      if (!full.ok) return full;
      client = await directory.keyClient(accountId, full.value);
    }
    const r = await client.listModels();
    if (!r.ok) return r;
    const models = r.value.map(toModelView);
    this.#models.set(cacheKey, { at: clock.now(), models });
    return ok(models);
  }
}

/** A usable key of the group: enabled, not expired, not exhausted; the default group's keys when none is named. */
export function pickProbeKey(keys: readonly KeyRecord[], group: string | undefined, nowSec: number) {
  const usable = keys.filter((k) => deriveKeyState(k, nowSec) === 'enabled');
  if (group === undefined) return usable.find((k) => k.group === '') ?? usable[0];
  return usable.find((k) => k.group === group);
}
