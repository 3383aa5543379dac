// A sign-in with a second factor, end to end in browser mode, on the two ways new-api asks for one: the current
// builds' flow token and the older builds' session cookie. A refused code is worded as a code (not as the password),
// the right one adds the account and closes the step; an account whose sign-in ended is signed in again from the
// Accounts page, and the Expiring soon list that could not read it reads it again.
import type { Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway';
import { smallSeed } from '../gateway/tests/profile-helpers';
import { AccountsPage, Sidebar } from './pages/accounts.page';
import { expect, test } from './support/fixtures';

const TESS = {
  id: 8,
  username: 'tess',
  password: 'fake-password-8',
  totp_code: '123456',
  quota: 5_000_000,
  keys: [{ id: 21, name: 'tess-nightly', remain_quota: 1_000_000 }],
};

let gw: Gateway | undefined;
test.afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

/** The era's emulator with Tess, whose every sign-in asks for a code; closed after each test. */
async function startEra(era: 'new-api' | 'new-api-legacy'): Promise<Gateway> {
  const seed = smallSeed();
  gw = await startGateway({ profile: era, seed: { ...seed, users: [...seed.users, TESS] } });
  return gw;
}

async function answer(page: Page, code: string): Promise<void> {
  const dialog = page.getByTestId('second-factor-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('second-factor-code').locator('input').fill(code);
  await dialog.getByTestId('second-factor-submit').click();
}

/** Fills Add account with Tess's password sign-in (not sent yet). */
async function fillTess(page: Page, site: Gateway, remember: boolean): Promise<AccountsPage> {
  const accounts = new AccountsPage(page);
  await accounts.openAddForm();
  await accounts.fill({
    kind: 'password',
    label: 'Tess',
    baseUrl: site.base_url,
    username: TESS.username,
    password: TESS.password,
    remember,
  });
  return accounts;
}

/** Adds Tess through the form and its second factor. */
async function addTess(page: Page, site: Gateway, remember: boolean): Promise<AccountsPage> {
  const accounts = await fillTess(page, site, remember);
  await accounts.submit();
  await answer(page, TESS.totp_code);
  await expect(accounts.item('Tess')).toBeVisible();
  return accounts;
}

/** The site ends every session of the user (a password change elsewhere, say); nothing can renew it silently. */
async function endSessions(site: Gateway): Promise<void> {
  const revoked = await fetch(`${site.admin_url}/users/${TESS.id}/sessions/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(revoked.ok).toBe(true);
}

for (const era of ['new-api', 'new-api-legacy'] as const) {
  test(`${era}: a refused code is explained, the right one adds the account and closes the step`, async ({
    page,
    keydesk,
    problems,
  }) => {
    const site = await startEra(era);
    await page.goto(keydesk.url);
    const accounts = await fillTess(page, site, false);
    // Testing first: the password works and the site will ask for a code. The answer is brought into view (the form
    // is taller than the window, and it used to land below the fold as if nothing had happened).
    await page.getByTestId('account-test').click();
    const tested = page.getByTestId('account-test-result');
    await expect(tested).toContainText('second factor');
    await expect(tested).toBeInViewport({ ratio: 1 });
    await accounts.submit();

    await answer(page, '000000');
    const dialog = page.getByTestId('second-factor-dialog');
    const refusal = dialog.getByTestId('error-alert');
    await expect(refusal).toHaveAttribute('data-error-code', 'auth.code_rejected');
    await expect(refusal).toContainText('The gateway did not accept this code.');
    await expect(refusal).not.toContainText('password');
    await expect(refusal.getByTestId('error-server-words')).not.toBeEmpty();

    await answer(page, TESS.totp_code);
    await expect(dialog).toBeHidden();
    await expect(accounts.form).toBeHidden();
    await expect(accounts.item('Tess').getByTestId('account-item-state')).toHaveAttribute('data-state', 'ok');
    // Nothing stands over the page: the sidebar answers a click.
    await new Sidebar(page).switchTo('Tess');
    expect(problems.consoleErrors).toEqual([]);
  });
}

test('an ended sign-in is renewed from Accounts with password and code, and Expiring soon reads the account again', async ({
  page,
  keydesk,
}) => {
  const site = await startEra('new-api');
  await page.goto(keydesk.url);
  const accounts = await addTess(page, site, false);
  await endSessions(site);
  // Listing the keys finds out (the balance keeps its one read a minute).
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('refresh-button').click();
  await expect(page.getByTestId('error-alert')).toContainText('needs you to sign in');
  await accounts.open();
  const state = accounts.item('Tess').getByTestId('account-item-state');
  await expect(state).toHaveAttribute('data-state', 'needs_sign_in');
  const unread = page.getByTestId('expiring-partial');
  await expect(unread).toContainText('Tess');

  await accounts.item('Tess').getByTestId('account-sign-in').click();
  const credential = page.getByTestId('credential-dialog');
  await credential.getByTestId('credential-secret').locator('input').fill('not-her-password');
  await credential.getByTestId('credential-submit').click();
  // The password was typed right there: the remedy points at it, not at the account's settings.
  await expect(credential.getByTestId('credential-error')).toContainText('you entered above');

  await credential.getByTestId('credential-secret').locator('input').fill(TESS.password);
  await credential.getByTestId('credential-submit').click();
  await answer(page, TESS.totp_code);
  await expect(page.getByTestId('second-factor-dialog')).toBeHidden();
  await expect(state).toHaveAttribute('data-state', 'ok');
  await expect(unread).toBeHidden();
});

test('All keys: a list whose sign-in ended offers Sign in, straight to the code when the password is remembered', async ({
  page,
  keydesk,
}) => {
  const site = await startEra('new-api');
  await page.goto(keydesk.url);
  await addTess(page, site, true);
  await page.getByTestId('nav-keys').click();
  await expect(page.getByTestId('key-row')).not.toHaveCount(0);

  await endSessions(site);
  await page.getByTestId('refresh-button').click();
  const card = page.getByTestId('error-alert').filter({ hasText: 'Tess' });
  // The remembered password's renewal stopped at the code, which only the user can give.
  await expect(card).toContainText('asks for a second factor');
  // Trying again would fail the same way: the card offers what fixes it instead.
  await expect(card.getByTestId('error-retry')).toHaveCount(0);
  await card.getByTestId('keys-sign-in').click();
  // The remembered password began the sign-in; only the code is asked for.
  await expect(page.getByTestId('credential-dialog')).toBeHidden();
  await answer(page, TESS.totp_code);
  await expect(page.getByTestId('second-factor-dialog')).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('key-row')).not.toHaveCount(0);
});
