// Takes the README's screenshots in the real UI at 1280×800: All keys, the key form (a 16-character Chinese name,
// two allowed IPs) and the Account page of a USD site, in en-US light and zh-CN dark, and a key's Calls by model
// (en-US light), on the demo seed as a current new-api serves it ($ with ≈ ¥ beside, at the site's top-up price).
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';
import { AccountsPage } from './pages/accounts.page';
import { startGateway, type Gateway } from '../gateway/index';

const OUT = process.env.SHOTS_DIR ?? join(import.meta.dirname, '..', '..', 'resources', 'screenshots');
const CHINESE_NAME = '生产环境主密钥供夜间批量任务使用';

let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway({ profile: 'new-api' });
});
test.afterAll(async () => {
  await gw.close();
});

async function setUp(page: Page, url: string, language: 'en-US' | 'zh-CN', theme: 'light' | 'dark'): Promise<KeysPage> {
  const keys = new KeysPage(page);
  await page.goto(url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const origin = new URL(url).origin;
  const add = async (args: unknown) => {
    const res = await page.request.post(`${origin}/bridge/invoke/accounts:add`, {
      headers: { 'content-type': 'application/json', origin },
      data: { args },
    });
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  };
  const where = { baseUrl: gw.base_url, apiUrl: gw.api_url };
  await add({
    label: 'Alice',
    ...where,
    credential: { kind: 'password', username: 'alice', password: 'demo-password-1', remember: true },
    thresholds: { warnUnits: 100_000_000, criticalUnits: 25_000_000 },
  });
  await add({ label: 'Carol', ...where, credential: { kind: 'access_token', accessToken: 'demo-access-token-carol' } });
  const key = ((await (await fetch(`${gw.admin_url}/keys/1`)).json()) as { key: string }).key;
  await add({ label: 'Primary key', ...where, credential: { kind: 'api_key', apiKey: `sk-${key}` } });
  await page.reload();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId(`settings-language-${language}`).click();
  await page.getByTestId(`settings-theme-${theme}`).click();
  await page.goto(`${origin}/#/keys`);
  await expect(page.getByTestId('key-row').first()).toBeVisible();
  return keys;
}

/** Transitions and the meters' first reading done, and the pointer parked where it raises no tooltip. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(1279, 799);
  await page.waitForTimeout(800);
}

for (const [language, theme] of [
  ['en-US', 'light'],
  ['zh-CN', 'dark'],
] as const) {
  test(`screenshots ${language} ${theme}`, async ({ page, keydesk }) => {
    test.setTimeout(90_000);
    const tag = `${language === 'en-US' ? 'en' : 'zh'}-${theme}`;
    const keys = await setUp(page, keydesk.url, language, theme);
    // The dark one shows the batch bar too, as the user guide describes it.
    if (theme === 'dark') for (const name of ['bulk-159', 'bulk-158', 'bulk-156']) await keys.select(name);
    await settle(page);
    await page.screenshot({ path: join(OUT, `keys-${tag}.png`) });
    if (theme === 'dark') await page.keyboard.press('Escape');

    await keys.openAccount('Alice');
    await page.keyboard.press('n');
    await keys.fillForm({ name: CHINESE_NAME, quota: '20', ips: ['10.0.0.1', '192.168.1.0/24'] });
    await settle(page);
    await page.screenshot({ path: join(OUT, `key-form-${tag}.png`) });
    await page.keyboard.press('Escape');

    await new AccountsPage(page).openAccountPage('Alice');
    await expect(page.getByTestId('account-balance')).toContainText('≈ ¥');
    await settle(page);
    await page.screenshot({ path: join(OUT, `account-${tag}.png`) });
  });
}

test('screenshot of a key’s calls by model, en-US light', async ({ page, keydesk }) => {
  test.setTimeout(90_000);
  // Three models called through key 1 within the last day, as the site's usage logs record them.
  const spends = [
    { units: 600_000, calls: 6, model: 'gpt-4o', prompt_tokens: 7_200, completion_tokens: 2_400 },
    { units: 150_000, calls: 30, model: 'gpt-4o-mini', prompt_tokens: 24_000, completion_tokens: 9_000 },
    { units: 90_000, calls: 2, model: 'claude-3-5-haiku-20241022', prompt_tokens: 3_100, completion_tokens: 1_200 },
  ];
  for (const spend of spends) {
    const res = await fetch(`${gw.admin_url}/keys/1/spend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(spend),
    });
    expect(res.ok).toBe(true);
  }
  const keys = await setUp(page, keydesk.url, 'en-US', 'light');
  const { name } = (await (await fetch(`${gw.admin_url}/keys/1`)).json()) as { name: string };
  await keys.openAccount('Alice');
  await keys.search(name);
  await keys.row(name).getByTestId('key-name').click();
  const drawer = page.getByTestId('key-drawer');
  await drawer.getByTestId('drawer-read-with-key').click();
  await expect(drawer.getByTestId('drawer-billing')).toBeVisible();
  const calls = drawer.getByTestId('key-model-usage');
  await calls.getByTestId('model-usage-load').click();
  await expect(calls.getByTestId('model-usage-row')).toHaveCount(3);
  await calls.scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: join(OUT, 'calls-by-model-en-light.png') });
});
