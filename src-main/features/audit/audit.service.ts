// The charge audit of one account: the site's published prices (GET /api/pricing), its consume rows in the window
// (GET /api/log/self, all keys at once), and — only where rows do not say which group a call ran as — the key list
// and the account's own group. Read only, nothing of the site's critical bucket: 1 + up to 20 + (1 or more) + 1
// requests. Sites without prices or logs get a plain reason instead of a report.
import type { AuditOutcome, AuditWindowHours, Result } from '../../../src-shared/contract';
import { ok } from '../../../src-shared/contract';
import type { ClockPort, KeyRecord, ManagementClient } from '../../gateway';
import type { AccountDirectory } from '../accounts/account-directory';
import { auditReport, type KeyGroups } from './audit-report';

/** The newest calls read: 20 pages of 100 (one-api's pages hold 10, but one-api publishes no prices anyway). */
export const AUDIT_MAX_PAGES = 20;
export const AUDIT_MAX_ROWS = 2_000;
const KEY_LIST_PAGES = 50;

export interface AuditServiceOptions {
  readonly directory: AccountDirectory;
  readonly clock: Pick<ClockPort, 'now'>;
}

export class AuditService {
  constructor(private readonly options: AuditServiceOptions) {}

  async run(accountId: string, windowHours: AuditWindowHours): Promise<Result<AuditOutcome>> {
    const { directory, clock } = this.options;
    const m = await directory.management(accountId);
    const pricing = await m.getPricing();
    if (!pricing.ok) {
      return pricing.error.code === 'unsupported' ? ok({ kind: 'unavailable', accountId, why: 'no_prices' }) : pricing;
    }
    const until = Math.floor(clock.now() / 1000);
    const since = until - windowHours * 3600;
    const read = await m.listUsageLogs({
      tokenName: '',
      since,
      until,
      maxPages: AUDIT_MAX_PAGES,
      maxRows: AUDIT_MAX_ROWS,
    });
    if (!read.ok) {
      return read.error.code === 'unsupported' ? ok({ kind: 'unavailable', accountId, why: 'no_logs' }) : read;
    }
    if (read.value.rows.length === 0) return ok({ kind: 'unavailable', accountId, why: 'no_calls' });
    const needsKeys =
      read.value.rows.some((r) => r.group == null) || !read.value.rows.some((r) => (r.token_id ?? 0) > 0);
    const keys = needsKeys ? await keyGroups(m) : EMPTY_GROUPS;
    if (!keys.ok) return keys;
    return ok(
      auditReport({
        accountId,
        since,
        until,
        read: read.value,
        pricing: pricing.value,
        quotaPerUnit: directory.get(accountId).units.quotaPerUnit,
        keys: keys.value,
      }),
    );
  }
}

const EMPTY_GROUPS: Result<KeyGroups> = ok({ groupOfName: new Map(), idOfName: new Map(), accountGroup: null });

/** Which group each key name calls as, and the account's own group if a key uses the default one. */
async function keyGroups(m: ManagementClient): Promise<Result<KeyGroups>> {
  const listed = await m.listAllKeys(KEY_LIST_PAGES);
  if (!listed.ok) return listed;
  const byName = new Map<string, KeyRecord[]>();
  for (const k of listed.value) byName.set(k.name, [...(byName.get(k.name) ?? []), k]);
  const groupOfName = new Map<string, string>();
  const idOfName = new Map<string, number>();
  for (const [name, keys] of byName) {
    const groups = new Set(keys.map((k) => k.group));
    const [only] = groups;
    if (groups.size === 1 && only !== undefined) groupOfName.set(name, only);
    const [first] = keys;
    if (keys.length === 1 && first !== undefined) idOfName.set(name, first.id);
  }
  let accountGroup: string | null = null;
  if ([...groupOfName.values()].includes('')) {
    const self = await m.getSelf();
    if (self.ok) accountGroup = self.value.group;
  }
  return ok({ groupOfName, idOfName, accountGroup });
}
