// Handlers of the vault: channels. Thin: the schema of the renderer's input, then the vault service; a refusal
// crosses the bridge as vault.locked with the vault's reason.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import { AppErrorException } from '../../errors';
import { changePassphraseSchema, setPassphraseSchema, unlockSchema } from './vault.schema';
import { VaultRefusedError, type VaultService } from './vault.service';

async function answer<T>(action: () => Promise<T>) {
  try {
    return ok(await action());
  } catch (error) {
    if (error instanceof VaultRefusedError) throw new AppErrorException({ code: error.code, reason: error.reason });
    throw error;
  }
}

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
