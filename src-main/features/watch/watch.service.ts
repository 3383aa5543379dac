// Watching across accounts: each managed account's catalog (keys, group ratios, what each used group serves) read
// through the keys and account services and kept a minute, so a search per typed model id costs no request;
// "which key can call a model" answers from it. One account failing never hides the others.
import {
  ok,
  type AccountSelfView,
  type AppError,
  type GroupModels,
  type GroupView,
  type KeyView,
  type ModelSearchAnswer,
  type Result,
  type SubscriptionView,
  type ExpiringAnswer,
  type ExpiringItem,
  type WatchAccountFailure,
} from '../../../src-shared/contract';
import { expectedFailure } from '../../errors';
import { entriesOf, entryOf, withEntry } from '../../id-record';
import type { AccountHandle } from '../accounts/account-directory';
import type { DocumentStore } from '../../vault/config.store';
import { expiringTokens, expiringWithin, type ExpiringToken } from './expiring';
import { diffRatios, type PriceChange, type SeenRatios } from './price-watch';
import { matchKeysForModel, parseRatio, type AccountCatalog } from './model-match';

/** Where the catalog comes from: the keys and account services in the app, fakes in unit tests. */
export interface WatchSources {
  /** Accounts in the user's order (hidden and disabled ones included; the service filters). */
  accounts(): readonly AccountHandle[];
  keys(accountId: string): Promise<Result<readonly KeyView[]>>;
  groups(accountId: string): Promise<Result<readonly GroupView[]>>;
  self(accountId: string): Promise<Result<AccountSelfView>>;
  models(accountId: string, group: string): Promise<Result<GroupModels>>;
  subscription(accountId: string): Promise<Result<SubscriptionView>>;
  /** The "expiring soon" setting, in days. */
  expiringWithinDays(): number;
}

/** A search per keystroke answers from this; "refresh" reads again. */
export const CATALOG_TTL_MS = 60_000;

interface CatalogRead {
  readonly catalog: AccountCatalog | null;
  /** The account's active plans; empty where the server has no subscriptions. */
  readonly plans: readonly unknown[];
  readonly failures: readonly WatchAccountFailure[];
  readonly at: number;
  /**
   * Whether each used group was asked what it serves. Only the model search needs it: the site's own lists cost a
   * request or two, and on a site without them a key is revealed, so the expiring list (opened with the Accounts
   * page) never pays for them.
   */
  readonly hasModels: boolean;
}

export class WatchService {
  readonly #catalogs = new Map<string, CatalogRead>();
  readonly #inFlight = new Map<string, { readonly read: Promise<CatalogRead>; readonly hasModels: boolean }>();
  readonly #priceListeners = new Set<(change: PriceChange) => void>();
  readonly #expiringListeners = new Set<(items: readonly ExpiringItem[]) => void>();

  constructor(
    private readonly sources: WatchSources,
    private readonly clock: { now(): number },
    /** The group ratios last seen per account (persisted, so a restart does not take a change for first sight). */
    private readonly seenRatios?: DocumentStore<SeenRatios>,
  ) {}

  /** Told once per group ratio change that affects one of the account's keys: the seam where a price rise becomes an alert. */
  onPriceChange(listener: (change: PriceChange) => void): () => void {
    this.#priceListeners.add(listener);
    return () => this.#priceListeners.delete(listener);
  }

  /** Told the expiring keys and plans each time the list is read (one alert per item per episode is the listener's). */
  onExpiring(listener: (items: readonly ExpiringItem[]) => void): () => void {
    this.#expiringListeners.add(listener);
    return () => this.#expiringListeners.delete(listener);
  }

  /** Compares a fresh read of an account's ratios with the last seen, remembers it, and tells the listeners. */
  private notePrices(
    accountId: string,
    ratios: ReadonlyMap<string, number>,
    keys: readonly KeyView[],
    userGroup: string | null,
  ): void {
    const store = this.seenRatios;
    if (!store) return;
    const doc = store.read();
    const before = entryOf(doc.accounts, accountId);
    const { changes, next } = diffRatios(accountId, before, ratios, keys, userGroup);
    if (
      before === undefined ||
      changes.length > 0 ||
      entriesOf(next).some(([group, ratio]) => entryOf(before, group) !== ratio)
    ) {
      store.write({ accounts: withEntry(doc.accounts, accountId, next) });
    }
    for (const change of changes) for (const listener of this.#priceListeners) listener(change);
  }

  /** Forget every catalog (accounts added, removed or re-pointed). */
  forget(): void {
    this.#catalogs.clear();
  }

  /** The accounts whose keys can be listed: managed, shown, enabled. */
  private watched(): AccountHandle[] {
    return this.sources.accounts().filter((a) => a.kind !== 'api_key' && !a.isHidden && !a.isDisabled);
  }

  async whoCanCall(model: string, fresh = false): Promise<Result<ModelSearchAnswer>> {
    const reads = await Promise.all(this.watched().map((a) => this.catalog(a, fresh, true)));
    const catalogs = reads.flatMap((r) => (r.catalog ? [r.catalog] : []));
    const known = new Set<string>();
    for (const c of catalogs) for (const ids of c.groupModels.values()) for (const id of ids) known.add(id);
    return ok({
      model: model.trim(),
      matches: matchKeysForModel(catalogs, model),
      failures: reads.flatMap((r) => r.failures),
      knownModels: [...known].sort((a, b) => a.localeCompare(b)),
      readAt: reads.length === 0 ? this.clock.now() : Math.min(...reads.map((r) => r.at)),
    });
  }

  /** Keys and plans of every watched account ending within the setting's days, soonest first. */
  async expiring(fresh = false): Promise<Result<ExpiringAnswer>> {
    const withinDays = this.sources.expiringWithinDays();
    const reads = await Promise.all(this.watched().map((a) => this.catalog(a, fresh, false)));
    const sources = reads.flatMap((r) =>
      r.catalog
        ? [
            {
              accountId: r.catalog.accountId,
              accountLabel: r.catalog.accountLabel,
              keys: r.catalog.keys,
              plans: r.plans,
            },
          ]
        : [],
    );
    const nowSec = Math.floor(this.clock.now() / 1000);
    const items = soonestFirst([
      ...expiringWithin(sources, nowSec, withinDays),
      ...expiringTokens(this.#tokens(this.watched()), nowSec, withinDays),
    ]);
    for (const listener of this.#expiringListeners) listener(items);
    return ok({
      withinDays,
      items,
      failures: reads.flatMap((r) => r.failures),
    });
  }

  /**
   * The watch schedule's check of one account: its keys, plans and group ratios read afresh (no model lists, no key
   * revealed), its expiring items told to the listeners and a ratio change to the price listeners. A failed key
   * read is answered as the failure: no alert comes from what could not be read.
   */
  async checkAccount(accountId: string): Promise<Result<void>> {
    const account = this.watched().find((a) => a.id === accountId);
    if (!account) return ok(undefined);
    // The token's date is the user's: told whether the keys can be read or not.
    this.#tellItems(
      expiringTokens(this.#tokens([account]), Math.floor(this.clock.now() / 1000), this.sources.expiringWithinDays()),
    );
    const read = await this.catalog(account, true, false);
    const failed = read.catalog === null ? read.failures[0] : undefined;
    if (read.catalog === null) return { ok: false, error: failed?.error ?? { code: 'internal' } };
    this.#tellExpiring([{ accountId, accountLabel: account.label, keys: read.catalog.keys, plans: read.plans }]);
    return ok(undefined);
  }

  /** Keys another pass just listed (the spend feature's): checked for expiry without a request of its own. */
  noteKeys(accountId: string, keys: readonly KeyView[]): void {
    const account = this.watched().find((a) => a.id === accountId);
    if (!account) return;
    this.#tellExpiring([{ accountId, accountLabel: account.label, keys, plans: [] }]);
  }

  #tellExpiring(sources: Parameters<typeof expiringWithin>[0]): void {
    this.#tellItems(expiringWithin(sources, Math.floor(this.clock.now() / 1000), this.sources.expiringWithinDays()));
  }

  #tellItems(items: readonly ExpiringItem[]): void {
    if (items.length === 0) return;
    for (const listener of this.#expiringListeners) listener(items);
  }

  /** The access-token accounts among these whose user entered their token's expiry. */
  #tokens(accounts: readonly AccountHandle[]): ExpiringToken[] {
    return accounts.flatMap((a) =>
      a.kind === 'access_token' && typeof a.accessTokenExpiresAt === 'number'
        ? [{ accountId: a.id, accountLabel: a.label, expiresAt: a.accessTokenExpiresAt }]
        : [],
    );
  }

  private catalog(account: AccountHandle, fresh: boolean, needsModels: boolean): Promise<CatalogRead> {
    const cached = this.#catalogs.get(account.id);
    const now = this.clock.now();
    const isEnough = (read: { hasModels: boolean }) => read.hasModels || !needsModels;
    if (!fresh && cached && isEnough(cached) && now - cached.at < CATALOG_TTL_MS && cached.at <= now) {
      return Promise.resolve(cached);
    }
    const running = this.#inFlight.get(account.id);
    if (running && isEnough(running)) return running.read;
    const next = this.read(account, needsModels)
      .then((read) => {
        this.#catalogs.set(account.id, read);
        return read;
      })
      .finally(() => {
        if (this.#inFlight.get(account.id)?.read === next) this.#inFlight.delete(account.id);
      });
    this.#inFlight.set(account.id, { read: next, hasModels: needsModels });
    return next;
  }

  private async read(account: AccountHandle, withModels: boolean): Promise<CatalogRead> {
    const at = this.clock.now();
    const failure = (error: AppError): WatchAccountFailure => ({
      accountId: account.id,
      accountLabel: account.label,
      error,
    });
    const [keys, groups, self, subscription] = await Promise.all([
      settle(() => this.sources.keys(account.id)),
      settle(() => this.sources.groups(account.id)),
      settle(() => this.sources.self(account.id)),
      settle(() => this.sources.subscription(account.id)),
    ]);
    if (!keys.ok) return { catalog: null, plans: [], failures: [failure(keys.error)], at, hasModels: withModels };
    const failures: WatchAccountFailure[] = [];
    // A server without groups (one-api: its keys call as the account's own group) has no ratios to know; any other
    // failure is said.
    if (!groups.ok && groups.error.code !== 'unsupported') failures.push(failure(groups.error));
    // A server without subscriptions has no plans to expire; any other failure is said.
    if (!subscription.ok && subscription.error.code !== 'unsupported') failures.push(failure(subscription.error));
    const plans = subscription.ok ? subscription.value.subscriptions : [];
    const ratios = new Map<string, number>();
    for (const g of groups.ok ? groups.value : []) {
      const ratio = parseRatio(g.ratio);
      if (ratio !== null) ratios.set(g.name, ratio);
    }
    // Only the groups a usable key is in are asked what they serve (each answer is cached by the account service). A group
    // the account may no longer use (absent from its groups) serves nothing: its keys are refused by the site.
    const usable = groups.ok ? new Set(['', ...groups.value.map((g) => g.name)]) : null;
    const used = withModels
      ? [...new Set(keys.value.filter((k) => k.state === 'enabled').map((k) => k.group))].filter(
          (group) => usable === null || usable.has(group),
        )
      : [];
    const groupModels = new Map<string, readonly string[]>();
    await Promise.all(
      used.map(async (group) => {
        const r = await settle(() => this.sources.models(account.id, group));
        if (r.ok)
          groupModels.set(
            group,
            r.value.models.map((m) => m.id),
          );
        else failures.push(failure(r.error));
      }),
    );
    const userGroup = self.ok ? self.value.group || 'default' : null;
    // Only a complete read is compared: a failed groups or self read is not a price change.
    if (groups.ok && self.ok) this.notePrices(account.id, ratios, keys.value, userGroup);
    return {
      catalog: {
        accountId: account.id,
        accountLabel: account.label,
        keys: keys.value,
        ratios,
        userGroup,
        groupModels,
        money: account.money ?? null,
      },
      plans,
      // One failure per account is enough to say its keys may be missing.
      failures: failures.slice(0, 1),
      at,
      hasModels: withModels,
    };
  }
}

/** Soonest first; ties by account, then name (as expiringWithin orders its own). */
const soonestFirst = (items: ExpiringItem[]): ExpiringItem[] =>
  items.sort(
    (a, b) => a.expiresAt - b.expiresAt || a.accountLabel.localeCompare(b.accountLabel) || a.name.localeCompare(b.name),
  );

/** A source's Result, or the expected failure it threw (no management access, signed out, locked). */
async function settle<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: expectedFailure(error) };
  }
}
