// Keys' daily spend caps as synced records, one per account: the thresholds a runaway alert fires at are the user's
// wherever they look. Whether an account's keys are listed every 5 minutes ("Track spending per key") stays each
// machine's own choice: it spends that machine's request budget with the site.
import { z } from 'zod';
import { isKeydeskAccountId } from '../../../../src-shared/rules/account-record-rules';
import { isGatewayIdText } from '../../../../src-shared/rules/account-rules';
import type { SpendTracker } from '../../spend/spend.tracker';
import type { SyncRecordKind } from '../record-kind';

/** Enough for every key of a large account. */
const MAX_CAPS = 1_000;

export const syncedCapsSchema = z.strictObject({
  caps: z
    .record(z.string().refine(isGatewayIdText), z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .refine((caps) => Object.keys(caps).length <= MAX_CAPS),
});

/** One account's caps as they would be kept here, or null when they break a rule a cap set here keeps. */
export function admitSyncedCaps(id: string, input: unknown): Record<string, number> | null {
  if (!isKeydeskAccountId(id)) return null;
  const parsed = syncedCapsSchema.safeParse(input);
  return parsed.success && Object.keys(parsed.data.caps).length > 0 ? parsed.data.caps : null;
}

export interface SpendCapsKindDeps {
  readonly spend: Pick<SpendTracker, 'settings' | 'applyCaps' | 'onCapsChange'>;
}

export function spendCapsKind(deps: SpendCapsKindDeps): SyncRecordKind {
  const capsOf = (id: string): unknown => {
    const caps = Object.hasOwn(deps.spend.settings().dailyCaps, id) ? deps.spend.settings().dailyCaps[id] : undefined;
    return caps === undefined ? null : { caps: { ...caps } };
  };
  return {
    kind: 'spend-caps',
    owns: () => true,
    local() {
      const caps = deps.spend.settings().dailyCaps;
      return Promise.resolve(new Map(Object.keys(caps).map((id) => [id, capsOf(id)])));
    },
    localOf: (id) => Promise.resolve(capsOf(id)),
    admit(id, body) {
      const caps = admitSyncedCaps(id, body);
      return caps === null ? null : { caps };
    },
    apply(changes) {
      for (const [id, body] of changes) {
        if (body === null) {
          deps.spend.applyCaps(id, null);
          continue;
        }
        const caps = admitSyncedCaps(id, body);
        if (caps !== null) deps.spend.applyCaps(id, caps);
      }
      return Promise.resolve();
    },
    describe(body) {
      const parsed = syncedCapsSchema.safeParse(body);
      return {
        title: '',
        fields: parsed.success ? [{ name: 'dailyCaps', value: String(Object.keys(parsed.data.caps).length) }] : [],
      };
    },
    onChange: (listener) => deps.spend.onCapsChange(listener),
  };
}
