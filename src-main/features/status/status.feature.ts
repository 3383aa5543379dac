// The status snapshot of the running app: the quota monitor's balances and the account directory's names, which the
// local channel (features/channel) answers `keydesk status` and the MCP server's balances with.
import type { AccountDirectory } from '../accounts/account-directory';
import type { QuotaMonitor } from '../quota/quota.monitor';
import { SPEC_ACCOUNT_MONEY } from '../../../src-shared/units';
import { STATUS_VERSION, entryFromView, type StatusSnapshot } from './status.model';

export interface StatusDeps {
  readonly accounts: AccountDirectory;
  readonly monitor: Pick<QuotaMonitor, 'view'>;
}

/** The snapshot at `now` (the platform clock's reading; there is no fallback clock in main). */
export function liveSnapshot(deps: StatusDeps, now: () => number): StatusSnapshot {
  return {
    version: STATUS_VERSION,
    source: 'keydesk',
    generatedAt: now(),
    accounts: deps.accounts
      .list()
      .filter((a) => !a.isHidden)
      .map((a) => entryFromView({ ...a, money: a.money ?? SPEC_ACCOUNT_MONEY }, deps.monitor.view(a.id))),
  };
}
