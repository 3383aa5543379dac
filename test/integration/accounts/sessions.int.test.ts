// Password and access-token sign-in on every server era the emulator models: one login, then the site's own way of
// staying signed in (refresh cookie, session cookie), reuse across restarts, caps and revocation explained, the user
// id asked for where it is needed, logout on sign-out and removal, and no write racing a renewal.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountDraft, Result, SignInOutcome } from '../../../src-shared/contract';
import type { AccountsService } from '../../../src-main/features/accounts/accounts.service';
import { SecretStore } from '../../../src-main/vault/secret.store';
import { memoryLogger } from '../../support/memory-logger';
import { memoryKeyring } from '../../unit/main/vault/fakes';
import type { Gateway, LogEntry, SeedInput } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { emulatorClock, startEmulator } from '../../support/emulator';
import { openAccounts } from '../../support/accounts';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';

const PASSWORD = 'fake-password-erin';
const TOKEN = 'fake-system-token-erin';
const NO_PROFILE = 'fake-token-erin-no-profile';

const seed = (profile: ProfileName): SeedInput => ({
  // rc.41 with the site's password encryption on: the same sign-in and session rules hold with it.
  settings: { profile, propagation_delay_s: 0, ...(profile === 'new-api-rc41' ? { password_encryption: true } : {}) },
  groups: { default: { models: ['gpt-4o'] } },
  models: [{ id: 'gpt-4o', price: 1000 }],
  users: [
    {
      id: 7,
      username: 'erin',
      password: PASSWORD,
      quota: 10_000_000,
      access_tokens: [{ token: TOKEN }, { token: NO_PROFILE, scopes: ['api_key:read', 'wallet:read'] }],
      keys: [{ id: 1, name: 'first', remain_quota: 1_000_000 }],
    },
  ],
});

const ERAS: readonly ProfileName[] = ['spec', 'new-api', 'new-api-legacy', 'new-api-early', 'one-api', 'new-api-rc41'];
/** Current new-api, before and after rc.41: refresh sessions, logout by POST. */
const isJwt = (profile: ProfileName): boolean => profile === 'new-api' || profile === 'new-api-rc41';

let gateway: Gateway;
let dir: string;
const keyring = memoryKeyring();

afterEach(async () => {
  await gateway.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(profile: ProfileName): Promise<void> {
  gateway = await startEmulator({ seed: seed(profile) });
  dir = await mkdtemp(join(tmpdir(), 'keydesk-sessions-'));
  keyring.value = null;
}

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${gateway.admin_url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

const advance = (seconds: number) => admin('POST', '/clock/advance', { seconds });

async function requests(path: string, method = 'POST'): Promise<LogEntry[]> {
  const answer = (await admin('GET', '/log')) as { entries: LogEntry[] };
  return answer.entries.filter((e) => e.path === path && e.method === method);
}

async function open(): Promise<AccountsService> {
  return (await openAccounts({ dir, sources: { keyring }, clock: emulatorClock(gateway) })).service;
}

const draft = (credential: AccountDraft['credential']): AccountDraft => ({
  label: 'Erin',
  baseUrl: gateway.base_url,
  apiUrl: gateway.api_url,
  credential,
});

const byPassword = (remember = true) => draft({ kind: 'password', username: 'erin', password: PASSWORD, remember });

function added(result: Result<SignInOutcome>): string {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  if (result.value.status !== 'done') throw new Error('expected a finished sign-in');
  return result.value.account.id;
}

async function listKeys(service: AccountsService, id: string) {
  return (await service.management(id)).listKeys();
}

describe.each(ERAS)('password sign-in on %s', (profile) => {
  beforeEach(() => start(profile));

  it('signs in once, manages keys, and reuses the session after a restart without logging in again', async () => {
    const first = await open();
    const id = added(await first.add(byPassword()));
    expect((await listKeys(first, id)).ok).toBe(true);
    const again = await open();
    const listed = await listKeys(again, id);
    expect(listed.ok ? listed.value.items.map((k) => k.name) : listed.error).toEqual(['first']);
    expect(await requests('/api/user/login')).toHaveLength(1);
  });

  it('stays signed in for a simulated day of polling with no new session after the first login', async () => {
    const service = await open();
    const id = added(await service.add(byPassword()));
    for (let step = 0; step < 49; step++) {
      await advance(30 * 60);
      const self = await (await service.management(id)).getSelf();
      expect(self.ok ? self.value.username : self.error).toBe('erin');
    }
    // The spec's login token lives a day and the spec has no refresh: one automatic login, a day later.
    expect(await requests('/api/user/login')).toHaveLength(profile === 'spec' ? 2 : 1);
    if (isJwt(profile)) expect((await requests('/api/user/auth/refresh')).length).toBeGreaterThanOrEqual(48);
  }, 90_000);

  it('signing out and removing end the session on the site', async () => {
    const service = await open();
    const id = added(await service.add(byPassword()));
    await service.signOut(id);
    // Needs sign-in says why, here and after a restart (where only the missing credential is known).
    expect(service.view(id)).toMatchObject({
      state: 'needs_sign_in',
      stateError: { code: 'auth.needs_sign_in', reason: 'account.signed_out' },
    });
    expect((await open()).view(id)).toMatchObject({
      state: 'needs_sign_in',
      stateError: { code: 'auth.needs_sign_in', reason: 'account.no_credential' },
    });
    const ended = isJwt(profile)
      ? await requests('/api/user/auth/logout')
      : profile === 'spec'
        ? []
        : await requests('/api/user/logout', 'GET');
    if (profile !== 'spec') expect(ended).toHaveLength(1);
    if (isJwt(profile)) expect(await admin('GET', '/users/7/sessions')).toMatchObject({ active: 0 });
  });
});

describe('current new-api sessions', () => {
  beforeEach(() => start('new-api'));

  it('on quit, ends the session of a password account whose vault keeps it in memory only; keeps a stored one', async () => {
    // No keyring, no safeStorage, no passphrase: the vault holds this run's secrets in memory, so the session
    // cannot be used after a restart, yet would hold one of the site's 50 active sessions for 30 days.
    const memoryOnly = (await openAccounts({ dir, sources: {}, clock: emulatorClock(gateway) })).service;
    added(await memoryOnly.add(byPassword()));
    await memoryOnly.endSessions();
    expect(await requests('/api/user/auth/logout')).toHaveLength(1);
    expect(await admin('GET', '/users/7/sessions')).toMatchObject({ active: 0 });

    const stored = await open(); // the keyring: the session is reused after a restart, so it stays open
    added(await stored.add(byPassword()));
    await stored.endSessions();
    expect(await requests('/api/user/auth/logout')).toHaveLength(1);
    expect(await admin('GET', '/users/7/sessions')).toMatchObject({ active: 1 });
  });

  it('keeps the rotated refresh cookie: a restart after several refreshes still refreshes', async () => {
    const first = await open();
    const id = added(await first.add(byPassword(false)));
    for (let step = 0; step < 3; step++) {
      await advance(16 * 60);
      expect((await listKeys(first, id)).ok).toBe(true);
    }
    await advance(16 * 60);
    const again = await open();
    expect((await listKeys(again, id)).ok).toBe(true);
    expect(await requests('/api/user/login')).toHaveLength(1);
    expect(await admin('GET', '/users/7/sessions')).toMatchObject({ active: 1 });
  });

  it('sends the site origin on refresh, so a site with secure cookies accepts it', async () => {
    await admin('PATCH', '/settings', { secure_cookies: true });
    const service = await open();
    const id = added(await service.add(byPassword(false)));
    await advance(16 * 60);
    expect((await listKeys(service, id)).ok).toBe(true);
    expect(await requests('/api/user/login')).toHaveLength(1);
  });

  it('Test connection leaves no session behind on the site', async () => {
    const service = await open();
    const tested = await service.test(byPassword());
    expect(tested.ok ? tested.value.displayName : tested.error).toBe('erin');
    expect(await admin('GET', '/users/7/sessions')).toMatchObject({ active: 0 });
  });

  it('a revoked session is renewed once quietly with the remembered password, then the user is asked', async () => {
    const service = await open();
    const id = added(await service.add(byPassword()));
    await admin('POST', '/users/7/sessions/revoke');
    expect((await listKeys(service, id)).ok).toBe(true);
    expect(await requests('/api/user/login')).toHaveLength(2);
    await admin('POST', '/users/7/sessions/revoke');
    const refused = await listKeys(service, id);
    // The day's automatic sign-in is spent: the account says so, and when the next one is allowed.
    const spent = { code: 'auth.needs_sign_in', reason: 'account.auto_sign_in_spent', params: { hours: 24 } };
    expect(refused.ok ? null : refused.error).toMatchObject(spent);
    expect(service.view(id)).toMatchObject({ state: 'needs_sign_in', stateError: spent });
    expect(await requests('/api/user/login')).toHaveLength(2);
  });

  it('a password that is not remembered: the account says Keydesk cannot sign in by itself, and why', async () => {
    const service = await open();
    const id = added(await service.add(byPassword(false)));
    await admin('POST', '/users/7/sessions/revoke');
    const refused = await listKeys(service, id);
    const why = { code: 'auth.needs_sign_in', reason: 'account.password_not_remembered' };
    expect(refused.ok ? null : refused.error).toMatchObject(why);
    expect(service.view(id)).toMatchObject({ state: 'needs_sign_in', stateError: why });
  });

  it('a full session cap is explained, not reported as a conflict', async () => {
    await admin('PATCH', '/settings', { max_active_sessions: 2 });
    const service = await open();
    added(await service.add(byPassword()));
    added(await service.add(byPassword()));
    const third = await service.add(byPassword());
    expect(third.ok ? null : third.error.code).toBe('auth.session_limit');
  });

  it('the daily cap of new sessions is explained', async () => {
    await admin('PATCH', '/settings', { max_sessions_per_day: 1 });
    const service = await open();
    added(await service.add(byPassword()));
    const second = await service.add(byPassword());
    expect(second.ok ? null : second.error.code).toBe('auth.session_issuance_limit');
  });

  it('a token without profile:read is refused naming the scope', async () => {
    const service = await open();
    const result = await service.add(draft({ kind: 'access_token', accessToken: NO_PROFILE }));
    expect(result.ok ? null : result.error).toMatchObject({ code: 'auth.scope_denied', scope: 'profile:read' });
  });
});

describe.each(['new-api-legacy', 'new-api-early'] as const)('access tokens on %s', (profile) => {
  beforeEach(() => start(profile));

  it('asks for the user id when the site needs it, and works once it is given', async () => {
    const service = await open();
    const without = await service.add(draft({ kind: 'access_token', accessToken: TOKEN }));
    expect(without.ok ? null : without.error.code).toBe('auth.user_id_required');
    const id = added(await service.add(draft({ kind: 'access_token', accessToken: TOKEN, userId: 7 })));
    expect((await listKeys(service, id)).ok).toBe(true);
  });

  it('an unknown token answered with HTTP 200 is a refused credential, not a server error', async () => {
    const service = await open();
    const result = await service.add(draft({ kind: 'access_token', accessToken: 'fake-unknown-token', userId: 7 }));
    expect(result.ok ? null : result.error).toMatchObject({ code: 'auth.unauthorized', retryable: false });
  });
});

describe('writes racing a renewal (spec profile, a login held open)', () => {
  beforeEach(() => start('spec'));

  /** The login token expires (a day on the spec) and the next login is held at the gateway until the test lets it go. */
  async function expiredWithHeldLogin(): Promise<void> {
    await advance(86_401);
    await admin('POST', '/faults', { match: '/api/user/login', kind: 'hold', times: 1 });
  }

  /** The renewal is in flight: its login reached the gateway, which holds it (a latch, not a guess at timing). */
  async function renewalInFlight(): Promise<void> {
    await expect.poll(async () => ((await admin('GET', '/faults/held')) as { held: number }).held).toBe(1);
  }

  const releaseLogin = () => admin('POST', '/faults/release', {});

  it('an edit made while a renewal is in flight stays saved', async () => {
    const service = await open();
    const id = added(await service.add(byPassword()));
    await expiredWithHeldLogin();
    const pending = listKeys(service, id);
    await renewalInFlight();
    service.update(id, { label: 'Erin (edited)' });
    await releaseLogin();
    expect((await pending).ok).toBe(true);
    expect(service.view(id).label).toBe('Erin (edited)');
    const reopened = await open();
    expect(reopened.view(id).label).toBe('Erin (edited)');
  });

  it('removing an account while its renewal is in flight leaves no secrets behind', async () => {
    const service = await open();
    const id = added(await service.add(byPassword()));
    await expiredWithHeldLogin();
    const pending = listKeys(service, id);
    await renewalInFlight();
    await service.remove(id);
    await releaseLogin();
    await pending;
    const { log } = memoryLogger();
    const vault = await SecretStore.open({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: dir,
      sources: { keyring },
      log,
    });
    expect((await vault.get(id)).status).toBe('missing');
    expect((await open()).snapshot().accounts).toHaveLength(0);
  });
});

describe.each(['new-api', 'new-api-legacy', 'new-api-rc41'] as const)('a second factor on %s', (profile) => {
  beforeEach(async () => {
    const base = seed(profile);
    gateway = await startEmulator({
      seed: { ...base, users: (base.users ?? []).map((u) => ({ ...u, totp_code: '135790' })) },
    });
    dir = await mkdtemp(join(tmpdir(), 'keydesk-sessions-'));
    keyring.value = null;
  });

  it('names a refused code as such, keeps the step open for another, and adds the account with the right one', async () => {
    const service = await open();
    const asked = await service.add(byPassword(false));
    if (!asked.ok || asked.value.status !== 'second_factor') throw new Error('expected a second-factor step');
    const refused = await service.answerChallenge(asked.value.challengeId, '000000');
    expect(refused.ok ? refused.value : refused.error.code).toBe('auth.code_rejected');
    // The site's own words come along, quoted by the renderer; the password the step began with is not in them.
    expect(refused.ok ? '' : (refused.error.serverMessage ?? '')).not.toBe('');
    expect(JSON.stringify(refused)).not.toContain(PASSWORD);
    const id = added(await service.answerChallenge(asked.value.challengeId, '135790'));
    expect((await listKeys(service, id)).ok).toBe(true);
    expect(service.snapshot().accounts).toHaveLength(1);
  });

  // The session-cookie era keeps its step as long as its session; current new-api gives the step five minutes.
  it.runIf(profile !== 'new-api-legacy')(
    'names a step the site let expire, then asks for the sign-in again',
    async () => {
      const service = await open();
      const asked = await service.add(byPassword(false));
      if (!asked.ok || asked.value.status !== 'second_factor') throw new Error('expected a second-factor step');
      await advance(6 * 60); // past the site's five minutes, within Keydesk's own ten
      const late = await service.answerChallenge(asked.value.challengeId, '135790');
      expect(late.ok ? late.value : [late.error.code, late.error.reason]).toEqual([
        'auth.expired',
        'account.sign_in_step_expired',
      ]);
      const again = await service.answerChallenge(asked.value.challengeId, '135790');
      expect(again.ok ? again.value : again.error.reason).toBe('account.sign_in_step_expired');
      expect(service.snapshot().accounts).toHaveLength(0);
    },
  );

  it('a renewal stopped at the code stays the reason on every later call, not a plain "sign in"', async () => {
    const service = await open();
    const asked = await service.add(byPassword());
    if (!asked.ok || asked.value.status !== 'second_factor') throw new Error('expected a second-factor step');
    const id = added(await service.answerChallenge(asked.value.challengeId, '135790'));
    await admin('POST', '/users/7/sessions/revoke');
    const first = await listKeys(service, id);
    expect(first.ok ? null : first.error.code).toBe('auth.second_factor');
    // The next call (a balance poll, the next page of a list) meets the same ended session: one automatic sign-in a
    // day is spent, and what the user must do is still to give the code.
    const later = await listKeys(service, id);
    expect(later.ok ? null : later.error.code).toBe('auth.second_factor');
    expect(service.view(id)).toMatchObject({ state: 'needs_sign_in', stateError: { code: 'auth.second_factor' } });
    expect(await requests('/api/user/login')).toHaveLength(2);
  });
});
