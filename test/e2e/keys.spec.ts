// The key lifecycle in browser mode against the emulator's demo seed: list, search rules, create, edit with a diff,
// disable/enable and extend-and-enable, reveal, delete, details with key 401, scope denied, and the request log
// proving no partial update was sent.
import { startGateway, type Gateway } from '../gateway/index';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';

let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway();
});
test.afterAll(async () => {
  await gw.close();
});
test.beforeEach(async () => {
  await fetch(`${gw.admin_url}/reset`, { method: 'POST' });
});

async function open(
  page: import('@playwright/test').Page,
  url: string,
  token = 'demo-access-token-alice',
  label = 'Alice',
) {
  const keys = new KeysPage(page);
  await page.goto(url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await keys.addAccount(url, label, gw.base_url, gw.api_url, token);
  await page.reload();
  await page.goto(`${new URL(url).origin}/#/keys`);
  return keys;
}

test('lists every key with its state, searches by the spec’s rules and explains refusals', async ({
  page,
  keydesk,
}) => {
  const keys = await open(page, keydesk.url);
  // Newest first: the seed's bulk keys fill the top; the special ones are found by a fuzzy search.
  await expect(keys.row('bulk-160')).toBeVisible();
  await keys.search('%-key');
  await expect(keys.row('expired-key').getByTestId('key-state')).toHaveAttribute('data-state', 'expired');
  await expect(keys.row('exhausted-key').getByTestId('key-state')).toHaveAttribute('data-state', 'exhausted');
  await expect(keys.row('disabled-key').getByTestId('key-state')).toHaveAttribute('data-state', 'disabled');
  await keys.page.getByTestId('search-input').fill('unlimited-overdrawn');
  await expect(keys.row('unlimited-overdrawn').getByTestId('quota-unlimited')).toBeVisible();

  await keys.search('%a%%');
  await expect(page.getByTestId('search-problem')).toContainText('two %');
  await keys.page.getByTestId('search-input').fill('%bulk-00%');
  await expect(keys.row('bulk-001')).toBeVisible();
  await expect(keys.row('primary')).toHaveCount(0);
});

test('creates a key with quota in yuan, edits it with a diff, disables and re-enables, reveals and deletes it', async ({
  page,
  keydesk,
}) => {
  const keys = await open(page, keydesk.url);
  await keys.openAccount('Alice');
  await expect(keys.row('bulk-160')).toBeVisible();

  await page.keyboard.press('n');
  await page.getByTestId('form-name').fill('x'.repeat(51));
  await expect(page.getByTestId('form-problem')).toBeVisible();
  await page.getByTestId('form-name').fill('e2e-key');
  await page.getByTestId('form-quota').fill('12.345678');
  // Internal units only on request: in the hint's tooltip, never in its text.
  await expect(page.getByTestId('quota-input-hint').first()).toHaveAttribute('title', '6,172,839 units');
  await page.getByTestId('form-quota').fill('12.5');
  await expect(page.getByTestId('quota-input-hint').first()).toHaveAttribute('title', '6,250,000 units');
  await expect(page.getByTestId('quota-input-hint').first()).not.toContainText('units');
  await page.getByTestId('form-submit').click();
  await expect(page.locator('.n-message').getByText('15 seconds')).toBeVisible();
  await expect(keys.row('e2e-key')).toBeVisible();
  await expect(keys.row('e2e-key')).toHaveClass(/key-table__row--new/);

  await keys.row('e2e-key').getByTestId('edit-key').click();
  await expect(page.getByTestId('form-name')).toHaveValue('e2e-key');
  await expect(page.getByTestId('form-quota')).toHaveValue('12.50'); // the fresh server value, not a leftover
  await page.getByTestId('form-quota').fill('10');
  await expect(page.getByTestId('form-diff')).toContainText('¥12.50');
  await page.getByTestId('form-submit').click();
  await page.getByRole('button', { name: /Yes, save/ }).click();
  await expect(keys.row('e2e-key').getByTestId('quota-remaining')).toHaveText('¥10.00');

  await keys.menu('e2e-key', 'Disable');
  await expect(keys.row('e2e-key').getByTestId('key-state')).toHaveAttribute('data-state', 'disabled');
  await keys.menu('e2e-key', 'Enable');
  await expect(keys.row('e2e-key').getByTestId('key-state')).toHaveAttribute('data-state', 'enabled');

  await keys.row('e2e-key').getByTestId('reveal-key').click();
  await expect(keys.row('e2e-key').getByTestId('revealed-key')).toHaveText(/^sk-[0-9a-zA-Z]{48}$/);
  await keys.row('e2e-key').getByTestId('hide-key').click();
  await expect(keys.row('e2e-key').getByTestId('masked-key')).toContainText('*');

  await keys.menu('e2e-key', 'Delete');
  await page.locator('.n-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(keys.row('e2e-key')).toHaveCount(0);

  // No full update went out without every writable field.
  const log = (
    (await (await fetch(`${gw.admin_url}/log`)).json()) as {
      entries: { method: string; path: string; query: Record<string, string>; body: object }[];
    }
  ).entries;
  const puts = log.filter((e) => e.method === 'PUT' && e.path === '/api/token/' && e.query.status_only !== 'true');
  expect(puts.length).toBeGreaterThan(0);
  for (const put of puts) {
    expect(Object.keys(put.body)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'remain_quota',
        'unlimited_quota',
        'expired_time',
        'status',
        'group',
        'model_limits_enabled',
        'model_limits',
        'allow_ips',
      ]),
    );
  }
});

test('enabling an expired key explains why and extends-and-enables in one step; its details show key 401', async ({
  page,
  keydesk,
}) => {
  const keys = await open(page, keydesk.url);
  await keys.openAccount('Alice');
  await keys.search('expired-key');
  await keys.row('expired-key').getByTestId('key-name').click();
  // Read with the key on request: the site refuses the expired key with 401.
  await page.getByTestId('drawer-read-with-key').click();
  await expect(page.getByTestId('drawer-models').getByTestId('error-alert')).toHaveAttribute(
    'data-error-code',
    'key.invalid',
  );
  await page.keyboard.press('Escape');
  await keys.menu('expired-key', 'Extend and enable');
  await page.getByTestId('extend-submit').click();
  await expect(keys.row('expired-key').getByTestId('key-state')).toHaveAttribute('data-state', 'enabled');
});

test('a read-only token: creating a key shows scope denied with the server’s message and the remedy', async ({
  page,
  keydesk,
}) => {
  const keys = await open(page, keydesk.url, 'demo-access-token-bob-readonly', 'Bob');
  await keys.openAccount('Bob');
  await page.keyboard.press('n');
  await page.getByTestId('form-name').fill('nope');
  await page.getByTestId('form-quota').fill('1');
  await page.getByTestId('form-submit').click();
  const alert = page.getByTestId('key-form').getByTestId('error-alert');
  await expect(alert).toHaveAttribute('data-error-code', 'auth.scope_denied');
  await expect(alert).toContainText('api_key:write');
});
