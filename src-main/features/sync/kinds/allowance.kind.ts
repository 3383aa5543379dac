// Allowances as synced records, one per allowance, carrying the machine that runs it (runsOn: the sync device id).
// An allowance set before sync runs on the machine that had it. Refills and caps stay the runner's work: the pending
// refill and the cap's count never leave it, so a period's refill written by one machine is never news to another.
import type { AllowanceRecords } from '../../allowance/allowance.records';
import type { AllowanceService } from '../../allowance/allowance.service';
import { portableAllowance, type AllowanceRecord } from '../../allowance/allowance.schema';
import { admitSyncedAllowance, syncedAllowanceSchema, type SyncedAllowance } from '../incoming-allowance';
import type { SyncRecordKind } from '../record-kind';

export interface AllowanceKindDeps {
  readonly records: Pick<AllowanceRecords, 'all' | 'get' | 'onWrite'>;
  readonly service: Pick<AllowanceService, 'applySynced' | 'adoptUnassigned'>;
  /** This machine's sync device id (the kind only runs while sync is set up). */
  readonly deviceId: () => string | null;
}

export function allowanceKind(deps: AllowanceKindDeps): SyncRecordKind {
  const bodyOf = (record: AllowanceRecord): SyncedAllowance | undefined => {
    const here = deps.deviceId();
    const runsOn = record.runsOn ?? here;
    if (runsOn === null) return undefined;
    const { id: _id, ...body } = portableAllowance(record);
    return { ...body, runsOn };
  };
  return {
    kind: 'allowance',
    owns: () => true,
    local() {
      const here = deps.deviceId();
      if (here !== null) deps.service.adoptUnassigned(here);
      return Promise.resolve(new Map(deps.records.all().map((record) => [record.id, bodyOf(record)])));
    },
    localOf(id) {
      const record = deps.records.get(id);
      return Promise.resolve(record === undefined ? null : bodyOf(record));
    },
    admit(id, body) {
      return admitSyncedAllowance(id, body) === null ? null : syncedAllowanceSchema.parse(body);
    },
    apply(changes) {
      for (const [id, body] of changes) {
        if (body === null) {
          deps.service.applySynced(id, null);
          continue;
        }
        const admitted = admitSyncedAllowance(id, body);
        if (admitted !== null) deps.service.applySynced(id, admitted);
      }
      return Promise.resolve();
    },
    describe(body) {
      const parsed = admitSyncedAllowance('00000000-0000-4000-8000-000000000000', body);
      if (parsed === null) return { title: '', fields: [] };
      return {
        title: parsed.keyName,
        fields: [
          { name: 'account', value: parsed.accountId },
          { name: 'amountUnits', value: String(parsed.amountUnits) },
          { name: 'period', value: parsed.period },
          { name: 'mode', value: parsed.mode },
        ],
      };
    },
    onChange: (listener) => deps.records.onWrite(listener),
  };
}
