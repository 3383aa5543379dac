// A group's models from the site's own lists, with no key and nothing spent of the site's critical bucket: new-api's
// /api/pricing (each model with the groups that serve it), else its /api/user/models, else one-api's
// /api/user/available_models (its keys have no group: they call as the account's own). `unsupported` when the site
// has none of them, and only then is a key used (account.service.ts).
import { fail, ok, type AppError, type ModelView, type Result } from '../../../src-shared/contract';
import type { ManagementClient } from '../../gateway';
import type { SitePricing } from '../../gateway/model-listing';

/** new-api's `auto` group tries the groups listed in the pricing's auto_groups, in turn. */
const AUTO_GROUP = 'auto';
/** An `enable_groups` entry some builds use for a model every group may call (controller/pricing.go's filter). */
const ALL_GROUPS = 'all';

const idOnly = (id: string): ModelView => ({ id, ownedBy: '', created: null, endpointTypes: [] });

/**
 * The models the pricing says `group` serves, in the site's order; null when it does not say (a model listed without
 * its groups, as some builds answer a caller they do not know): then the next list is asked instead of trusting an
 * answer that may be short.
 */
export function pricedGroupModels(pricing: SitePricing, group: string): ModelView[] | null {
  if (pricing.models.some((m) => m.groups === null)) return null;
  const wanted = new Set(group === AUTO_GROUP && pricing.autoGroups.length > 0 ? pricing.autoGroups : [group]);
  return pricing.models
    .filter((m) => (m.groups ?? []).some((g) => g === ALL_GROUPS || wanted.has(g)))
    .map((m) => ({ id: m.id, ownedBy: m.ownedBy, created: null, endpointTypes: m.endpointTypes }));
}

const isUnsupported = (error: AppError): boolean => error.code === 'unsupported';
const UNSUPPORTED: AppError = { code: 'unsupported', feature: 'model_listing' };

/** What one account's reads share for a while: the pricing and the account's own group, each read once. */
interface AccountReads {
  readonly at: number;
  readonly started: Map<'pricing' | 'ownGroup', Promise<Result<unknown>>>;
}

export class GroupListing {
  readonly #reads = new Map<string, AccountReads>();

  constructor(
    private readonly clock: { now(): number },
    private readonly ttlMs: number,
  ) {}

  forget(): void {
    this.#reads.clear();
  }

  /** The models `group` serves ('' or undefined: the account's own group), or `unsupported` without a listing. */
  async models(accountId: string, m: ManagementClient, group: string | undefined): Promise<Result<ModelView[]>> {
    const reads = this.readsOf(accountId);
    const isOwnGroup = group === undefined || group === '';
    const nameOf = (): Promise<Result<string>> =>
      isOwnGroup ? this.shared(reads, 'ownGroup', () => this.ownGroup(m)) : Promise.resolve(ok(group));
    const pricing = await this.shared(reads, 'pricing', () => m.getPricing());
    if (!pricing.ok && !isUnsupported(pricing.error)) return pricing;
    if (pricing.ok) {
      const name = await nameOf();
      if (!name.ok) return name;
      const priced = pricedGroupModels(pricing.value, name.value);
      if (priced !== null) return ok(priced);
    }
    // one-api's list is exactly its user's own group (its keys have none).
    if (isOwnGroup) {
      const available = await m.getAvailableModels();
      if (available.ok) return ok(available.value.map(idOnly));
      if (!isUnsupported(available.error)) return available;
    }
    // new-api's model list answers the asked group on current builds (older ones answer all the user's groups).
    const name = await nameOf();
    if (!name.ok) return name;
    const listed = await m.getUserModels(name.value);
    if (listed.ok) return ok(listed.value.map(idOnly));
    return isUnsupported(listed.error) ? fail(UNSUPPORTED) : listed;
  }

  /**
   * One read shared by every group asked about while the reads last (the model search asks for several at once); a
   * failure other than `unsupported` is not kept, so the next ask tries again.
   */
  private shared<T>(
    reads: AccountReads,
    key: 'pricing' | 'ownGroup',
    read: () => Promise<Result<T>>,
  ): Promise<Result<T>> {
    const known = reads.started.get(key) as Promise<Result<T>> | undefined;
    if (known !== undefined) return known;
    const started = read();
    reads.started.set(key, started);
    void started.then((r) => {
      if (!r.ok && !isUnsupported(r.error) && reads.started.get(key) === started) reads.started.delete(key);
    });
    return started;
  }

  private readsOf(accountId: string): AccountReads {
    const now = this.clock.now();
    const known = this.#reads.get(accountId);
    if (known && now - known.at < this.ttlMs && known.at <= now) return known;
    const fresh: AccountReads = { at: now, started: new Map() };
    this.#reads.set(accountId, fresh);
    return fresh;
  }

  /** The account's own group, as /api/user/self says it (new-api's users without one are in `default`). */
  private async ownGroup(m: ManagementClient): Promise<Result<string>> {
    const self = await m.getSelf();
    return self.ok ? ok(self.value.group === '' ? 'default' : self.value.group) : self;
  }
}
