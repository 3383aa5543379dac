// Shared setup of the server-era integration tests: one emulator per profile, and Keydesk as the app builds it —
// AccountsService (vault, site money, sessions) as the account directory of the real key services, router and
// handlers — with the emulator's clock for the services and the transport, a fake clipboard and in-memory files.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountDraft, Result, SignInOutcome } from '../../../src-shared/contract';
import { Router } from '../../../src-main/bridge/router';
import { HttpTransport } from '../../../src-main/gateway';
import { registerAccountInfoHandlers } from '../../../src-main/features/account/account.handlers';
import { AccountInfoService } from '../../../src-main/features/account/account.service';
import { registerKeysHandlers } from '../../../src-main/features/keys/keys.handlers';
import { createKeyFeatures, type KeySink } from '../../../src-main/features/keys';
import {
  EMPTY_SITE_MONEY,
  SiteMoneyService,
  siteMoneyDocumentSchema,
} from '../../../src-main/features/site/site-money.service';
import { ConfigStore } from '../../../src-main/vault/config.store';
import type { Gateway, SeedInput } from '../../gateway/index';
import { PROFILE_NAMES, type ProfileName } from '../../gateway/profiles';
import { openAccounts } from '../../support/accounts';
import { memoryLogger } from '../../support/memory-logger';
import { memoryKeyring } from '../../unit/main/vault/fakes';
import { T0, emulatorClock, startEmulator } from '../../support/emulator';
import { ALICE_PASSWORD, ALICE_TOKEN, SEED, admin, keyValue, readLog } from '../gateway/setup';
import { FakeClipboard, MemoryFiles } from '../keys/setup';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';
import { routerCalls } from '../../support/router-calls';

/** Every era the emulator models: a new profile is tested here without touching these files. */
export const ERAS: readonly ProfileName[] = PROFILE_NAMES;

/** Today's new-api, before and after rc.41's scoped access tokens: the same routes and shapes otherwise. */
export const isCurrentNewApi = (profile: ProfileName) => profile === 'new-api' || profile === 'new-api-rc41';

/** Eras whose lists carry full keys and that have no reveal endpoint (early new-api, one-api). */
export const hasReveal = (profile: ProfileName) => profile !== 'new-api-early' && profile !== 'one-api';

/**
 * The gateway tests' seed on an era, rate limits off (tests about them turn them on). The seed's users are the
 * same on every era, so a flow's expected data differs only where the era really behaves differently.
 */
export function eraSeed(profile: ProfileName, settings: Partial<NonNullable<SeedInput['settings']>> = {}): SeedInput {
  return {
    ...SEED,
    settings: { ...SEED.settings, profile, rate_limit_enabled: false, ...settings },
  };
}

export function startEra(profile: ProfileName, seed: SeedInput = eraSeed(profile)): Promise<Gateway> {
  return startEmulator({ seed, profile });
}

/** Seed state, the era's settings and the clock back at T0; rate limits stay off. */
export async function resetEra(gw: Gateway): Promise<void> {
  await admin(gw, 'POST', '/reset');
  await admin(gw, 'POST', '/clock/set', { now: T0, frozen: true });
}

/**
 * GET /api/user/token mints a new access token and kills the user's old one on every era before rc.41 (and one-api):
 * no flow of Keydesk's may call it. Each era suite checks the emulator's request log after every test.
 */
export async function expectNoTokenMinting(gw: Gateway): Promise<void> {
  const minting = (await readLog(gw)).filter((e) => /^\/api\/user\/(?:self\/)?token\/?$/.test(e.path));
  if (minting.length > 0) throw new Error(`a flow called GET /api/user/token: ${JSON.stringify(minting)}`);
}

export const draftFor = (gw: Gateway, label: string, credential: AccountDraft['credential']): AccountDraft => ({
  label,
  baseUrl: gw.base_url,
  apiUrl: gw.api_url,
  credential,
});

/** The three kinds of account a new user adds; legacy-era access tokens carry the user id they need. */
export const credentials = {
  password: (): AccountDraft['credential'] => ({
    kind: 'password',
    username: 'alice',
    password: ALICE_PASSWORD,
    remember: true,
  }),
  accessToken: (userId?: number): AccountDraft['credential'] => ({
    kind: 'access_token',
    accessToken: ALICE_TOKEN,
    ...(userId === undefined ? {} : { userId }),
  }),
  watchedKey: (id = 1): AccountDraft['credential'] => ({ kind: 'api_key', apiKey: `sk-${keyValue(id)}` }),
};

export function signedIn(result: Result<SignInOutcome>): string {
  if (!result.ok) throw new Error(`expected a sign-in, got ${JSON.stringify(result.error)}`);
  if (result.value.status !== 'done') throw new Error('expected a finished sign-in');
  return result.value.account.id;
}

/**
 * Keydesk in main over one emulator: accounts, site money, keys and account info behind the real router. `keySink`
 * is told what the key services learn (key health's held keys), as in the app.
 */
export async function eraApp(gw: Gateway, options: { readonly keySink?: KeySink } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'keydesk-eras-'));
  const { log } = memoryLogger();
  const clock = emulatorClock(gw);
  const transport = new HttpTransport({
    fetch: (url, init) => fetch(url, init),
    logger: log,
    backoffBaseMs: 1,
    attemptTimeoutMs: 3000,
    totalTimeoutMs: 7000,
    clock,
  });
  const siteMoney = new SiteMoneyService({
    store: new ConfigStore({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: dir,
      name: 'site-money',
      schema: siteMoneyDocumentSchema,
      defaults: EMPTY_SITE_MONEY,
    }),
    transport,
    log,
    clock,
  });
  const { service: accounts } = await openAccounts({
    dir,
    sources: { keyring: memoryKeyring() },
    clock,
    transport,
    siteMoney,
    log,
  });
  const clipboard = new FakeClipboard();
  const files = new MemoryFiles();
  const features = createKeyFeatures({ directory: accounts, clipboard, files, clock, log, ...options });
  const router = new Router(log);
  registerKeysHandlers(router, features.keys, features.secrets);
  const info = new AccountInfoService({ directory: accounts, clock });
  registerAccountInfoHandlers(router, info);
  const { call } = routerCalls(router);
  return {
    accounts,
    siteMoney,
    clipboard,
    files,
    features,
    info,
    call,
    /** Adds an account as the form does, reading the site's money first as the app does on a new account. */
    add: async (label: string, credential: AccountDraft['credential']): Promise<string> => {
      await siteMoney.refresh(gw.base_url);
      return signedIn(await accounts.add(draftFor(gw, label, credential)));
    },
    close: async () => {
      await features.clipboard.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type EraApp = Awaited<ReturnType<typeof eraApp>>;
