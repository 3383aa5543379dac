// The status endpoint as a feature of the running app: the snapshot from the quota monitor and the account
// directory, served while Keydesk runs (status-endpoint.ts); dispose() closes it and removes its token file.
import type { Core } from '../../core';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import type { QuotaMonitor } from '../quota/quota.monitor';
import { SPEC_ACCOUNT_MONEY } from '../../../src-shared/units';
import { startStatusEndpoint, type StatusEndpoint } from './status-endpoint';
import { STATUS_VERSION, entryFromView, type StatusSnapshot } from './status.model';

export interface StatusDeps {
  readonly accounts: AccountDirectory;
  readonly monitor: Pick<QuotaMonitor, 'view'>;
}

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

/** `keydesk status`'s live source: no channels of its own, an endpoint on 127.0.0.1 closed on quit. */
export async function createStatusFeature(core: Core, deps: StatusDeps): Promise<Feature> {
  const now = () => core.clock.now();
  let endpoint: StatusEndpoint | null = null;
  try {
    endpoint = await startStatusEndpoint(core.dataDir, () => liveSnapshot(deps, now), now);
  } catch (error) {
    // The app works without it; `keydesk status` then reads the cache.
    core.log.child('status').warn('status endpoint could not start', { error: String(error) });
  }
  return {
    register: () => undefined,
    dispose: async (): Promise<void> => {
      await endpoint?.close();
    },
  };
}
