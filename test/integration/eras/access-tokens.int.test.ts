// Access tokens on new-api rc.41 and later, as Keydesk in main meets them: an old token that works until the site
// retires it, then says so on the account; a nap_ token put in its place (Edit → new token) with everything else kept;
// each scope's reach (a read-only token stays useful); expired, unknown and another user's tokens; the expiry the
// user gives. And password encryption at login with the same sign-in and session rules as before.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../src-shared/contract';
import { readQuota } from '../../../src-main/features/quota/reading';
import type { Gateway } from '../../gateway/index';
import { T0 } from '../../support/emulator';
import { ALICE_PASSWORD, ALICE_TOKEN, BOB_TOKEN, admin, failure, readLog, value } from '../gateway/setup';
import { credentials, draftFor, eraApp, expectNoTokenMinting, resetEra, startEra, type EraApp } from './setup';

const DAY = 86_400;
const RETIRE_AT = T0 + 30 * DAY;

/** A token the user makes in the console: nap_ + 43 characters, the scopes and expiry chosen there. */
async function makeToken(gw: Gateway, scopes: readonly string[], expiresAt = 0): Promise<string> {
  const made = (await admin(gw, 'POST', '/users/1/access-tokens', { scopes, expires_at: expiresAt })) as {
    token: string;
  };
  return made.token;
}

const ALL = ['profile:read', 'api_key:read', 'api_key:write', 'api_key:reveal', 'wallet:read', 'usage:read'];
const WITHOUT_REVEAL = ALL.filter((s) => s !== 'api_key:reveal');
const READ_ONLY = ['profile:read', 'api_key:read', 'wallet:read'];

describe('access tokens on new-api-rc41', () => {
  let gw: Gateway;
  let app: EraApp;

  beforeAll(async () => {
    gw = await startEra('new-api-rc41');
  });
  afterAll(async () => {
    await gw.close();
  });
  beforeEach(async () => {
    await resetEra(gw);
    await admin(gw, 'PATCH', '/settings', { legacy_access_token_retire_at: RETIRE_AT });
    app = await eraApp(gw);
  });
  afterEach(async () => {
    await expectNoTokenMinting(gw);
    await app.close();
  });

  /** One balance poll as the quota monitor makes it. */
  const poll = (id: string) => readQuota(app.accounts, app.accounts.get(id), new AbortController().signal);
  const view = (id: string): AccountView => app.accounts.view(id);

  it('keeps an old token working until the retirement date, then says it was retired and how to replace it', async () => {
    const id = await app.add('alice token', credentials.accessToken());
    value(await poll(id));
    expect(view(id).state).toBe('ok');

    await admin(gw, 'POST', '/clock/set', { now: RETIRE_AT, frozen: true });
    expect(failure(await poll(id)).code).toBe('auth.token_retired');
    // The account itself says so: not "ok", not a bare "refused".
    expect(view(id)).toMatchObject({ state: 'needs_sign_in', stateError: { code: 'auth.token_retired' } });
    expect(view(id).stateError?.serverMessage).toContain('Legacy access tokens have been retired');
    // Its key list says the same, wherever it is read.
    expect(failure(await app.call('keys:list', { accountId: id, page: 1, size: 10 })).code).toBe('auth.token_retired');
  });

  it('takes a nap_ token in place of the retired one and keeps everything else of the account', async () => {
    const id = await app.add('alice token', credentials.accessToken());
    app.accounts.update(id, { label: 'Team', thresholds: { warnUnits: 1_000_000, criticalUnits: 500_000 } });
    await admin(gw, 'POST', '/clock/set', { now: RETIRE_AT, frozen: true });
    await poll(id);
    expect(view(id).state).toBe('needs_sign_in');

    const noReveal = await makeToken(gw, WITHOUT_REVEAL, RETIRE_AT + 30 * DAY);
    const replaced = value(
      await app.accounts.setCredential(id, {
        kind: 'access_token',
        accessToken: noReveal,
        expiresAt: RETIRE_AT + 30 * DAY,
      }),
    );
    expect(replaced).toMatchObject({ status: 'done', account: { id, state: 'ok', label: 'Team' } });
    expect(view(id)).toMatchObject({
      userId: 1,
      thresholds: { warnUnits: 1_000_000, criticalUnits: 500_000 },
      accessTokenExpiresAt: RETIRE_AT + 30 * DAY,
    });
    expect(app.accounts.list().map((a) => a.id)).toEqual([id]);

    // Everything but reveal works; reveal names the scope it lacks, as a value our sentence words.
    value(await poll(id));
    value(await app.call('keys:list', { accountId: id, page: 1, size: 10 }));
    value(await app.call('keys:update', { accountId: id, id: 1, edits: { name: 'renamed' } }));
    value(await app.call('keys:modelUsage', { accountId: id, id: 1 }));
    expect(failure(await app.call('keys:reveal', { accountId: id, id: 1 }))).toMatchObject({
      code: 'auth.scope_denied',
      scope: 'api_key:reveal',
      reason: 'auth.scope_missing',
      params: { scope: 'api_key:reveal' },
    });
    // A scope refusal is no refusal of the token: the account stays usable.
    expect(view(id).state).toBe('ok');

    const full = await makeToken(gw, ALL);
    value(await app.accounts.setCredential(id, { kind: 'access_token', accessToken: full }));
    expect(value(await app.call('keys:reveal', { accountId: id, id: 1 })).key).toMatch(/^sk-k001/);
    // A new token without a date does not inherit the old one's.
    expect(view(id).accessTokenExpiresAt).toBeNull();
  });

  it('a read-only token lists keys and reads the balance; writes, reveals and usage logs name their scope', async () => {
    const id = await app.add('read only', { kind: 'access_token', accessToken: await makeToken(gw, READ_ONLY) });
    value(await poll(id));
    expect(value(await app.call('keys:list', { accountId: id, page: 1, size: 10 })).items.length).toBeGreaterThan(0);
    value(await app.call('account:groups', { accountId: id }));
    value(await app.call('account:subscription', { accountId: id }));
    const refused = {
      'api_key:write': await app.call('keys:setStatus', { accountId: id, ids: [1], isEnabled: false }),
      'api_key:reveal': await app.call('keys:reveal', { accountId: id, id: 1 }),
      'usage:read': await app.call('keys:modelUsage', { accountId: id, id: 1 }),
    };
    for (const [scope, result] of Object.entries(refused)) {
      const error = result.ok ? (result.value as { failed?: { error: unknown }[] }).failed?.[0]?.error : result.error;
      expect(error, scope).toMatchObject({ code: 'auth.scope_denied', params: { scope } });
    }
    expect(view(id).state).toBe('ok');
  });

  it('says when the site lets no token do something, and the account stays usable', async () => {
    const id = await app.add('full', { kind: 'access_token', accessToken: await makeToken(gw, ALL) });
    // A site whose scope table does not cover the usage logs (the setting stands for one).
    await admin(gw, 'PATCH', '/settings', { access_token_undeclared: ['GET /api/log/self'] });
    expect(failure(await app.call('keys:modelUsage', { accountId: id, id: 1 })).code).toBe('auth.route_undeclared');
    expect(view(id).state).toBe('ok');
    value(await app.call('keys:list', { accountId: id, page: 1, size: 10 }));
  });

  it('says a nap_ token expired, from its own expiry on', async () => {
    const id = await app.add('short', {
      kind: 'access_token',
      accessToken: await makeToken(gw, ALL, T0 + 3600),
      expiresAt: T0 + 3600,
    });
    expect(view(id).accessTokenExpiresAt).toBe(T0 + 3600);
    await admin(gw, 'POST', '/clock/advance', { seconds: 3600 });
    expect(failure(await poll(id)).code).toBe('auth.token_expired');
    expect(view(id)).toMatchObject({ state: 'needs_sign_in', stateError: { code: 'auth.token_expired' } });
  });

  it('words a token the site does not know, and refuses a date already past without asking the site', async () => {
    const unknown = await app.accounts.add(
      draftFor(gw, 'typo', { kind: 'access_token', accessToken: `nap_${'0'.repeat(43)}` }),
    );
    expect(failure(unknown)).toMatchObject({ code: 'auth.unauthorized', reason: 'auth.token_unknown' });
    await admin(gw, 'DELETE', '/log');
    const past = await app.accounts.add(
      draftFor(gw, 'past', { kind: 'access_token', accessToken: await makeToken(gw, ALL), expiresAt: T0 - 1 }),
    );
    expect(failure(past)).toMatchObject({ code: 'validation', reason: 'account.token_expiry_past' });
    expect((await readLog(gw)).filter((e) => e.path.startsWith('/api/user'))).toEqual([]);
  });

  it('refuses another user’s token for an account, and the account stays as it was', async () => {
    const id = await app.add('alice token', credentials.accessToken());
    const other = await app.accounts.setCredential(id, { kind: 'access_token', accessToken: BOB_TOKEN });
    expect(failure(other)).toMatchObject({ code: 'validation', reason: 'account.other_user', params: { userId: 2 } });
    expect(view(id)).toMatchObject({ userId: 1, state: 'ok' });
    value(await poll(id));
    expect(ALICE_TOKEN).not.toBe(BOB_TOKEN);
  });
});

describe('password encryption at login on new-api-rc41', () => {
  let gw: Gateway;
  let app: EraApp;

  beforeAll(async () => {
    gw = await startEra('new-api-rc41');
  });
  afterAll(async () => {
    await gw.close();
  });
  beforeEach(async () => {
    await resetEra(gw);
    await admin(gw, 'PATCH', '/settings', { password_encryption: true });
    app = await eraApp(gw);
  });
  afterEach(async () => {
    await expectNoTokenMinting(gw);
    await app.close();
  });

  const logins = async () => (await readLog(gw)).filter((e) => e.path === '/api/user/login');
  const view = (id: string): AccountView => app.accounts.view(id);

  it('signs in with the password encrypted, once, then refreshes the session: no second login', async () => {
    const id = await app.add('alice', credentials.password());
    const first = await logins();
    expect(first).toHaveLength(1);
    // What went was the ciphertext and its key id; the log masks the ciphertext, and no plain password was sent.
    expect(Object.keys(first[0]?.body as object).sort()).toEqual([
      'encryption_key_id',
      'password_encrypted',
      'username',
    ]);

    // The 15-minute login token runs out: the refresh cookie renews it, as without encryption.
    await admin(gw, 'POST', '/clock/advance', { seconds: 16 * 60 });
    value(await app.call('keys:list', { accountId: id, page: 1, size: 10 }));
    const log = await readLog(gw);
    expect(log.filter((e) => e.path === '/api/user/auth/refresh')).toHaveLength(1);
    expect(await logins()).toHaveLength(1);
  });

  it('reads the key again for the next sign-in, so a key the site replaced meanwhile still works', async () => {
    const id = await app.add('alice', credentials.password());
    await admin(gw, 'POST', '/password-key/rotate');
    value(await app.accounts.signIn(id, ALICE_PASSWORD));
    const sent = await logins();
    expect(sent).toHaveLength(2);
    expect(sent.map((e) => (e.body as { encryption_key_id?: string }).encryption_key_id)).not.toContain(undefined);
    expect(
      new Set(sent.map((e) => (e.body as { encryption_key_id: string }).encryption_key_id)).size,
      'a new key id after the rotation',
    ).toBe(2);
    expect(view(id).state).toBe('ok');
  });
});
