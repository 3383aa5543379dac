// Red error text and muted text measured from the rendered colours in zh-CN dark and en-US light — WCAG AA's 4.5:1
// against what is really behind them — on the Add account dialog after a refused sign-in, which also shows one error
// box only, in view.
import type { Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { invokeBridge } from './support/bridge';
import { measureContrast, type Measured } from './support/contrast';
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

/** Every measured text inside the selector's elements (red ink only, when asked). */
async function contrasts(page: Page, selector: string, redOnly = false): Promise<Measured[]> {
  const report = await measureContrast(page, selector, { redOnly });
  expect(report.skipped, `text on backgrounds not measured in ${selector}`).toEqual([]);
  return report.measured;
}

for (const [language, theme] of [
  ['zh-CN', 'dark'],
  ['en-US', 'light'],
] as const) {
  test(`error and muted text meet 4.5:1 in ${language} ${theme}; one error box, in view`, async ({ page, keydesk }) => {
    await page.goto(keydesk.url);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    expect((await invokeBridge(page, 'settings:update', { language, theme })).ok).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    const accounts = new AccountsPage(page);
    await accounts.openAddForm();
    // An empty Add marks the fields in red; the hints beside them are the muted text.
    await accounts.submit();
    await expect(page.locator('.n-form-item-feedback--error').first()).toBeVisible();
    const fieldErrors = await contrasts(page, '.n-form-item-feedback--error');
    // Every red text on screen, whatever drew it (field marks, buttons, tags); later on the Accounts page too.
    const redText = await contrasts(page, 'body *', true);
    const mutedText = await contrasts(
      page,
      '.account-form__hint, .n-form-item-feedback:not(.n-form-item-feedback--error):not(.n-form-item-feedback--warning)',
    );

    // A refused sign-in: one error box, in view, and no remedy sending the user to a not-yet-added account's settings.
    await accounts.fill({
      kind: 'password',
      label: 'Wrong',
      baseUrl: gw.base_url,
      username: 'alice',
      password: 'not-the-password',
    });
    await accounts.submit();
    await expect(accounts.formError).toBeVisible();
    await expect(accounts.form.locator('.n-alert')).toHaveCount(1);
    await expect(accounts.formError).toBeInViewport();
    await expect(accounts.formError).not.toContainText(language === 'en-US' ? 'settings' : '设置');
    const alertText = await contrasts(page, '[data-error-code] .n-alert-body__title, [data-error-code] p');

    await page.getByTestId('account-cancel').click();
    await expect(accounts.form).toBeHidden();
    // The keys of an account with disabled, expired and exhausted keys: their red tags and amounts.
    const keys = new KeysPage(page);
    await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
    await keys.openAccount('Alice');
    await expect(keys.row('bulk-160')).toBeVisible();
    const pageRedText = await contrasts(page, 'body *', true);

    expect(redText.length).toBeGreaterThan(0);
    expect(fieldErrors.length).toBeGreaterThan(0);
    expect(alertText.length).toBeGreaterThan(1);
    expect(mutedText.length).toBeGreaterThan(0);
    for (const measured of [...fieldErrors, ...alertText, ...mutedText, ...redText, ...pageRedText])
      expect
        .soft(measured.ratio, `${measured.selector} "${measured.text}" ${measured.colour} on ${measured.background}`)
        .toBeGreaterThanOrEqual(measured.required);
  });
}
