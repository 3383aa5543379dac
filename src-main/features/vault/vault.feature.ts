// The vault feature: status, passphrase, unlock and lock of the Core's secret store, read again by the accounts after
// an unlock (the vault service announces `vault:changed`, then the accounts).
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { registerVaultHandlers } from './vault.handlers';
import { VaultService } from './vault.service';

export function createVaultFeature(core: Core, { accounts }: { readonly accounts: AccountsService }): Feature {
  const service = new VaultService({ vault: core.vault, accounts, events: core.events });
  return {
    register: (router) => {
      registerVaultHandlers(router, service);
    },
    dispose: () => undefined,
  };
}
