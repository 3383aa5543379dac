// Which key can call a model, pure: a key matches when it is usable (enabled, not expired, quota left), its group
// serves the model and its own model allow list (if any) permits it. Matches are sorted cheapest first by the
// group's ratio (unknown ratios last), then by the most quota left (unlimited first).
import type { KeyView, ModelKeyMatch } from '../../../src-shared/contract';

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
      matches.push({ accountLabel: catalog.accountLabel, key, ratio: ratioOf(catalog, key.group) });
    }
  }
  return matches.sort(compareMatches);
}

/** Quota left for sorting: unlimited is more than any number; unknown counts as none. */
const quotaLeft = (k: KeyView): number => (k.unlimitedQuota ? Number.POSITIVE_INFINITY : (k.remainQuota ?? 0));

export function compareMatches(a: ModelKeyMatch, b: ModelKeyMatch): number {
  if (a.ratio !== b.ratio) {
    if (a.ratio === null) return 1;
    if (b.ratio === null) return -1;
    return a.ratio - b.ratio;
  }
  const qa = quotaLeft(a.key);
  const qb = quotaLeft(b.key);
  if (qa !== qb) return qb > qa ? 1 : -1;
  return (
    a.accountLabel.localeCompare(b.accountLabel) ||
    a.key.accountId.localeCompare(b.key.accountId) ||
    a.key.id - b.key.id
  );
}
