// Navigation in browser mode: a click on an account in the sidebar makes it active and opens its keys
// (/keys?account=ID); the Account and Models pages then show the active account, not merely the first one.
import { useDemoGateway } from './support/emulator';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';

const demo = useDemoGateway();

test('a sidebar account switches the active account and opens its keys; Account and Models follow it', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, demo.gw, [
    { label: 'Alice', token: 'demo-access-token-alice' },
    { label: 'Carol', token: 'demo-access-token-carol' },
  ]);
  const sidebar = page.getByTestId('sidebar');
  const row = (label: string) =>
    sidebar.getByTestId('account-row').filter({ has: page.getByTestId('account-row-label').getByText(label) });
  await expect(row('Alice')).toHaveAttribute('data-active', 'true');

  await row('Carol').click();
  await expect(row('Carol')).toHaveAttribute('data-active', 'true');
  const carolId = await row('Carol').getAttribute('data-account-id');
  await expect(page).toHaveURL(new RegExp(`#/keys\\?account=${carolId}$`));
  await expect(page.getByTestId('filter-account')).toContainText('Carol');
  await expect(keys.row('carol-key')).toBeVisible();
  await expect(page.getByTestId('key-row')).toHaveCount(1);

  await page.getByTestId('nav-account').click();
  await expect(page.getByTestId('info-account')).toContainText('Carol');
  await expect(page.getByTestId('account-self')).toContainText('carol');
  await page.getByTestId('nav-models').click();
  await expect(page.getByTestId('info-account')).toContainText('Carol');

  // Clicking the active account again still opens its keys.
  await row('Alice').click();
  await expect(row('Alice')).toHaveAttribute('data-active', 'true');
  await expect(keys.row('bulk-160')).toBeVisible();
  await row('Alice').click();
  await expect(page).toHaveURL(/#\/keys\?account=/);
});
