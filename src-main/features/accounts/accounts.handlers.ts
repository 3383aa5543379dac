// Handlers of the accounts: channels (the vault: ones are features/vault). Thin: schemas for the renderer's input, then the services.
import { z } from 'zod';
import { MAX_URL_CHARS } from '../../../src-shared/rules/url-rules';
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import { thresholdsSchema, yuanRateSchema } from './account-records';
import { credentialText } from './credential-text';
import type { AccountsService } from './accounts.service';
import { withSiteMoney, type SiteMoneyService } from '../site/site-money.service';

const id = z.string().min(1).max(100);
const secret = credentialText(4096);
const url = z.string().max(MAX_URL_CHARS);
/** An access token's expiry in Unix seconds, before the year 10000. */
const tokenExpiry = z.number().int().positive().max(253_402_300_799).nullable().optional();

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
    expiresAt: tokenExpiry,
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
  accessTokenExpiresAt: tokenExpiry,
});

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
    .handle('accounts:switch', z.strictObject({ id }), ({ id: account }) => ok(accounts.switch(account)));
}
