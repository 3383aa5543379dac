// Balances where people already look, in the real UI, in en-US light and zh-CN dark: Settings › Agents (MCP) lists
// the accounts with key lists and switches an ability on for one (off by default, kept across a reload); the tray's
// text is a desktop-only setting in browser mode; the Account page shows what the site holds for its own quota
// warning (new-api profile) and writes Keydesk's low-balance threshold there with an e-mail typed, which the emulator
// then holds. Every sentence on those screens is in the chosen language.
import { startGateway, type Gateway } from '../gateway/index';
import { invokeBridge as invoke } from './support/bridge';
import { foreignText } from './support/language-check';
import { expect, test } from './support/fixtures';
import { setLook } from './support/look';
import { AccountsPage } from './pages/accounts.page';

let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway({ profile: 'new-api' });
});
test.afterAll(async () => {
  await gw.close();
});
test.beforeEach(async () => {
  await fetch(`${gw.admin_url}/reset`, { method: 'POST' });
  // What alice's site holds before: a webhook warning at 100,000 units, and a preference beside it.
  const alice = gw.state.users.get(1);
  if (alice) {
    alice.setting = JSON.stringify({
      notify_type: 'webhook',
      quota_warning_threshold: 100_000,
      webhook_url: 'https://hooks.example.com/fake-path',
      gotify_priority: 0,
      record_ip_log: true,
    });
  }
});

const WORDS = {
  'en-US': {
    agents: 'Agents (MCP)',
    reveal: 'Hand full keys to agents',
    site: 'Warnings from the site itself',
    written: 'Written.',
  },
  'zh-CN': { agents: '智能体（MCP）', reveal: '把完整密钥交给智能体', site: '站点自己发送的预警', written: '已写入' },
} as const;

for (const look of [
  { language: 'en-US', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const) {
  test(`agents’ abilities, the tray’s text and the site’s own warning speak ${look.language}`, async ({
    page,
    keydesk,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(keydesk.url);
    await setLook(page, keydesk.url, look);
    const where = { baseUrl: gw.base_url, apiUrl: gw.api_url };
    const alice = await invoke(page, 'accounts:add', {
      label: 'Alice',
      ...where,
      credential: { kind: 'access_token', accessToken: 'demo-access-token-alice' },
      thresholds: { warnUnits: 25_000_000, criticalUnits: null },
    });
    expect(alice.ok, JSON.stringify(alice.error)).toBe(true);
    const aliceId = (alice.value as { account: { id: string } }).account.id;
    const carol = await invoke(page, 'accounts:add', {
      label: 'Carol',
      ...where,
      credential: { kind: 'access_token', accessToken: 'demo-access-token-carol' },
    });
    expect(carol.ok).toBe(true);
    const key = ((await (await fetch(`${gw.admin_url}/keys/1`)).json()) as { key: string }).key;
    expect(
      (
        await invoke(page, 'accounts:add', {
          label: 'Watched',
          ...where,
          credential: { kind: 'api_key', apiKey: `sk-${key}` },
        })
      ).ok,
    ).toBe(true);
    await page.reload();

    // Settings › Agents (MCP): both managed accounts, every ability off, the watched key not among them.
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('agents-card');
    await expect(page.getByRole('heading', { name: WORDS[look.language].agents })).toBeVisible();
    await expect(card.locator('tbody tr')).toHaveCount(2);
    await expect(card.getByText('Watched', { exact: true })).toHaveCount(0);
    const reveal = card.getByTestId(`agents-reveal-${aliceId}`);
    await expect(reveal).not.toHaveClass(/n-switch--active/);
    await reveal.click();
    await expect(reveal).toHaveClass(/n-switch--active/);
    expect((await invoke(page, 'agents:access', undefined)).value).toEqual({
      accounts: { [aliceId]: { reveal: true, disable: false } },
    });
    // The tray's text: a desktop-only setting here, its choice shown as it is, with why.
    await expect(page.getByTestId('settings-trayTitle')).toHaveAttribute('data-value', 'total');
    await expect(page.getByTestId('settings-trayTitle-active')).toHaveCount(0);
    await expect(page.getByTestId('settings-desktop-only')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId(`agents-reveal-${aliceId}`)).toHaveClass(/n-switch--active/);
    await card.scrollIntoViewIfNeeded();
    expect(await foreignText(page, look.language, [])).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`agents-${look.language}-${look.theme}.png`), fullPage: true });

    // The Account page: what the site holds now, then Keydesk's threshold written with an e-mail typed.
    await new AccountsPage(page).openAccountPage('Alice');
    const site = page.getByTestId('site-warning');
    await expect(site.getByRole('heading', { name: WORDS[look.language].site })).toBeVisible();
    await expect(site.getByTestId('site-warning-destination')).toContainText('hooks.example.com');
    await expect(site).not.toContainText('fake-path');
    await site.getByTestId('site-warning-channel-email').click();
    await expect(site.getByTestId('site-warning-loses')).toBeVisible();
    await site.getByTestId('site-warning-email').locator('input').fill('alerts@example.com');
    await site.scrollIntoViewIfNeeded();
    expect(await foreignText(page, look.language, [])).toEqual([]);
    await page.screenshot({
      path: testInfo.outputPath(`site-warning-${look.language}-${look.theme}.png`),
      fullPage: true,
    });
    await site.getByTestId('site-warning-write').click();
    await page.locator('.n-popconfirm').getByRole('button').last().click();
    await expect(site.getByTestId('site-warning-written')).toContainText(WORDS[look.language].written);
    const stored = JSON.parse(gw.state.users.get(1)?.setting ?? '{}') as Record<string, unknown>;
    expect(stored).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 25_000_000,
      notification_email: 'alerts@example.com',
      gotify_priority: 0,
      record_ip_log: true,
    });
    await expect(site.getByTestId('site-warning-destination')).toHaveText('alerts@example.com');
    expect(await foreignText(page, look.language, [])).toEqual([]);
  });
}
