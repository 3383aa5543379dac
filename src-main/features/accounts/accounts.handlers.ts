// Handlers of the accounts: and vault: channels. Thin: schemas for the renderer's input, then the services.
import { z } from 'zod';
import { ok, type VaultStatus as VaultStatusView } from '../../../src-shared/contract';
import type { EventBus } from '../../bridge/events';
import { noArgs, type Router } from '../../bridge/router';
import { AppErrorException } from '../../errors';
import { thresholdsSchema, yuanRateSchema } from './account-records';
import { credentialText } from './credential-text';
import type { AccountsService } from './accounts.service';
import { withSiteMoney, type SiteMoneyService } from '../money/site-money.service';
import { CipherError } from '../../vault/cipher';
import type { SecretStore, VaultStatus } from '../../vault/secret.store';

const id = z.string().min(1).max(100);
const secret = credentialText(4096);
const url = z.string().max(2048);

const credentialSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('password'),
    username: credentialText(200),
    password: secret,
    remember: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('access_token'),
    accessToken: secret,
    userId: z.number().int().positive().optional(),
  }),
  z.strictObject({ kind: z.literal('api_key'), apiKey: secret }),
]);

const yuanPerUsd = yuanRateSchema.nullable().optional();

const draftSchema = z.strictObject({
  label: z.string().max(200),
  baseUrl: url,
  apiUrl: url,
  credential: credentialSchema,
  yuanPerUsd,
  thresholds: thresholdsSchema.strict().optional(),
});

const patchSchema = z.strictObject({
  label: z.string().max(200).optional(),
  baseUrl: url.optional(),
  apiUrl: url.optional(),
  yuanPerUsd,
  thresholds: thresholdsSchema.strict().optional(),
  isHidden: z.boolean().optional(),
  isDisabled: z.boolean().optional(),
});

const passphrase = z.string().min(8).max(1024);

/** The vault's own status, in the contract's words for the renderer. */
export function vaultStatusView(status: VaultStatus): VaultStatusView {
  return {
    backend: status.backend,
    isPersistent: status.isPersistent,
    isLocked: status.isLocked,
    hasPassphrase: status.hasPassphrase,
    reasons: status.reasons,
    isPassphraseSuggested: status.canSetPassphrase,
    problems: [
      ...status.fileNotices.map((notice) => ({ kind: notice.kind, detail: notice.path })),
      ...status.lockedAccounts.map((account) => ({ kind: 'locked_account', detail: account })),
    ],
  };
}

export function registerAccountsHandlers(
  router: Router,
  accounts: AccountsService,
  vault: SecretStore,
  events: EventBus,
  siteMoney?: SiteMoneyService,
): void {
  const vaultCall = async (action: () => Promise<void> | void) => {
    try {
      await action();
    } catch (error) {
      // A wrong passphrase is the user's to correct; anything else is the vault refusing (its words stay in main).
      if (error instanceof CipherError && error.kind === 'authentication') {
        throw new AppErrorException({ code: 'vault.locked', reason: 'vault.wrong_passphrase' });
      }
      throw new AppErrorException({ code: 'vault.locked', reason: 'vault.refused' });
    }
    const status = vaultStatusView(vault.status());
    events.emit('vault:changed', status);
    // Entries sealed by a passphrase become readable (or not) with it: re-read every account's state.
    await accounts.init();
    events.emit('accounts:changed', accounts.snapshot());
    return ok(status);
  };

  router
    .handle('accounts:list', noArgs, () => ok(accounts.snapshot()))
    .handle('accounts:test', draftSchema, async (draft) => {
      const checked = await accounts.test(draft);
      return checked.ok && siteMoney ? withSiteMoney(checked.value, draft.baseUrl, siteMoney) : checked;
    })
    .handle('accounts:add', draftSchema, (draft) => accounts.add(draft))
    .handle(
      'accounts:answerChallenge',
      z.strictObject({
        challengeId: id,
        code: z.string().trim().min(1).max(64),
        method: z.string().max(40).optional(),
      }),
      ({ challengeId, code, method }) => accounts.answerChallenge(challengeId, code, method),
    )
    .handle(
      'accounts:signIn',
      z.strictObject({ id, password: secret.optional(), remember: z.boolean().optional() }),
      ({ id: account, password, remember }) => accounts.signIn(account, password, remember),
    )
    .handle(
      'accounts:setCredential',
      z.strictObject({ id, credential: credentialSchema }),
      ({ id: account, credential }) => accounts.setCredential(account, credential),
    )
    .handle('accounts:signOut', z.strictObject({ id }), async ({ id: account }) => ok(await accounts.signOut(account)))
    .handle('accounts:update', z.strictObject({ id, patch: patchSchema }), ({ id: account, patch }) =>
      ok(accounts.update(account, patch)),
    )
    .handle('accounts:remove', z.strictObject({ id }), async ({ id: account }) => ok(await accounts.remove(account)))
    .handle('accounts:reorder', z.strictObject({ ids: z.array(id).max(1000) }), ({ ids }) => ok(accounts.reorder(ids)))
    .handle('accounts:switch', z.strictObject({ id }), ({ id: account }) => ok(accounts.switch(account)))
    .handle('vault:status', noArgs, () => ok(vaultStatusView(vault.status())))
    .handle('vault:setPassphrase', z.strictObject({ passphrase }), ({ passphrase: value }) =>
      vaultCall(() => vault.setPassphrase(value)),
    )
    .handle('vault:unlock', z.strictObject({ passphrase: z.string().min(1).max(1024) }), ({ passphrase: value }) =>
      vaultCall(() => vault.unlock(value)),
    )
    .handle(
      'vault:changePassphrase',
      z.strictObject({ current: z.string().min(1).max(1024), next: passphrase }),
      ({ current, next }) => vaultCall(() => vault.changePassphrase(current, next)),
    )
    .handle('vault:lock', noArgs, () => vaultCall(() => vault.lock()));
}
