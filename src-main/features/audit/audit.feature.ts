// The charge audit feature: recomputes an account's calls from its site's published prices, on request only.
import type { Core } from '../../core';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { registerAuditHandlers } from './audit.handlers';
import { AuditService } from './audit.service';

export interface AuditDeps {
  readonly accounts: AccountDirectory;
}

export function createAuditFeature(core: Core, { accounts }: AuditDeps): Feature {
  const service = new AuditService({ directory: accounts, clock: core.clock });
  return {
    register: (router) => {
      registerAuditHandlers(router, service);
    },
    dispose: () => undefined,
  };
}
