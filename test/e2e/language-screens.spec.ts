// Issue 18's language check on every screen, not only on errors: in zh-CN dark and en-US light at 1280×800 and
// 1024×700, each section (All keys, one account's keys, Account, Accounts, Models, Settings) and the key form and
// drawer show no sentence of the other language — only the gateway's data, names, ids and URLs may stay as they are.
import { startGateway, type Gateway } from '../gateway/index';
import { foreignText } from './support/language-check';
import { expect, test } from './support/fixtures';
import { setLook } from './support/look';
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

/** The demo seed's group names and descriptions: the gateway's data, in whatever language its admin wrote them. */
const GATEWAY_DATA = ['企业', '默认分组', 'VIP 分组', '企业专线'];

const LOOKS = [
  { language: 'zh-CN', theme: 'dark', width: 1280, height: 800 },
  { language: 'zh-CN', theme: 'dark', width: 1024, height: 700 },
  { language: 'en-US', theme: 'light', width: 1280, height: 800 },
  { language: 'en-US', theme: 'light', width: 1024, height: 700 },
] as const;

for (const look of LOOKS) {
  test(`every section speaks ${look.language} only (${look.theme}, ${look.width}×${look.height})`, async ({
    page,
    keydesk,
  }) => {
    await page.setViewportSize({ width: look.width, height: look.height });
    const keys = new KeysPage(page);
    await keys.start(keydesk.url, gw, [
      { label: 'Alice', token: 'demo-access-token-alice' },
      { label: 'Carol', token: 'demo-access-token-carol' },
    ]);
    await setLook(page, keydesk.url, look);
    const origin = new URL(keydesk.url).origin;
    const seen: string[] = [];
    const check = async (where: string): Promise<void> => {
      // Let the section's reads land (no spinner left) before reading what it says.
      await expect(page.locator('.n-spin:visible')).toHaveCount(0, { timeout: 15_000 });
      const found = await foreignText(page, look.language, GATEWAY_DATA);
      expect(found, `${where} in ${look.language}`).toEqual([]);
      seen.push(where);
    };

    await page.goto(`${origin}/#/keys`);
    await expect(page.getByTestId('key-row').first()).toBeVisible();
    await check('All keys');

    await page.getByTestId('key-row').first().getByTestId('key-name').click();
    await expect(page.locator('.n-drawer')).toBeVisible();
    await check('the key drawer');
    await page.keyboard.press('Escape');
    await expect(page.locator('.n-drawer')).toBeHidden();

    await page.getByTestId('new-key').click();
    await expect(page.locator('.n-modal')).toBeVisible();
    await check('the new-key form');
    await page.keyboard.press('Escape');
    await expect(page.locator('.n-modal')).toBeHidden();

    await keys.openAccount('Alice');
    await expect(page.getByTestId('key-row').first()).toBeVisible();
    await check("one account's keys");

    for (const section of ['account', 'accounts', 'models', 'settings']) {
      await page.goto(`${origin}/#/${section}`);
      await expect(page.locator('main, [role=main]').first()).toBeVisible();
      await check(section);
    }
    expect(seen).toHaveLength(8);
  });
}
