// Keyboard paths of the Keys section in browser mode: `/` focuses search, `n` opens the new-key form, `r` refreshes
// (a fresh read reaches the gateway), Esc closes the form, the export and delete dialogs and the detail drawer; the
// toolbar's filters, light triggers until reached, are reached and used by Tab and the arrow keys.
import { clearLog, requestLog, useDemoGateway } from './support/emulator';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';

const demo = useDemoGateway();

async function ready(page: import('@playwright/test').Page, url: string): Promise<KeysPage> {
  const keys = new KeysPage(page);
  await keys.start(url, demo.gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await keys.openAccount('Alice');
  await expect(keys.row('bulk-160')).toBeVisible();
  await page.locator('body').click({ position: { x: 700, y: 760 } }); // focus out of the account picker
  return keys;
}

test('`/` focuses the search box', async ({ page, keydesk }) => {
  await ready(page, keydesk.url);
  await expect(page.getByTestId('search-input')).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('bulk-007');
  await expect(page).toHaveURL(/q=bulk-007/);
});

test('a filter is reached by Tab (no NSelect built before), opened by ArrowDown and picked by Enter', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, demo.gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await expect(keys.row('bulk-160')).toBeVisible();
  // Nobody has reached the filters: each is a light trigger with the select's role, and no NSelect is built.
  await expect(page.locator('.keys-toolbar [role=combobox]')).toHaveCount(3);
  await expect(page.locator('.keys-toolbar .n-select')).toHaveCount(0);

  await page.getByTestId('filter-account').focus();
  await page.keyboard.press('Tab');
  // Focus reached the State trigger, which handed it to Naive's select in its place.
  await expect(page.getByTestId('filter-state').locator('.n-base-selection-label')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.n-base-select-option').getByText('Disabled', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('filter-state')).toContainText('Disabled');
  await expect(keys.row('disabled-key')).toBeVisible();
  await expect(keys.row('bulk-160')).toHaveCount(0);
});

test('`n` opens the new-key form', async ({ page, keydesk }) => {
  await ready(page, keydesk.url);
  await page.keyboard.press('n');
  await expect(page.getByTestId('key-form')).toBeVisible();
  await expect(page.getByTestId('key-form')).toContainText('New key');
});

test('`r` refreshes the list from the gateway', async ({ page, keydesk }) => {
  await ready(page, keydesk.url);
  await clearLog(demo.gw);
  await page.keyboard.press('r');
  await expect
    .poll(async () => (await requestLog(demo.gw)).filter((e) => e.method === 'GET' && e.path === '/api/token/').length)
    .toBeGreaterThan(0);
});

test('Esc closes the form, the export and delete dialogs and the detail drawer', async ({ page, keydesk }) => {
  const keys = await ready(page, keydesk.url);
  await page.keyboard.press('n');
  await expect(page.getByTestId('key-form')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('key-form')).toBeHidden();

  await keys.select('bulk-160');
  await page.getByTestId('batch-export').click();
  await expect(page.getByTestId('export-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-modal')).toBeHidden();

  await page.getByTestId('batch-delete').click();
  await expect(page.getByTestId('batch-delete-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('batch-delete-modal')).toBeHidden();
  await expect(keys.row('bulk-160')).toBeVisible();

  await keys.row('bulk-160').getByTestId('key-name').click();
  const drawer = page.locator('.n-drawer');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
