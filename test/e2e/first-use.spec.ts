// What a new user tripped over, checked in the built app against the emulator's demo seed: a refused search leaves
// no stale rows, a filter lists every key the gateway holds in that state, the new-key form opens without an error,
// a new key says Never used, toasts replace each other, deleting one key is a red "Delete key", the drawer labels
// model owners and endpoints, the Accounts page's search filters while its Refresh works, and Edit thresholds asks
// only for the thresholds; an alert's link opens its own account, a meter without thresholds stays neutral, and a
// successful Test connection clears the earlier "was not added" error.
import { startGateway, type Gateway } from '../gateway/index';
import { invokeBridge } from './support/bridge';
import { expect, test } from './support/fixtures';
import { AccountsPage } from './pages/accounts.page';
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

test('a refused search pattern leaves no earlier results listed', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await keys.search('bulk-001');
  await expect(keys.row('bulk-001')).toBeVisible();
  await page.getByTestId('search-input').fill('%a%b%c%');
  await expect(page.getByTestId('search-problem')).toBeVisible();
  await expect(page.getByTestId('key-row')).toHaveCount(0);
  await expect(page.getByTestId('keys-empty')).toHaveCount(0);
  await expect(page.getByTestId('key-table')).toBeHidden();
});

test('a search that matches nothing shows "no matches" and no table; typing on to a match shows it again', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await expect(page.getByTestId('key-table')).toBeVisible();
  // Names match exactly: "bulk-00" matches no key, "bulk-001" does.
  await page.getByTestId('search-input').fill('bulk-00');
  await expect(page.getByTestId('keys-empty')).toBeVisible();
  await expect(page.getByTestId('key-table')).toBeHidden();
  await expect(page.getByRole('columnheader')).toHaveCount(0);
  await expect(page.getByTestId('key-row')).toHaveCount(0);
  await page.getByTestId('search-input').press('End');
  await page.keyboard.type('1');
  await expect(keys.row('bulk-001')).toBeVisible();
  await expect(page.getByTestId('keys-empty')).toHaveCount(0);
  await expect(page.getByTestId('key-table')).toBeVisible();
});

test('the State filter on one account lists the keys the gateway holds in that state', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await keys.openAccount('Alice');
  // Newest first: the seed's disabled key is far beyond the first server page.
  await expect(keys.row('bulk-160')).toBeVisible();
  await expect(keys.row('disabled-key')).toHaveCount(0);
  await page.getByTestId('filter-state').click();
  await page.locator('.n-base-select-option').getByText('Disabled', { exact: true }).click();
  await expect(keys.row('disabled-key')).toBeVisible();
  const tags = await page.getByTestId('key-state').all();
  const states = await Promise.all(tags.map((tag) => tag.getAttribute('data-state')));
  expect(states.length).toBeGreaterThan(0);
  expect(new Set(states)).toEqual(new Set(['disabled']));
  await expect(page.getByText('No keys yet')).toHaveCount(0);
});

test('a new key: no error before input, Never used, one toast at a time, a red "Delete key"', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await keys.openAccount('Alice');
  await expect(keys.row('bulk-160')).toBeVisible();

  await page.keyboard.press('n');
  await expect(page.getByTestId('form-name')).toBeVisible();
  await expect(page.getByTestId('form-problem')).toHaveCount(0);
  await expect(page.getByTestId('key-form').locator('.n-form-item-feedback--error')).toHaveCount(0);
  await page.getByTestId('form-name').fill('polish-key');
  await page.getByTestId('form-quota').fill('5');
  await page.getByTestId('form-submit').click();
  await expect(keys.row('polish-key')).toBeVisible();
  await expect(keys.row('polish-key').getByTestId('never-used')).toHaveText('Never used');

  await keys.row('polish-key').getByTestId('key-menu').click();
  await page.locator('.n-dropdown-option').getByText('Disable', { exact: true }).click();
  await expect(page.locator('.n-message').getByText('Key disabled.')).toBeVisible();
  await expect(page.locator('.n-message')).toHaveCount(1);
  // At the bottom: clear of the filter bar, the table's header and a drawer's title.
  const toast = await page.locator('.n-message').boundingBox();
  expect(toast?.y ?? 0).toBeGreaterThan(400);

  await keys.menu('polish-key', 'Delete');
  const dialog = page.locator('.n-dialog');
  await expect(dialog.locator('.n-dialog__title')).toHaveText('Delete key');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveClass(/n-button--error-type/);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.n-message').getByText('Key deleted.')).toBeVisible();
  await expect(page.locator('.n-message')).toHaveCount(1);
});

test('the key drawer labels each model’s owner and endpoint types', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await keys.search('primary');
  await keys.row('primary').getByTestId('key-name').click();
  // Read with the key on request: opening the drawer spends none of the site's critical bucket.
  await page.getByTestId('drawer-read-with-key').click();
  const models = page.getByTestId('drawer-models');
  await expect(models.getByTestId('model-owner').first()).toContainText('owner:');
});

test('the key drawer’s quota meter is drawn in the theme’s colours and reads from the left like its neighbours', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await keys.search('primary');
  await keys.row('primary').getByTestId('key-name').click();
  const drawer = page.getByTestId('key-drawer');
  await expect(drawer.getByTestId('quota-remaining')).toBeVisible();
  // The drawer is drawn at the end of <body>, outside the app's layout: the --kd-* colours must reach it.
  interface Box {
    querySelector(selector: string): Box | null;
    getBoundingClientRect(): { left: number };
  }
  type Styles = (el: Box) => { backgroundColor: string };
  const look = await drawer.evaluate((node: unknown) => {
    const root = node as Box;
    const styles = (globalThis as unknown as { getComputedStyle: Styles }).getComputedStyle;
    const part = (selector: string): Box => {
      const found = root.querySelector(selector);
      if (found === null) throw new Error(`no ${selector} in the drawer`);
      return found;
    };
    return {
      bar: styles(part('.quota-meter__bar')).backgroundColor,
      fill: styles(part('.quota-meter__fill')).backgroundColor,
      amountLeft: part('[data-testid="quota-remaining"]').getBoundingClientRect().left,
      keyLeft: part('code').getBoundingClientRect().left,
    };
  });
  expect(look.bar).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.fill).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.fill).not.toBe(look.bar);
  expect(Math.abs(look.amountLeft - look.keyLeft)).toBeLessThan(1);
});

test('the Accounts page’s search filters the accounts, and its Refresh is enabled', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [
    { label: 'Alice', token: 'demo-access-token-alice' },
    { label: 'Carol', token: 'demo-access-token-carol' },
  ]);
  await page.getByTestId('nav-accounts').click();
  await expect(page.getByTestId('account-item')).toHaveCount(2);
  await expect(page.getByTestId('refresh-button')).toBeEnabled();
  // Hiding an account from the sidebar is not hiding a key: its own icon, not the key-reveal eye-off.
  // Main actions are labelled; the rest sit in the "⋯" menu, with icons.
  await expect(page.getByTestId('account-edit').first()).toHaveText(/Edit/);
  await page.getByTestId('account-more').first().click();
  const hide = page.locator('.n-dropdown-menu').getByTestId('account-hide').locator('svg');
  await expect(hide).toHaveAttribute('data-icon', 'panelLeftClose');
  await page.keyboard.press('Escape');
  // Each row shows its balance, as the sidebar does.
  await expect(page.getByTestId('account-item-balance')).toHaveCount(2);
  await page.getByTestId('search-input').fill('Carol');
  await expect(page.getByTestId('account-item')).toHaveCount(1);
  await expect(page.getByTestId('account-item-label')).toHaveText('Carol');
  await page.getByTestId('search-input').fill('');
  await expect(page.getByTestId('account-item')).toHaveCount(2);
});

test('Edit thresholds opens a thresholds-only dialog in the account’s currency', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  // The only account is the active one: its page is one click away.
  await page.getByTestId('nav-account').click();
  await expect(page.getByTestId('account-view')).toBeVisible();
  await page.getByTestId('balance-edit-thresholds').click();
  const dialog = page.getByTestId('thresholds-dialog');
  await expect(dialog).toBeVisible();
  // Only the two amounts: no sign-in kind, no addresses, no credential note.
  await expect(page.getByTestId('account-form')).toHaveCount(0);
  await expect(dialog.getByTestId('account-base-url')).toHaveCount(0);
  await expect(dialog.getByTestId('account-kind')).toHaveCount(0);
  await dialog.getByTestId('account-warn').locator('input').fill('10');
  await dialog.getByTestId('account-critical').locator('input').fill('20');
  await dialog.getByTestId('thresholds-save').click();
  await expect(dialog).toContainText('The critical amount must not be above the warning amount.');
  await dialog.getByTestId('account-critical').locator('input').fill('5');
  await dialog.getByTestId('thresholds-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance-thresholds')).toContainText('10');
  await expect(page.getByTestId('balance-thresholds')).toContainText('5');
});

test('an alert opens its own account; a meter without thresholds stays neutral', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  // Carol with a warning far above her balance: her first balance read raises one alert.
  const added = await invokeBridge(page, 'accounts:add', {
    label: 'Carol',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential: { kind: 'access_token', accessToken: 'demo-access-token-carol' },
    thresholds: { warnUnits: 500_000_000_000, criticalUnits: null },
  });
  expect(added.ok, JSON.stringify(added.error)).toBe(true);
  await page.reload();
  const meterOf = (label: string) =>
    page
      .getByTestId('sidebar')
      .getByTestId('account-row')
      .filter({ has: page.getByTestId('account-row-label').getByText(label, { exact: true }) })
      .getByTestId('balance-meter');
  // No thresholds: nothing to be OK against, so no level word and no OK colour.
  await expect(meterOf('Alice')).toHaveAttribute('data-level', 'none');
  await expect(meterOf('Alice').getByTestId('balance-level')).toHaveCount(0);
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '1', { timeout: 15_000 });
  await expect(meterOf('Carol')).toHaveAttribute('data-level', 'warn');
  // Alice is the account in view; the alert about Carol opens Carol's page.
  await new AccountsPage(page).openAccountPage('Alice');
  await expect(page.getByTestId('info-account')).toContainText('Alice');
  await page.getByTestId('alert-bell').click();
  await expect(page.getByTestId('alert-item')).toHaveCount(1);
  await page.getByTestId('alert-account').click();
  await expect(page.getByTestId('account-view')).toBeVisible();
  await expect(page.getByTestId('info-account')).toContainText('Carol');
});

test('a successful Test connection clears the earlier "was not added" error', async ({ page, keydesk }) => {
  await page.goto(keydesk.url);
  const accounts = new AccountsPage(page);
  await accounts.openAddForm();
  await accounts.fill({
    kind: 'access_token',
    label: 'Carol',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    accessToken: 'not-a-token',
  });
  await accounts.submit();
  await expect(accounts.formError).toBeVisible();
  await page.getByTestId('account-access-token').locator('input').fill('demo-access-token-carol');
  const result = await accounts.testConnection();
  await expect(result).toHaveAttribute('data-testid', 'account-test-result');
  await expect(accounts.formError).toHaveCount(0);
});

test('a sidebar tooltip opens on the first hover and closes when the pointer leaves', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  const row = page.getByTestId('account-row').first();
  await expect(row.getByTestId('balance-remaining')).not.toBeEmpty();
  // Built only on hover: before it, no tooltip anywhere in the page.
  await expect(page.locator('.n-tooltip')).toHaveCount(0);

  await row.getByTestId('balance-remaining').hover();
  const tooltip = page.locator('.n-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('units');

  await page.getByTestId('key-table').hover();
  await expect(tooltip).toBeHidden();

  // A second hover of the same meter opens it again; over the state dot the sidebar's one tooltip says the state.
  await row.getByTestId('balance-remaining').hover();
  await expect(tooltip).toBeVisible();
  await page.getByTestId('key-table').hover();
  await expect(tooltip).toBeHidden();
  await row.getByTestId('account-row-state').hover();
  await expect(page.locator('.n-tooltip').filter({ hasText: 'Connected' })).toBeVisible();

  // A row reached from the keyboard gets its state and its balance together; Escape hides them.
  await page.getByTestId('key-table').hover();
  await expect(tooltip).toBeHidden();
  await row.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(row).toBeFocused();
  await expect(tooltip).toContainText('Connected');
  await expect(tooltip).toContainText('units');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();

  // The Accounts page's state tag (a Naive tag as the trigger) says why, on hover too.
  const accounts = new AccountsPage(page);
  await accounts.open();
  await page.getByTestId('account-item-state').first().hover();
  await expect(
    page.locator('.n-tooltip').filter({ hasText: 'The credential works.' }).filter({ hasNotText: 'Connected' }),
  ).toBeVisible();
});
