// An allowance synced from another Keydesk passes the rules an allowance set here passes (a known period and mode, an
// amount the site can hold, a time zone this system knows, a Keydesk account id, a bounded history) before anything
// of it is written. It travels without the runner's own bookkeeping (a refill sent and not yet confirmed, a cap's
// count): those are the running machine's, and the machine it names in `runsOn` is the only one that acts on it.
import { z } from 'zod';
import { isKeydeskAccountId } from '../../../src-shared/rules/account-record-rules';
import { isTimeZone } from '../allowance/allowance-periods';
import { allowanceRecordSchema } from '../allowance/allowance.schema';
import type { SyncedAllowanceRecord } from '../allowance/allowance.service';

/** What an allowance is on the wire of the sync folder: every field but the id (the record's) and the runner's own. */
export const syncedAllowanceSchema = allowanceRecordSchema
  .omit({ id: true, pending: true, cap: true })
  .extend({ runsOn: z.uuid() })
  .strict();
export type SyncedAllowance = z.infer<typeof syncedAllowanceSchema>;

/** The synced allowance as Keydesk would store it, or null when it breaks a rule an allowance set here keeps. */
export function admitSyncedAllowance(id: string, input: unknown): SyncedAllowanceRecord | null {
  if (!isKeydeskAccountId(id)) return null;
  const parsed = syncedAllowanceSchema.safeParse(input);
  if (!parsed.success) return null;
  const body = parsed.data;
  if (!isKeydeskAccountId(body.accountId) || !isTimeZone(body.timeZone)) return null;
  if (body.updatedAt < body.createdAt) return null;
  return { ...body, id };
}
