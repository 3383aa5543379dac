// The per-key spend watcher: takes each list pass of an account's keys (or its failure), keeps every key's
// used_quota ring and runaway state in one compact document, raises one runaway alert per episode through the
// alerts service, and answers the alert's Disable now (one status-only request) and Dismiss as false alarm.
import { z } from 'zod';
import type { KeyView, Result, RunawayAlertView } from '../../../src-shared/contract';
import { emptyIdRecord, entriesOf, entryOf, idRecord, idRecordOf, withEntry, withoutEntry } from '../../id-record';
import type { DocumentStore } from '../../vault/config.store';
import type { AlertAccount, AlertsService, RunawayActions } from '../alerts/alerts.service';
import {
  CALM,
  MAX_READS,
  MAX_STORED_VALUE,
  addRead,
  dismissFalseAlarm,
  spendRates,
  stepRunaway,
  type RunawayState,
  type SpendEntry,
  type SpendRates,
} from './spend-rules';
import { decodeRing, encodeRing, isStoredRing, lastReadAt } from './ring-codec';

/** The longest stored ring: MAX_READS reads of at most 16 bytes, in base64. */
const MAX_RING_CHARS = Math.ceil((MAX_READS * 16 * 4) / 3);

/** The flat numbers of the version before (two per read, -1 a gap, a negated time closing a held run). */
function fromFlatNumbers(flat: readonly number[]): SpendEntry[] {
  const ring: SpendEntry[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const at = flat[i] ?? 0;
    const used = flat[i + 1] ?? -1;
    if (at < 0 && used >= 0) ring.push([-at, used, 1]);
    else ring.push([Math.abs(at), used < 0 ? null : used]);
  }
  return ring;
}

const storedValue = z.number().int().min(-MAX_STORED_VALUE).max(MAX_STORED_VALUE);
/** Reads as stored (ring-codec), or as earlier versions stored them, converted on load. */
const ringSchema = z.union([
  z
    .string()
    .max(MAX_RING_CHARS)
    .refine((s) => isStoredRing(s, MAX_READS), 'not a stored spend ring'),
  z
    .array(storedValue)
    .max(2 * MAX_READS)
    .refine((flat) => flat.length % 2 === 0, 'a ring holds pairs of numbers')
    .transform((flat) => encodeRing(fromFlatNumbers(flat))),
  z
    .array(z.union([z.tuple([storedValue, storedValue, z.literal(1)]), z.tuple([storedValue, storedValue.nullable()])]))
    .max(MAX_READS)
    .transform((pairs) => encodeRing(pairs)),
]);
const stateSchema = z.object({
  episodeStart: z.number().nullable(),
  episodes: z.number().int(),
  baselineFloor: z.number(),
  episodeUsual: z.number().nullable(),
  episodePeak: z.number(),
});
export const keyEntrySchema = z.object({ name: z.string(), ring: ringSchema, runaway: stateSchema });
/**
 * accountId → keyId (as a string) → the key's name, ring and runaway state. No fallback: a file that does not fit is
 * kept aside and reported by its store, never read as "no history" and then overwritten. Prototype-less records
 * (id-record.ts): an account id from an older data folder may be `constructor` or `__proto__`.
 */
export const spendDocumentSchema = z.object({
  accounts: idRecord(idRecord(keyEntrySchema)),
});
export type SpendDocument = z.infer<typeof spendDocumentSchema>;
export const EMPTY_SPEND: SpendDocument = { accounts: emptyIdRecord() };
type KeyEntry = z.infer<typeof keyEntrySchema>;

/** A key's spend, for the top spenders card and the key's chart. */
export interface KeySpend extends SpendRates {
  readonly accountId: string;
  readonly keyId: number;
  readonly keyName: string;
}

export interface SpendWatcherDeps {
  readonly store: DocumentStore<SpendDocument>;
  readonly alerts: AlertsService;
  readonly account: (accountId: string) => AlertAccount;
  /** The user's daily cap for a key, in units; null when none. */
  readonly dailyCapOf: (accountId: string, keyId: number) => number | null;
  /** Status-only update of one key (the keys service's setStatus). */
  readonly setKeyEnabled: (accountId: string, keyId: number, isEnabled: boolean) => Promise<Result<void>>;
  readonly now: () => number;
}

export class SpendWatcher {
  constructor(private readonly deps: SpendWatcherDeps) {}

  /**
   * One list pass at `now`: the keys as listed, or null when the pass failed. A listed key gets its used_quota; a
   * known key missing from the list, a key without a known used_quota and every key of a failed pass get a gap.
   */
  recordPass(accountId: string, keys: readonly KeyView[] | null): void {
    const now = this.deps.now();
    const doc = this.deps.store.read();
    const known = entryOf(doc.accounts, accountId) ?? emptyIdRecord<KeyEntry>();
    const listed = new Map((keys ?? []).map((k) => [String(k.id), k]));
    const next: [string, KeyEntry][] = [];
    const ids = new Set([...Object.keys(known), ...listed.keys()]);
    for (const id of ids) {
      const key = listed.get(id);
      const entry = entryOf(known, id) ?? { name: key?.name ?? id, ring: '', runaway: CALM };
      // A key gone from a successful pass was deleted: its history goes with it.
      if (keys !== null && key === undefined) continue;
      const ring = addRead(decodeRing(entry.ring), { at: now, usedUnits: key?.usedQuota ?? null });
      const step = stepRunaway(entry.runaway, ring, now, this.deps.dailyCapOf(accountId, Number(id)));
      next.push([id, { name: key?.name ?? entry.name, ring: encodeRing(ring), runaway: step.state }]);
      if (step.fired) {
        this.deps.alerts.raiseAlert(this.deps.account(accountId), {
          kind: 'runaway',
          accountId,
          episodeKey: `runaway:${accountId}:${id}:${step.fired.episode}`,
          keyId: Number(id),
          keyName: key?.name ?? entry.name,
          reason: step.fired.reason,
          hourSpendUnits: step.fired.hourSpendUnits,
          usualHourUnits: step.fired.usualHourUnits,
          dailyCapUnits: step.fired.reason === 'daily_cap' ? this.deps.dailyCapOf(accountId, Number(id)) : null,
          daySpendUnits: step.fired.daySpendUnits,
          resolution: null,
        });
      }
    }
    this.deps.store.write({ accounts: withEntry(doc.accounts, accountId, idRecordOf(next)) });
  }

  /** Every watched key's rates; top spenders first (unknown last, never as zero). */
  topSpenders(accountId?: string, limit = 5): KeySpend[] {
    const now = this.deps.now();
    const rows: KeySpend[] = [];
    for (const [account, keys] of entriesOf(this.deps.store.read().accounts)) {
      if (accountId !== undefined && account !== accountId) continue;
      for (const [id, entry] of entriesOf(keys)) {
        rows.push({
          accountId: account,
          keyId: Number(id),
          keyName: entry.name,
          ...spendRates(decodeRing(entry.ring), now),
        });
      }
    }
    const rank = (r: KeySpend): number => r.lastHourUnits ?? -1;
    return rows.sort((a, b) => rank(b) - rank(a)).slice(0, limit);
  }

  /** What the runaway alert's buttons do. */
  readonly actions: RunawayActions = {
    disableKey: (accountId, keyId) => this.deps.setKeyEnabled(accountId, keyId, false),
    dismiss: (alert: RunawayAlertView) => {
      // Past the user's own cap is not a judgement of the key's usual rate: nothing to learn from dismissing it.
      if (alert.reason === 'daily_cap') return;
      const doc = this.deps.store.read();
      const keys = entryOf(doc.accounts, alert.accountId);
      const entry = entryOf(keys, String(alert.keyId));
      if (keys === undefined || entry === undefined) return;
      const runaway: RunawayState = dismissFalseAlarm(entry.runaway, alert.hourSpendUnits);
      this.deps.store.write({
        accounts: withEntry(doc.accounts, alert.accountId, withEntry(keys, String(alert.keyId), { ...entry, runaway })),
      });
    },
  };

  /**
   * A key's reads since `from` (epoch ms), oldest first; empty when none is kept. A run that reaches into the window
   * comes with the read it starts from, however old.
   */
  readsSince(accountId: string, keyId: number, from: number): SpendEntry[] {
    const ring = decodeRing(entryOf(entryOf(this.deps.store.read().accounts, accountId), String(keyId))?.ring ?? '');
    const start = ring.findIndex(([at]) => at >= from);
    if (start === -1) return [];
    return ring.slice(start > 0 && ring[start]?.length === 3 ? start - 1 : start);
  }

  /** When the account's last pass (read or gap) was recorded; null when none is kept. */
  lastPassAt(accountId: string): number | null {
    let last: number | null = null;
    for (const [, entry] of entriesOf(
      entryOf(this.deps.store.read().accounts, accountId) ?? emptyIdRecord<KeyEntry>(),
    )) {
      const at = lastReadAt(entry.ring);
      if (at !== null && (last === null || at > last)) last = at;
    }
    return last;
  }

  /** A removed account's history goes with it. */
  forget(accountId: string): void {
    this.deps.store.write({ accounts: withoutEntry(this.deps.store.read().accounts, accountId) });
  }
}
