// The status endpoint as a feature of the running app: the snapshot from the quota monitor and the account
// directory, served while Keydesk runs (status-endpoint.ts); dispose() closes it and removes its token file.
import type { Logger } from '../../log/logger';
import type { AccountDirectory } from '../accounts/account-directory';
import type { QuotaMonitor } from '../quota/quota.monitor';
import { SPEC_ACCOUNT_MONEY } from '../../../src-shared/units';
import { startStatusEndpoint, type StatusEndpoint } from './status-endpoint';
import { STATUS_VERSION, entryFromView, type StatusSnapshot } from './status.model';

export interface StatusFeatureOptions {
  readonly dataDir: string;
  readonly accounts: AccountDirectory;
  readonly monitor: Pick<QuotaMonitor, 'view'>;
  readonly log: Logger;
  readonly now?: () => number;
}

export function liveSnapshot(options: StatusFeatureOptions): StatusSnapshot {
  const now = options.now ?? Date.now;
  return {
    version: STATUS_VERSION,
    source: 'keydesk',
    generatedAt: now(),
    accounts: options.accounts
      .list()
      .filter((a) => !a.isHidden)
      .map((a) => entryFromView({ ...a, money: a.money ?? SPEC_ACCOUNT_MONEY }, options.monitor.view(a.id))),
  };
}

export async function createStatusFeature(options: StatusFeatureOptions) {
  let endpoint: StatusEndpoint | null = null;
  try {
    endpoint = await startStatusEndpoint(options.dataDir, () => liveSnapshot(options));
  } catch (error) {
    // The app works without it; `keydesk status` then reads the cache.
    options.log.warn('status endpoint could not start', { error: String(error) });
  }
  return {
    endpoint,
    dispose: async (): Promise<void> => {
      await endpoint?.close();
    },
  };
}
