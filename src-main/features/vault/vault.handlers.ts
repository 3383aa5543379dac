// Handlers of the vault: channels. Thin: the schema of the renderer's input, then the vault service; a refusal
// (VaultRefusedError) converts itself in the router as vault.locked with the vault's reason.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import { changePassphraseSchema, setPassphraseSchema, unlockSchema } from './vault.schema';
import type { VaultService } from './vault.service';

const answer = async <T>(action: () => Promise<T>) => ok(await action());

export function registerVaultHandlers(router: Router, vault: VaultService): void {
  router
    .handle('vault:status', noArgs, () => ok(vault.status()))
    .handle('vault:setPassphrase', setPassphraseSchema, ({ passphrase }) =>
      answer(() => vault.setPassphrase(passphrase)),
    )
    .handle('vault:unlock', unlockSchema, ({ passphrase }) => answer(() => vault.unlock(passphrase)))
    .handle('vault:changePassphrase', changePassphraseSchema, ({ current, next }) =>
      answer(() => vault.changePassphrase(current, next)),
    )
    .handle('vault:lock', noArgs, () => answer(() => vault.lock()));
}
