// The accounts service against the emulator: the three credential kinds verified before saving, failures
// explained and nothing saved, silent single-flight re-login with a remembered password, removal local only.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountDraft, Result, SignInOutcome } from '../../../src-shared/contract';
import { memoryKeyring } from '../../unit/main/vault/fakes';
import { openAccounts } from '../../support/accounts';
import type { Gateway, LogEntry } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';

const PASSWORD = 'demo-password-1';
const ALICE_TOKEN = 'demo-access-token-alice';
const BOB_READONLY = 'demo-access-token-bob-readonly';

let gateway: Gateway;
let dir: string;
const keyring = memoryKeyring();

beforeAll(async () => {
  gateway = await startEmulator({ now: Date.now() / 1000, isClockRunning: true });
});
afterAll(async () => {
  await gateway.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-accounts-'));
  keyring.value = null;
  await admin('POST', '/reset');
  await admin('DELETE', '/log');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${gateway.admin_url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

const requestLog = async (): Promise<LogEntry[]> => {
  const answer = (await admin('GET', '/log')) as { entries?: LogEntry[] } | LogEntry[];
  return Array.isArray(answer) ? answer : (answer.entries ?? []);
};

const open = () => openAccounts({ dir, sources: { keyring } });

const draft = (credential: AccountDraft['credential'], overrides: Partial<AccountDraft> = {}): AccountDraft => ({
  label: 'Alice',
  baseUrl: gateway.base_url,
  apiUrl: gateway.api_url,
  credential,
  ...overrides,
});

function added(result: Result<SignInOutcome>): string {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  if (result.value.status !== 'done') throw new Error('expected a finished sign-in');
  return result.value.account.id;
}

describe('adding accounts', () => {
  it('adds a password account, keeps the token and (remembered) password only in the vault', async () => {
    const { service, snapshots } = await open();
    const id = added(
      await service.add(draft({ kind: 'password', username: 'alice', password: PASSWORD, remember: true })),
    );
    const view = service.view(id);
    expect(view).toMatchObject({ kind: 'password', username: 'alice', userId: 1, state: 'ok' });
    expect(view.isPasswordRemembered).toBe(true);
    expect(snapshots.at(-1)?.activeId).toBe(id);
    const self = await (await service.management(id)).getSelf();
    expect(self.ok && self.value.username).toBe('alice');
    const onDisk = await readFile(join(dir, 'accounts.json'), 'utf8');
    expect(onDisk).toContain('alice');
    expect(onDisk).not.toContain(PASSWORD);
    expect(await readFile(join(dir, 'vault.json'), 'utf8')).not.toContain(PASSWORD);
  });

  it('verifies a system access token with /api/user/self, even a read-only one', async () => {
    const { service } = await open();
    const id = added(await service.add(draft({ kind: 'access_token', accessToken: BOB_READONLY }, { label: 'Bob' })));
    expect(service.view(id)).toMatchObject({ kind: 'access_token', username: 'bob', userId: 2, state: 'ok' });
  });

  it('verifies a watched key with /api/usage/token/ and shows it only masked', async () => {
    const { service } = await open();
    const { key } = (await admin('GET', '/keys/1')) as { key: string };
    const id = added(await service.add(draft({ kind: 'api_key', apiKey: `sk-${key}` }, { label: 'Watched' })));
    const view = service.view(id);
    expect(view.keyHint).toMatch(/^sk-.{4}\*+.{4}$/);
    expect(JSON.stringify(service.snapshot())).not.toContain(key);
    const usage = await (await service.keyClient(id)).getTokenUsage();
    expect(usage.ok).toBe(true);
    await expect(service.management(id)).rejects.toMatchObject({ appError: { code: 'validation' } });
  });

  it('explains failures and saves nothing: wrong password, wrong base address, bad URL, unknown key', async () => {
    const { service } = await open();
    const wrong = await service.add(draft({ kind: 'password', username: 'alice', password: 'not-it', remember: true }));
    expect(!wrong.ok && wrong.error.code).toBe('auth.unauthorized');
    expect(!wrong.ok && wrong.error.serverMessage).toMatch(/username or password/);
    const mixed = await service.add(
      draft({ kind: 'access_token', accessToken: ALICE_TOKEN }, { baseUrl: gateway.api_url }),
    );
    expect(!mixed.ok && mixed.error.code).toBe('wrong_base_address');
    await expect(
      service.add(draft({ kind: 'access_token', accessToken: ALICE_TOKEN }, { baseUrl: 'ftp://example.com' })),
    ).rejects.toMatchObject({ appError: { code: 'validation', field: 'baseUrl' } });
    const badKey = await service.add(draft({ kind: 'api_key', apiKey: 'sk-notakey000000000000' }));
    expect(!badKey.ok && badKey.error.code).toBe('key.invalid');
    expect(service.snapshot().accounts).toEqual([]);
  });

  it('normalises pasted addresses: /api and /v1 suffixes go, an empty API URL means the base URL', async () => {
    const { service } = await open();
    const id = added(
      await service.add(
        draft({ kind: 'access_token', accessToken: ALICE_TOKEN }, { baseUrl: `${gateway.base_url}/api/`, apiUrl: '' }),
      ),
    );
    expect(service.view(id)).toMatchObject({ baseUrl: gateway.base_url, apiUrl: gateway.base_url });
  });
});

describe('staying signed in', () => {
  it('renews an expired login token once for concurrent callers, silently, when the password is remembered', async () => {
    await admin('PATCH', '/settings', { login_token_ttl_s: 60 });
    const { service } = await open();
    const id = added(
      await service.add(draft({ kind: 'password', username: 'alice', password: PASSWORD, remember: true })),
    );
    await admin('POST', '/clock/advance', { seconds: 120 });
    await admin('DELETE', '/log');
    const client = await service.management(id);
    const results = await Promise.all([client.getSelf(), client.getGroups(), client.listKeys({ size: 5 })]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    const logins = (await requestLog()).filter((entry) => entry.path === '/api/user/login');
    expect(logins).toHaveLength(1);
    expect(service.view(id).state).toBe('ok');

    // The renewed token survives a restart: no new login on the next start (servers cap sessions).
    await admin('DELETE', '/log');
    const again = await open();
    const self = await (await again.service.management(id)).getSelf();
    expect(self.ok).toBe(true);
    expect((await requestLog()).filter((entry) => entry.path === '/api/user/login')).toHaveLength(0);
  });

  it('asks for a sign-in when the token expires and no password is remembered; signing in fixes it', async () => {
    await admin('PATCH', '/settings', { login_token_ttl_s: 60 });
    const { service } = await open();
    const id = added(
      await service.add(draft({ kind: 'password', username: 'alice', password: PASSWORD, remember: false })),
    );
    await admin('POST', '/clock/advance', { seconds: 120 });
    const expired = await (await service.management(id)).getSelf();
    expect(!expired.ok && expired.error.code).toBe('auth.needs_sign_in');
    expect(service.view(id).state).toBe('needs_sign_in');
    const signedIn = await service.signIn(id, PASSWORD, false);
    expect(signedIn.ok && signedIn.value.status).toBe('done');
    expect(service.view(id).state).toBe('ok');
    const self = await (await service.management(id)).getSelf();
    expect(self.ok).toBe(true);
  });
});

describe('managing accounts', () => {
  it('removes an account locally only: its keys on the gateway are untouched', async () => {
    const { service } = await open();
    const id = added(await service.add(draft({ kind: 'access_token', accessToken: ALICE_TOKEN })));
    const before = await (await service.management(id)).listKeys({ size: 1 });
    const snapshot = await service.remove(id);
    expect(snapshot).toEqual({ accounts: [], activeId: null });
    expect((await requestLog()).some((entry) => entry.method === 'DELETE')).toBe(false);
    const other = await open();
    const readd = added(await other.service.add(draft({ kind: 'access_token', accessToken: ALICE_TOKEN })));
    const after = await (await other.service.management(readd)).listKeys({ size: 1 });
    expect(after.ok && after.value.total).toBe(before.ok && before.value.total);
  });

  it('reorders and switches, refusing an order that loses or repeats an account', async () => {
    const { service } = await open();
    const a = added(await service.add(draft({ kind: 'access_token', accessToken: ALICE_TOKEN }, { label: 'A' })));
    const b = added(await service.add(draft({ kind: 'access_token', accessToken: BOB_READONLY }, { label: 'B' })));
    expect(service.reorder([b, a]).accounts.map((account) => account.label)).toEqual(['B', 'A']);
    expect(() => service.reorder([b])).toThrow();
    expect(() => service.reorder([b, b])).toThrow();
    expect(service.switch(b).activeId).toBe(b);
    const restarted = await open();
    expect(restarted.service.snapshot()).toMatchObject({ activeId: b, accounts: [{ label: 'B' }, { label: 'A' }] });
  });
});

describe('editing', () => {
  it('treats an emptied API address as the base address, as when adding', async () => {
    const { service } = await open();
    const id = added(await service.add(draft({ kind: 'access_token', accessToken: ALICE_TOKEN })));
    expect(service.view(id).apiUrl).toBe(gateway.api_url);
    expect(service.update(id, { apiUrl: '  ' }).apiUrl).toBe(gateway.base_url);
  });

  it('keeps a locked account locked when a re-entered credential is refused', async () => {
    const first = await open();
    const id = added(await first.service.add(draft({ kind: 'access_token', accessToken: ALICE_TOKEN })));
    keyring.value = Buffer.alloc(32, 3).toString('base64'); // the keychain now answers with another data key
    const { service } = await open();
    expect(service.view(id).state).toBe('locked');
    const refused = await service.setCredential(id, { kind: 'access_token', accessToken: 'demo-not-a-token' });
    expect(!refused.ok && refused.error.code).toBe('auth.unauthorized');
    expect(service.view(id).state).toBe('locked');
    const accepted = await service.setCredential(id, { kind: 'access_token', accessToken: ALICE_TOKEN });
    expect(accepted.ok).toBe(true);
    expect(service.view(id).state).toBe('ok');
  });
});
