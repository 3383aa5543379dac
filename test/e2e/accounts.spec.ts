// Accounts end to end, in browser mode against the gateway emulator: each kind added through the form (with the
// server's words for a wrong password and the wrong-base-address explanation), switching, a restart that finds
// them all (OS keyring under a private D-Bus session), silent renewal of an expired login, and management.
import { startGateway, type Gateway } from '../gateway';
import { AccountsPage, Sidebar, VaultCard } from './pages/accounts.page';
import { invokeBridge } from './support/bridge';
import { expect, test, watchProblems } from './support/fixtures';
import { keyringUnavailable, startKeydesk, type KeydeskProcess } from './support/keydesk-process';

const noKeyring = keyringUnavailable();
if (noKeyring) console.log(`accounts e2e: the restart test is skipped: ${noKeyring}`);

let gateway: Gateway;
test.beforeEach(async () => {
  gateway = await startGateway();
});
test.afterEach(async () => {
  await gateway.close();
});

async function admin<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const response = await fetch(`${gateway.admin_url}${path}`, {
    method: init?.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!response.ok) throw new Error(`admin ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const fullKey = async (id: number): Promise<string> => `sk-${(await admin<{ key: string }>(`/keys/${id}`)).key}`;

test('adds each kind through the form, explains failures, switches, and finds them all after a restart', async ({
  page,
  dataDir,
  browser,
}) => {
  test.skip(noKeyring !== null, `needs the OS keyring: ${noKeyring ?? ''}`);
  test.setTimeout(120_000);
  let app: KeydeskProcess = await startKeydesk(dataDir, { keyring: true });
  try {
    const problems = await watchProblems(page);
    await page.goto(app.url);
    const vault = new VaultCard(page);
    await vault.open();
    await expect(vault.backend()).toHaveAttribute('data-backend', 'keyring');

    const accounts = new AccountsPage(page);
    const sidebar = new Sidebar(page);
    const alice = {
      kind: 'password',
      label: 'Alice',
      baseUrl: gateway.base_url,
      username: 'alice',
      password: 'not-her-password',
      remember: true,
      warn: '50',
      critical: '10.5',
    } as const;

    // A wrong password: the gateway's own words, nothing saved.
    await accounts.openAddForm();
    await accounts.fill(alice);
    await accounts.submit();
    await expect(accounts.formError).toHaveAttribute('data-error-code', 'auth.unauthorized');
    await expect(accounts.formError).toContainText('username or password is wrong');

    // The API address where the base address belongs: explained as such.
    await accounts.fill({ ...alice, baseUrl: gateway.api_url, password: 'demo-password-1' });
    await accounts.submit();
    await expect(accounts.formError).toHaveAttribute('data-error-code', 'wrong_base_address');
    await expect(accounts.formError).toContainText('does not answer like the gateway’s management address');

    // Right at last: the connection test names the user and the balance in yuan; then it is added.
    await accounts.fill({ ...alice, baseUrl: `${gateway.base_url}/api/`, password: 'demo-password-1' });
    const check = await accounts.testConnection();
    await expect(check).toContainText('Connected as Alice Chen');
    await expect(page.getByTestId('account-test-balance')).toHaveText('Balance ¥120.00');
    await accounts.submit();
    await expect(accounts.form).toBeHidden();
    await expect(accounts.item('Alice')).toHaveAttribute('data-state', 'ok');
    await expect(accounts.item('Alice').getByTestId('account-item-address')).toHaveText(gateway.base_url);
    await expect(sidebar.row('Alice')).toHaveAttribute('data-active', 'true'); // the first account becomes active

    await accounts.add({
      kind: 'access_token',
      label: 'Carol',
      baseUrl: gateway.base_url,
      accessToken: 'demo-access-token-carol',
    });
    const key = await fullKey(1);
    await accounts.add({
      kind: 'api_key',
      label: 'Alice key',
      baseUrl: gateway.base_url,
      apiUrl: `${gateway.api_url}/v1`,
      apiKey: key,
    });
    // Only the masked key is ever shown.
    await expect(accounts.item('Alice key').getByTestId('account-item-who')).toHaveText(
      `${key.slice(0, 7)}**********${key.slice(-4)}`,
    );
    await expect(accounts.item('Alice key').getByTestId('account-item-address')).toHaveText(
      `${gateway.base_url} · ${gateway.api_url}`,
    );
    expect(await sidebar.labels()).toEqual(['Alice', 'Carol', 'Alice key']);
    for (const label of ['Alice', 'Carol', 'Alice key']) {
      await expect(sidebar.row(label)).toHaveAttribute('data-state', 'ok');
    }

    // Switching follows main: the row becomes active and opens its keys, the Accounts page agrees.
    await sidebar.switchTo('Carol');
    await expect(sidebar.row('Alice')).toHaveAttribute('data-active', 'false');
    await expect(page).toHaveURL(/#\/keys\?account=/);
    await accounts.open();
    await expect(accounts.item('Carol').getByTestId('account-item-active')).toBeVisible();
    expect(problems.consoleErrors).toEqual([]);

    // Restart: same data dir, same keyring; everything is back, signed in, Carol still active.
    await app.stop();
    app = await startKeydesk(dataDir, { keyring: true });
    const context = await browser.newContext();
    const fresh = await context.newPage();
    const freshProblems = await watchProblems(fresh);
    await fresh.goto(app.url);
    const again = new Sidebar(fresh);
    await expect(again.rows()).toHaveCount(3);
    expect(await again.labels()).toEqual(['Alice', 'Carol', 'Alice key']);
    for (const label of ['Alice', 'Carol', 'Alice key']) {
      await expect(again.row(label)).toHaveAttribute('data-state', 'ok');
    }
    await expect(again.row('Carol')).toHaveAttribute('data-active', 'true');
    const listed = await invokeBridge(fresh, 'accounts:list', null);
    const first = (listed.value as { accounts: { id: string }[] } | undefined)?.accounts[0];
    expect(first).toMatchObject({
      label: 'Alice',
      isPasswordRemembered: true,
      thresholds: { warnUnits: 25_000_000, criticalUnits: 5_250_000 },
    });
    // The remembered password works after the restart: a call that needs the account succeeds.
    const self = await invokeBridge(fresh, 'account:self', {
      accountId: first?.id,
    });
    expect(self).toMatchObject({ ok: true, value: { username: 'alice' } });
    expect(freshProblems.consoleErrors).toEqual([]);
    await context.close();
  } finally {
    await app.stop(); // stop() is a no-op once stopped
  }
});

test('an expired login is renewed without a prompt when the password is remembered', async ({ page, keydesk }) => {
  await admin('/settings', { method: 'PATCH', body: { login_token_ttl_s: 60 } });
  await page.goto(keydesk.url);
  const accounts = new AccountsPage(page);
  await accounts.add({
    kind: 'password',
    label: 'Alice',
    baseUrl: gateway.base_url,
    username: 'alice',
    password: 'demo-password-1',
    remember: true,
  });
  const id = await accounts.item('Alice').getAttribute('data-account-id');
  const logins = async () =>
    (await admin<{ entries: { path: string; status: number }[] }>('/log')).entries.filter(
      (entry) => entry.path === '/api/user/login',
    ).length;
  const before = await logins();

  await admin('/clock/advance', { method: 'POST', body: { seconds: 3600 } });
  const self = await invokeBridge(page, 'account:self', { accountId: id });
  expect(self).toMatchObject({ ok: true, value: { username: 'alice' } });
  expect(await logins()).toBeGreaterThan(before);
  // No prompt, no state change the user has to act on.
  await expect(new Sidebar(page).row('Alice')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('credential-dialog')).toHaveCount(0);

  // Without a remembered password, the expiry turns into "needs sign-in", and signing in again fixes it.
  await accounts.action('Alice', 'sign-out');
  await expect(accounts.item('Alice')).toHaveAttribute('data-state', 'needs_sign_in');
  await expect(new Sidebar(page).row('Alice')).toHaveAttribute('data-state', 'needs_sign_in');
  await accounts.item('Alice').getByTestId('account-sign-in').click();
  const dialog = page.getByTestId('credential-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('credential-secret').locator('input').fill('wrong-password');
  await page.getByTestId('credential-submit').click();
  await expect(page.getByTestId('credential-error')).toContainText('username or password is wrong');
  await page.getByTestId('credential-secret').locator('input').fill('demo-password-1');
  await page.getByTestId('credential-submit').click();
  await expect(dialog).toBeHidden();
  await expect(accounts.item('Alice')).toHaveAttribute('data-state', 'ok');
});

test('reorders, hides, disables and removes accounts; removing leaves the remote keys alone', async ({
  page,
  keydesk,
}) => {
  await page.goto(keydesk.url);
  for (const [label, token] of [
    ['Alice', 'demo-access-token-alice'],
    ['Bob', 'demo-access-token-bob-readonly'],
    ['Carol', 'demo-access-token-carol'],
  ] as const) {
    const added = await invokeBridge(page, 'accounts:add', {
      label,
      baseUrl: gateway.base_url,
      apiUrl: '',
      credential: { kind: 'access_token', accessToken: token },
    });
    expect(added.ok).toBe(true);
  }
  const accounts = new AccountsPage(page);
  const sidebar = new Sidebar(page);
  await accounts.open();
  await expect(sidebar.rows()).toHaveCount(3);

  // Reorder with the keyboard-reachable buttons; the sidebar follows.
  await accounts.action('Carol', 'up');
  await expect.poll(() => accounts.labels()).toEqual(['Alice', 'Carol', 'Bob']);
  await expect.poll(() => sidebar.labels()).toEqual(['Alice', 'Carol', 'Bob']);
  // The "⋯" menu works from the keyboard: focus, open, arrow to "Move down", Enter.
  await expect(page.locator('.n-dropdown-menu')).toHaveCount(0);
  await accounts.item('Alice').getByTestId('account-more').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.n-dropdown-menu').getByTestId('account-down')).toBeVisible();
  // The first arrow lands on the first entry that can be used: "Move up" is disabled for the top account.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => accounts.labels()).toEqual(['Carol', 'Alice', 'Bob']);
  const up = await accounts.menuEntry('Carol', 'up');
  await expect(up).toHaveClass(/n-dropdown-option-body--disabled|disabled/);
  await page.keyboard.press('Escape');

  // Hidden: off the sidebar, still listed here, still signed in.
  await accounts.action('Bob', 'hide');
  await expect(accounts.item('Bob')).toHaveAttribute('data-hidden', 'true');
  await expect.poll(() => sidebar.labels()).toEqual(['Carol', 'Alice']);
  await accounts.action('Bob', 'show');
  await expect.poll(() => sidebar.labels()).toEqual(['Carol', 'Alice', 'Bob']);

  await accounts.action('Alice', 'disable');
  await expect(accounts.item('Alice')).toHaveAttribute('data-disabled', 'true');
  await accounts.action('Alice', 'enable');
  await expect(accounts.item('Alice')).toHaveAttribute('data-disabled', 'false');

  // Edit: rename and a threshold; the form shows the API URL as "same as base URL".
  await accounts.action('Alice', 'edit');
  await expect(accounts.form).toBeVisible();
  await expect(page.getByTestId('account-api-url').locator('input')).toHaveValue('');
  await page.getByTestId('account-label').locator('input').fill('Alice (work)');
  await page.getByTestId('account-warn').locator('input').fill('0.000003');
  await accounts.submit();
  await expect(accounts.form.getByText('Too many decimals')).toBeVisible();
  await page.getByTestId('account-warn').locator('input').fill('12.5');
  await accounts.submit();
  await expect(accounts.form).toBeHidden();
  await expect(accounts.item('Alice (work)')).toBeVisible();

  // Remove, with the confirmation saying the remote keys stay; they do.
  await accounts.action('Alice (work)', 'remove');
  const confirm = page.getByTestId('account-remove-dialog');
  await expect(confirm).toContainText('API keys on the gateway are untouched');
  await page.getByTestId('account-remove-confirm').click();
  await expect(accounts.item('Alice (work)')).toHaveCount(0);
  await expect.poll(() => sidebar.labels()).toEqual(['Carol', 'Bob']);
  const log = await admin<{ entries: { method: string; path: string }[] }>('/log');
  expect(log.entries.filter((entry) => entry.method === 'DELETE')).toEqual([]);
  expect((await admin<{ status: number }>('/keys/1')).status).toBe(1);
});
