// The passphrase vault across a restart, as a user without an OS keyring meets it (a Linux machine with no desktop
// session): the passphrase is set in Settings, and after the restart the accounts it sealed wait for it. Where their
// failure shows (All keys, Accounts) the fix offered is the unlock, not typing a credential again, and Settings does not
// list them as credentials that cannot be read. A wrong passphrase says to check it; the right one brings the keys back.
// A form the locked vault stops (Add account) offers the same unlock in its error, and then goes through.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { draftFor } from '../bench/lib/drafts';
import { addAccounts, newDataDir, removeDataDir, shareSession, startApp, type BenchApp } from '../bench/lib/keydesk';
import { benchSeed, tokenOf } from '../bench/lib/seed';
import { AccountsPage } from './pages/accounts.page';

const PASSPHRASE = 'fake vault passphrase';
/** No session bus: no Secret Service, so the vault offers the passphrase whatever the machine running the test has. */
const NO_KEYRING = { env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/keydesk-test-bus' } };

let gw: Gateway;
let dataDir: string;
let app: BenchApp | null = null;

test.beforeEach(async () => {
  gw = await startGateway({ seed: benchSeed(2, 3), profile: 'new-api' });
  dataDir = newDataDir();
});
test.afterEach(async () => {
  await app?.stop();
  app = null;
  await gw.close();
  removeDataDir(dataDir);
});

async function open(browser: Browser, running: BenchApp): Promise<Page> {
  const context = await browser.newContext();
  await shareSession(context, running);
  const page = await context.newPage();
  await page.goto(running.pageUrl);
  return page;
}

/**
 * One account listed (the vault in memory: no keyring), the passphrase set in Settings, then Keydesk restarted: the
 * vault now waits for it.
 */
async function restartLocked(browser: Browser): Promise<Page> {
  app = await startApp(dataDir, NO_KEYRING);
  await app.invoke('settings:update', { language: 'en-US' });
  await addAccounts(app, [draftFor(gw, 1, 'access_token')]);
  const page = await open(browser, app);
  await expect(page.getByTestId('key-row')).toHaveCount(3);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('vault-backend')).toHaveAttribute('data-backend', 'memory');
  await page.getByTestId('vault-new').locator('input').fill(PASSPHRASE);
  await page.getByTestId('vault-repeat').locator('input').fill(PASSPHRASE);
  await page.getByTestId('vault-set').click();
  await expect(page.getByTestId('vault-backend')).toHaveAttribute('data-backend', 'passphrase');
  await page.context().close();
  await app.stop();
  app = await startApp(dataDir, NO_KEYRING);
  return open(browser, app);
}

test('after a restart, a passphrase vault is unlocked where the locked accounts show', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await restartLocked(browser);
  const card = page.getByTestId('error-alert').filter({ hasText: 'access_token-1' });
  await expect(card).toHaveAttribute('data-error-code', 'vault.locked');
  await expect(card).toContainText('The credential vault is locked.');
  await expect(card.getByTestId('keys-sign-in')).toHaveText('Unlock vault');
  await expect(card.getByTestId('error-retry')).toHaveCount(0);

  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('vault-lock-state')).toBeVisible();
  // Waiting for the passphrase is no unreadable credential: nothing to enter again.
  await expect(page.getByTestId('vault-problems')).toHaveCount(0);
  await page.getByTestId('nav-accounts').click();
  const row = page.getByTestId('account-sign-in');
  await expect(row).toHaveText('Unlock vault');
  await page.getByTestId('nav-keys').click();

  await card.getByTestId('keys-sign-in').click();
  const dialog = page.getByTestId('vault-unlock-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('credential-dialog')).toHaveCount(0);
  await dialog.getByTestId('vault-unlock-passphrase').locator('input').fill('not the passphrase');
  await dialog.getByTestId('vault-unlock-submit').click();
  const refusal = dialog.getByTestId('vault-unlock-error');
  await expect(refusal).toContainText('That passphrase is not the vault’s.');
  await expect(refusal).toContainText('Check the passphrase and try again');

  await dialog.getByTestId('vault-unlock-passphrase').locator('input').fill(PASSPHRASE);
  await dialog.getByTestId('vault-unlock-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('key-row')).toHaveCount(3);
  await expect(card).toHaveCount(0);
  // The account itself is usable again: no lock on its row, nothing left to enter.
  await page.getByTestId('nav-accounts').click();
  await expect(page.getByTestId('account-item-state')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('account-sign-in')).toHaveCount(0);
});

test('a form the locked vault stops offers the unlock in its error, and goes through after it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await restartLocked(browser);
  const accounts = new AccountsPage(page);
  await accounts.openAddForm();
  const account = {
    kind: 'access_token',
    label: 'Second',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    accessToken: tokenOf(2),
    userId: '2',
  } as const;
  await accounts.fill(account);
  await accounts.submit();
  const error = accounts.formError;
  await expect(error).toHaveAttribute('data-error-code', 'vault.locked');
  await error.getByTestId('error-unlock-vault').click();
  const dialog = page.getByTestId('vault-unlock-dialog');
  await dialog.getByTestId('vault-unlock-passphrase').locator('input').fill(PASSPHRASE);
  await dialog.getByTestId('vault-unlock-submit').click();
  await expect(dialog).toBeHidden();
  // The form and what was typed in it stay; the error gives way to saying the vault is open.
  await expect(accounts.form).toBeVisible();
  await expect(error).toHaveAttribute('data-unlocked', 'true');
  await expect(error).toHaveText('The vault is unlocked.Try again now.');
  await accounts.submit();
  await expect(accounts.form).toBeHidden();
  await expect(accounts.item('Second')).toBeVisible();
});
