// Handlers of the accounts: channels (the vault: ones are features/vault). Thin: the input's schema
// (accounts.schema.ts), then the services.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import {
  accountIdSchema,
  answerChallengeSchema,
  draftSchema,
  reorderSchema,
  setCredentialSchema,
  signInSchema,
  updateSchema,
} from './accounts.schema';
import type { AccountsService } from './accounts.service';
import { withSiteMoney, type SiteMoneyService } from '../site/site-money.service';

export function registerAccountsHandlers(
  router: Router,
  accounts: AccountsService,
  siteMoney?: SiteMoneyService,
): void {
  router
    .handle('accounts:list', noArgs, () => ok(accounts.snapshot()))
    .handle('accounts:test', draftSchema, async (draft) => {
      const checked = await accounts.test(draft);
      return checked.ok && siteMoney ? withSiteMoney(checked.value, draft.baseUrl, siteMoney) : checked;
    })
    .handle('accounts:add', draftSchema, (draft) => accounts.add(draft))
    .handle('accounts:answerChallenge', answerChallengeSchema, ({ challengeId, code, method }) =>
      accounts.answerChallenge(challengeId, code, method),
    )
    .handle('accounts:signIn', signInSchema, ({ id, password, remember }) => accounts.signIn(id, password, remember))
    .handle('accounts:setCredential', setCredentialSchema, ({ id, credential }) =>
      accounts.setCredential(id, credential),
    )
    .handle('accounts:signOut', accountIdSchema, async ({ id }) => ok(await accounts.signOut(id)))
    .handle('accounts:update', updateSchema, ({ id, patch }) => ok(accounts.update(id, patch)))
    .handle('accounts:remove', accountIdSchema, async ({ id }) => ok(await accounts.remove(id)))
    .handle('accounts:reorder', reorderSchema, ({ ids }) => ok(accounts.reorder(ids)))
    .handle('accounts:switch', accountIdSchema, ({ id }) => ok(accounts.switch(id)));
}
