// Every empty field shows a placeholder of ours in the chosen language, never Naive UI's own
// ("Please Input", "请输入", "Select Date and Time"…). Walks the keys screen, the new-key form with a date to pick
// and model limits on, each kind of the add-account form, the Account page and Settings, in en-US and zh-CN.
import type { Page } from '@playwright/test';
import { enUS, zhCN } from 'naive-ui';
import { startGateway, type Gateway } from '../gateway/index';
import { AccountsPage } from './pages/accounts.page';
import { KeysPage } from './pages/keys.page';
import { expect, test } from './support/fixtures';

let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway();
});
test.afterAll(async () => {
  await gw.close();
});

/** Every placeholder string of Naive UI's en-US and zh-CN locales: what a field without one of ours would show. */
function libraryPlaceholders(): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === 'string' && /placeholder/i.test(name)) out.add(value);
      else walk(value);
    }
  };
  walk(enUS);
  walk(zhCN);
  return out;
}
const LIBRARY = libraryPlaceholders();

/** The little of the DOM read here (this file is type-checked without the DOM library). */
interface Field {
  readonly value?: string;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  getClientRects(): { readonly length: number };
}

/** Placeholders on screen now: empty inputs' attributes and the selects' placeholder boxes. */
async function shownPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<Field> } }).document;
    const visible = (el: Field) => el.getClientRects().length > 0;
    const inputs = [...doc.querySelectorAll('input, textarea')]
      .filter((el) => visible(el) && (el.value ?? '') === '')
      .map((el) => el.getAttribute('placeholder') ?? '');
    const selects = [...doc.querySelectorAll('.n-base-selection-placeholder')]
      .filter(visible)
      .map((el) => (el.textContent ?? '').trim());
    return [...inputs, ...selects].filter((text) => text !== '');
  });
}

async function expectOurs(page: Page, where: string): Promise<void> {
  const shown = await shownPlaceholders(page);
  expect(
    shown.filter((text) => LIBRARY.has(text)),
    `${where}: ${shown.join(' | ')}`,
  ).toEqual([]);
}

for (const language of ['en-US', 'zh-CN'] as const) {
  test(`every placeholder is ours, in ${language}`, async ({ page, keydesk }) => {
    expect(LIBRARY.has('Please Input') && LIBRARY.has('请输入')).toBe(true);
    const keys = new KeysPage(page);
    await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
    const origin = new URL(keydesk.url).origin;
    const res = await page.request.post(`${origin}/bridge/invoke/settings:update`, {
      headers: { 'content-type': 'application/json', origin },
      data: { args: { language } },
    });
    expect(res.ok()).toBe(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('key-row').first()).toBeVisible();
    await expectOurs(page, 'All keys');

    // The new-key form: the date picker appears with the last expiry choice, the model list with its switch.
    await page.getByTestId('new-key').click();
    await expect(page.getByTestId('form-name')).toBeVisible();
    await page.getByTestId('form-expiry').click();
    await page.locator('.n-base-select-option').last().click();
    await expect(page.getByTestId('form-date')).toBeVisible();
    await page.getByTestId('form-model-limits').click();
    await expect(page.getByTestId('form-models')).toBeVisible();
    await expectOurs(page, 'new key');
    const date = await page.getByTestId('form-date').locator('input').getAttribute('placeholder');
    expect(date).toBeTruthy();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('key-form')).toHaveCount(0);

    const accounts = new AccountsPage(page);
    await accounts.openAddForm();
    for (const kind of ['password', 'access_token', 'api_key'] as const) {
      await page.getByTestId(`account-kind-${kind}`).click();
      await expect(page.getByTestId('account-kind')).toHaveAttribute('data-value', kind);
      await expectOurs(page, `add account (${kind})`);
    }
    await page.keyboard.press('Escape');

    await page.getByTestId('nav-account').click();
    await expect(page.getByTestId('account-view')).toBeVisible();
    await expectOurs(page, 'Account');
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-interval')).toBeVisible();
    await page.getByTestId('settings-interval').locator('input').fill('');
    await expectOurs(page, 'Settings, interval emptied');
  });
}
