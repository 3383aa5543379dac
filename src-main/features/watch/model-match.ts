// Which key can call a model, pure: a key matches when it is usable (enabled, not expired, quota left), its group
// serves the model and its own model allow list (if any) permits it. Matches are sorted cheapest first by what the
// user pays: the group's ratio × the yuan a unit of the site's quota costs (unknown costs last), then by the ratio,
// then by the most quota left (unlimited first). A ratio alone cannot compare a US$ site with a ¥ one.
import type { AccountMoney, KeyView, ModelKeyMatch } from '../../../src-shared/contract';
import { unitsToYuan } from '../../../src-shared/units';

/** The usage a cost is given for: 500,000 quota units, US$1 at new-api's list prices (model ratio 1 = $0.002/1K). */
export const COST_REFERENCE_UNITS = 500_000;

/** What one account offers: its keys, what each group serves and costs. */
export interface AccountCatalog {
  readonly accountId: string;
  readonly accountLabel: string;
  readonly keys: readonly KeyView[];
  /** Group name → its ratio; a group missing here has no known ratio. */
  readonly ratios: ReadonlyMap<string, number>;
  /** The user's own group: what a key with group '' is billed as; null when unknown. */
  readonly userGroup: string | null;
  /** Key group ('' = the user's group) → the model ids it serves; a group missing here could not be read. */
  readonly groupModels: ReadonlyMap<string, readonly string[]>;
  /** How the site's money converts to yuan; absent or null when unknown (then no cost is known). */
  readonly money?: AccountMoney | null;
}

/** Yuan for COST_REFERENCE_UNITS of use at `ratio`, or null when the ratio or the site's yuan rate is unknown. */
export function costYuanOf(money: AccountMoney | null | undefined, ratio: number | null): number | null {
  if (ratio === null || money === null || money === undefined) return null;
  const yuan = unitsToYuan(COST_REFERENCE_UNITS, money);
  return yuan === undefined ? null : Number(yuan) * ratio;
}

/** A group ratio as the server sends it (a number, a numeric string, or '' for none); null when not a ratio. */
export function parseRatio(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Whether a key's own allow list permits a model (an enabled but empty list narrows nothing). */
export const allowListPermits = (key: Pick<KeyView, 'modelLimitsEnabled' | 'modelLimits'>, model: string): boolean =>
  !key.modelLimitsEnabled || key.modelLimits.length === 0 || key.modelLimits.includes(model);

/** The ratio a key is billed at: its group's, or for '' the user's group's. */
export function ratioOf(catalog: AccountCatalog, group: string): number | null {
  const name = group === '' ? catalog.userGroup : group;
  if (name === null) return null;
  return catalog.ratios.get(name) ?? null;
}

/** Every key across the accounts that can call `model`, cheapest first. */
export function matchKeysForModel(catalogs: readonly AccountCatalog[], model: string): ModelKeyMatch[] {
  const wanted = model.trim();
  if (wanted === '') return [];
  const matches: ModelKeyMatch[] = [];
  for (const catalog of catalogs) {
    for (const key of catalog.keys) {
      if (key.state !== 'enabled') continue;
      if (!(catalog.groupModels.get(key.group) ?? []).includes(wanted)) continue;
      if (!allowListPermits(key, wanted)) continue;
      const ratio = ratioOf(catalog, key.group);
      matches.push({ accountLabel: catalog.accountLabel, key, ratio, costYuan: costYuanOf(catalog.money, ratio) });
    }
  }
  return matches.sort(compareMatches);
}

/** Quota left for sorting: unlimited is more than any number; unknown counts as none. */
const quotaLeft = (k: KeyView): number => (k.unlimitedQuota ? Number.POSITIVE_INFINITY : (k.remainQuota ?? 0));

/** Lower first, unknown (null) last. */
function byKnownNumber(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

export function compareMatches(a: ModelKeyMatch, b: ModelKeyMatch): number {
  const byCost = byKnownNumber(a.costYuan, b.costYuan);
  if (byCost !== 0) return byCost;
  const byRatio = byKnownNumber(a.ratio, b.ratio);
  if (byRatio !== 0) return byRatio;
  const qa = quotaLeft(a.key);
  const qb = quotaLeft(b.key);
  if (qa !== qb) return qb > qa ? 1 : -1;
  return (
    a.accountLabel.localeCompare(b.accountLabel) ||
    a.key.accountId.localeCompare(b.key.accountId) ||
    a.key.id - b.key.id
  );
}
