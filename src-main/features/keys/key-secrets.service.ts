// Everything that needs a full key: reveal (the one path by which a full key reaches the renderer), copy (in main,
// through the clipboard guard), export to a file, and the key's own view of itself (billing, models, test)
// through a KeyClient built in main — the key never goes to the renderer for those. Servers without reveal
// endpoints (early new-api, one-api) list full keys instead: this service owns that fallback.
import {
  fail,
  ok,
  type CopyOutcome,
  type ExportOutcome,
  type KeyExportFormat,
  type KeyTestOutcome,
  type KeyUsageView,
  type Language,
  type KeyView,
  type ModelView,
  type Result,
} from '../../../src-shared/contract';
import {
  unitsToDecimalString,
  type ClockPort,
  type KeyRecord,
  type ManagementClient,
  type Model,
  type QuotaValue,
} from '../../gateway';
import type { Logger } from '../../log/logger';
import type { SecretFileSinkPort } from '../../platform/ports';
import type { AccountDirectory } from '../accounts/account-directory';
import type { ClipboardGuard } from './clipboard-guard';
import { toKeyView } from './key-view';
import { toAppError, unwrap } from '../../errors';
import { CSV_COLUMNS, EXPORT_STRINGS, type ExportStrings } from './export-strings';

/** How long a revealed key may stay on screen before the renderer masks it again. */
export const REVEAL_MS = 30_000;
const MAX_EXPORT_PAGES = 50;

export interface KeySecretsOptions {
  readonly directory: AccountDirectory;
  readonly clipboard: ClipboardGuard;
  readonly files: SecretFileSinkPort;
  readonly clock: Pick<ClockPort, 'now'>;
  /** Where an export's unexpected failure is written (the user is told the log has the details). */
  readonly log?: Logger;
  /** The user's language: an export's CSV column names and "never" are written in it (default en-US). */
  readonly language?: () => Language;
  /**
   * Told of each whole key this service obtained (revealed, or read where lists carry whole keys): key health may
   * then check that key this session without revealing it again (health/held-keys.ts). Never persisted.
   */
  readonly onFullKey?: (accountId: string, id: number, key: string) => void;
}

export const toModelView = (m: Model): ModelView => ({
  id: m.id,
  ownedBy: m.owned_by ?? '',
  created: m.created ?? null,
  endpointTypes: m.supported_endpoint_types,
});

const limitUnits = (q: QuotaValue): number | null => (q.kind === 'unlimited' ? null : q.units);

const isUnsupported = (r: Result<unknown>): boolean => !r.ok && r.error.code === 'unsupported';

/** Full keys a list or detail read carried (servers without reveal send them whole), by id. */
const fullKeysOf = (records: readonly KeyRecord[]): Map<number, string> =>
  new Map(records.filter((k) => !k.isMasked).map((k) => [k.id, k.key]));

export class KeySecretsService {
  /**
   * Accounts whose server answered reveal with `unsupported`: their full keys come from fresh reads, and reveal is
   * not asked again until a read comes back masked (the server was upgraded).
   */
  readonly #withoutReveal = new Set<string>();

  constructor(private readonly options: KeySecretsOptions) {}

  async reveal(accountId: string, id: number): Promise<Result<{ id: number; key: string; hideAt: number }>> {
    const m = await this.options.directory.management(accountId);
    const r = await this.fullKey(accountId, m, id);
    return r.ok ? ok({ id, key: r.value, hideAt: this.options.clock.now() + REVEAL_MS }) : r;
  }

  /** One full key: reveal, or a fresh detail read where the server has no reveal and sends keys whole. */
  async fullKey(accountId: string, m: ManagementClient, id: number): Promise<Result<string>> {
    const fromRead = async (): Promise<Result<string> | undefined> => {
      const record = await m.getKey(id);
      if (!record.ok) return record;
      return record.value.isMasked ? undefined : ok(record.value.key);
    };
    const r = await this.withFallback(accountId, () => m.revealKey(id), fromRead);
    if (r.ok) this.options.onFullKey?.(accountId, id, r.value);
    return r;
  }

  /** Full keys by id: batch reveal, or a fresh list read where the server has no reveal. Absent ids are missing. */
  async fullKeys(
    accountId: string,
    m: ManagementClient,
    ids: readonly number[],
    listed?: readonly KeyRecord[],
  ): Promise<Result<ReadonlyMap<number, string>>> {
    const fromRead = async (): Promise<Result<ReadonlyMap<number, string>> | undefined> => {
      if (listed) return this.pick(listed, ids);
      const r = await m.listAllKeys(MAX_EXPORT_PAGES);
      return r.ok ? this.pick(r.value, ids) : r;
    };
    const r = await this.withFallback(accountId, () => m.revealKeys(ids), fromRead);
    if (r.ok) for (const [id, key] of r.value) this.options.onFullKey?.(accountId, id, key);
    return r;
  }

  private pick(records: readonly KeyRecord[], ids: readonly number[]): Result<ReadonlyMap<number, string>> | undefined {
    const wanted = new Set(ids);
    const mine = records.filter((k) => wanted.has(k.id));
    // Masked keys mean the server does have reveal (it was upgraded): go back to asking it.
    if (mine.some((k) => k.isMasked)) return undefined;
    return ok(fullKeysOf(mine));
  }

  /**
   * Asks reveal unless this account's server is known to lack it; on `unsupported`, reads the keys instead. A read
   * that comes back masked means reveal exists after all, so reveal is asked (again).
   */
  private async withFallback<T>(
    accountId: string,
    reveal: () => Promise<Result<T>>,
    read: () => Promise<Result<T> | undefined>,
  ): Promise<Result<T>> {
    if (this.#withoutReveal.has(accountId)) {
      const r = await read();
      if (r !== undefined) return r;
      this.#withoutReveal.delete(accountId);
    }
    const revealed = await reveal();
    if (!isUnsupported(revealed)) return revealed;
    const r = await read();
    if (r === undefined) return revealed;
    this.#withoutReveal.add(accountId);
    return r;
  }

  /** Keys as `sk-…`, one per line. Refused before any reveal when there is no clipboard in main (browser mode). */
  async copy(accountId: string, ids: readonly number[]): Promise<Result<CopyOutcome>> {
    if (!this.options.clipboard.isAvailable) {
      return fail({ code: 'unavailable', reason: 'mode.no_clipboard' });
    }
    const m = await this.options.directory.management(accountId);
    const r = await this.fullKeys(accountId, m, ids);
    if (!r.ok) return r;
    const found = ids.filter((id) => r.value.has(id));
    const missing = ids.filter((id) => !r.value.has(id));
    if (found.length === 0) return fail({ code: 'not_found', reason: 'account.key_not_found' });
    const clearAt = await this.options.clipboard.copy(found.map((id) => r.value.get(id)).join('\n'));
    return ok({ copied: found.length, clearAt, missing });
  }

  async export(accountId: string, ids: readonly number[], format: KeyExportFormat): Promise<Result<ExportOutcome>> {
    const { directory, clock, files } = this.options;
    const handle = directory.get(accountId);
    const m = await directory.management(accountId);
    const words = EXPORT_STRINGS[this.options.language?.() ?? 'en-US'];
    try {
      const wanted = new Set(ids);
      const records = unwrap(await m.listAllKeys(MAX_EXPORT_PAGES)).filter((k) => wanted.has(k.id));
      const keys = unwrap(
        await this.fullKeys(
          accountId,
          m,
          records.map((k) => k.id),
          records,
        ),
      );
      const nowSec = Math.floor(clock.now() / 1000);
      const rows = records
        .filter((k) => keys.has(k.id))
        .map((k) => exportRow(toKeyView(accountId, k, nowSec), k, keys.get(k.id) ?? '', handle.units, words));
      const missing = ids.filter((id) => !rows.some((row) => row.id === id));
      if (rows.length === 0) return fail({ code: 'not_found', reason: 'account.key_not_found' });
      const contents = format === 'csv' ? toCsv(rows, words) : `${JSON.stringify(rows, null, 2)}\n`;
      const path = await files.save(exportName(handle.label, clock.now(), format), contents, words.dialogTitle);
      return ok({ path, count: path === null ? 0 : rows.length, missing });
    } catch (error) {
      return { ok: false, error: toAppError(error, this.options.log, 'key export failed') };
    }
  }

  /**
   * Billing and models as the key sees them, each with its own outcome: one failing leaves the other. Asked for on
   * request only: the full key takes a reveal, from the site's small critical bucket. The key usage endpoint
   * (/api/usage/token/, critical too) is not read: what it says, the key list already holds.
   */
  async usage(accountId: string, id: number): Promise<Result<KeyUsageView>> {
    const client = await this.keyClient(accountId, id);
    if (!client.ok) return client;
    const [balance, models] = await Promise.all([
      client.value.getBalance(undefined, this.options.directory.get(accountId).units),
      client.value.listModels(),
    ]);
    return ok({
      billing: balance.ok
        ? {
            softLimitUnits: limitUnits(balance.value.limits.soft),
            hardLimitUnits: limitUnits(balance.value.limits.hard),
            usedUnits: balance.value.usedUnits,
            remainingUnits: limitUnits(balance.value.remaining),
            accessUntil: balance.value.limits.accessUntil,
          }
        : null,
      billingError: balance.ok ? null : balance.error,
      models: models.ok ? models.value.map(toModelView) : null,
      modelsError: models.ok ? null : models.error,
    });
  }

  /** GET /v1/models with the key: does it work right now? */
  async test(accountId: string, id: number): Promise<Result<KeyTestOutcome>> {
    const client = await this.keyClient(accountId, id);
    if (!client.ok) return client;
    const started = this.options.clock.now();
    const r = await client.value.listModels();
    return r.ok ? ok({ modelCount: r.value.length, latencyMs: this.options.clock.now() - started }) : r;
  }

  private async keyClient(accountId: string, id: number) {
    const m = await this.options.directory.management(accountId);
    const key = await this.fullKey(accountId, m, id);
    if (!key.ok) return key;
    return ok(await this.options.directory.keyClient(accountId, key.value));
  }
}

interface ExportRow {
  readonly id: number;
  readonly name: string;
  readonly key: string;
  readonly group: string;
  readonly state: string;
  readonly unlimited: boolean;
  readonly remainQuotaUnits: number;
  readonly remainAmount: string;
  readonly usedQuotaUnits: number;
  /** ISO time, or "never". */
  readonly expires: string;
  readonly modelLimits: string;
  readonly allowIps: string;
}

function exportRow(
  view: KeyView,
  record: KeyRecord,
  key: string,
  units: Parameters<typeof unitsToDecimalString>[1],
  words: ExportStrings,
): ExportRow {
  return {
    id: view.id,
    name: view.name,
    key,
    group: view.group,
    state: view.state,
    unlimited: view.unlimitedQuota,
    remainQuotaUnits: record.remain_quota,
    remainAmount: unitsToDecimalString(record.remain_quota, units),
    usedQuotaUnits: record.used_quota,
    expires: record.expired_time === -1 ? words.never : new Date(record.expired_time * 1000).toISOString(),
    modelLimits: view.modelLimits.join(','),
    allowIps: view.allowIps,
  };
}

/** RFC 4180 quoting, and a leading ' on cells a spreadsheet would run as a formula (a key name is user text). */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV of an export: the header row in the user's language, then one row per key. */
export const toCsv = (rows: readonly ExportRow[], words: ExportStrings = EXPORT_STRINGS['en-US']): string =>
  [
    CSV_COLUMNS.map((c) => csvCell(words.columns[c])).join(','),
    ...rows.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(',')),
  ].join('\r\n') + '\r\n';

function exportName(label: string, nowMs: number, format: KeyExportFormat): string {
  const safe = label.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 40) || 'account';
  const stamp = new Date(nowMs).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `keydesk-keys-${safe}-${stamp}.${format}`;
}
