// What a new user tripped over, walked end to end in browser mode against the emulator, in en-US light and zh-CN
// dark: Show key goes through past Keydesk's old share, is warned about before the site's 20 run out and waits only
// when the site says 429 (said at the key); opening a key's details spends nothing of the site's critical bucket;
// expiring dates name the right day and read "in 2 days" for 48 hours; Extend says what it does; a watched key's
// limits show its grant; two accounts with Chinese names stay two Cherry Studio providers, opened by the system's
// handler in browser mode; cheapest first by what the user pays; the files with full keys are listed and deleted.
// Screenshots go to the test's output folder (KEYDESK_NEW_USER_SHOTS=dir keeps them elsewhere).
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { parseCherryStudioLink } from '../support/handoff-parsers';
import { invokeBridge } from './support/bridge';
import { control, requestLog } from './support/emulator';
import { expect, test } from './support/fixtures';
import { startKeydesk, type KeydeskProcess } from './support/keydesk-process';
import { setLook, type Look } from './support/look';
import { KeysPage } from './pages/keys.page';

const LOOKS: readonly Look[] = [
  { language: 'en-US', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
];
const ALICE = 'demo-access-token-alice';
const CAROL = 'demo-access-token-carol';
const DAY_S = 86_400;

/** A screenshot once every finite animation (a dialog or toast coming in) has run; pulses and skeletons loop. */
const shot = async (page: Page, name: string): Promise<void> => {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .filter((a) => a.playState === 'running').length,
      ),
    )
    .toBe(0);
  const dir = process.env.KEYDESK_NEW_USER_SHOTS;
  await page.screenshot({ path: dir ? join(dir, `${name}.png`) : test.info().outputPath(`${name}.png`) });
};

/** Adds an account through the bridge as the Add account form does; answers its id. */
async function addAccount(page: Page, gw: Gateway, label: string, credential: Record<string, string>): Promise<string> {
  const r = await invokeBridge(page, 'accounts:add', {
    label,
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential,
  });
  expect(r.ok, JSON.stringify(r.error)).toBe(true);
  return (r.value as { account: { id: string } }).account.id;
}

/** Opens Keydesk on a look and answers the page. */
async function open(page: Page, app: KeydeskProcess, look: Look): Promise<void> {
  await page.goto(app.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await setLook(page, app.url, look);
}

const toast = (page: Page) => page.locator('.n-message');

test.describe('budgets that protect the user', () => {
  for (const look of LOOKS) {
    test(`Show key goes through, is warned about, and waits only for the site (${look.language})`, async ({
      page,
      dataDir,
    }) => {
      test.setTimeout(90_000);
      // Current new-api with its limits on: 20 sign-ins, reveals and key-usage reads per address per 20 minutes.
      const gw = await startGateway({ profile: 'new-api' });
      const app = await startKeydesk(dataDir);
      try {
        await open(page, app, look);
        const alice = await addAccount(page, gw, 'Alice', { kind: 'access_token', accessToken: ALICE });
        const keys = new KeysPage(page);
        await page.goto(`${app.origin}/#/keys`);
        // Both keys the walk clicks, in view: a name search is answered from the loaded list.
        await keys.search('%-key');
        await expect(keys.row('vip-key')).toBeVisible();
        await keys.search('primary');
        await expect(keys.row('primary')).toBeVisible();
        // Fourteen reveals as the page makes them: Keydesk used to refuse the user's eleventh.
        for (let i = 0; i < 14; i += 1) {
          const r = await invokeBridge(page, 'keys:reveal', { accountId: alice, id: 1 });
          expect(r.ok, JSON.stringify(r.error)).toBe(true);
        }
        // The fifteenth, clicked: shown, and the toast says five of the site's 20 are left.
        await keys.row('primary').getByTestId('reveal-key').click();
        await expect(keys.row('primary').getByTestId('revealed-key')).toBeVisible();
        await expect(toast(page)).toContainText(
          look.language === 'en-US' ? '5 of the 20 sign-ins and key reveals' : '还剩 5 次',
        );
        await shot(page, `budget-warning-${look.language}-${look.theme}`);
        // The user's browser spends the rest of the address's bucket: the site will refuse the next one.
        const browserKey = `sk-${gw.state.keys.get(1)?.key ?? ''}`;
        for (let i = 0; i < 5; i += 1) {
          await fetch(`${gw.base_url}/api/usage/token/`, { headers: { Authorization: `Bearer ${browserKey}` } });
        }
        // Show key on another row: the site's 429, said at once with its wait, naming the key; its buttons busy.
        await keys.search('vip-key');
        await keys.row('vip-key').getByTestId('reveal-key').click();
        const wait = page.getByTestId('rate-wait');
        await expect(wait).toBeVisible({ timeout: 3_000 });
        await expect(page.getByTestId('rate-wait-subject')).toContainText('vip-key');
        await expect(page.getByTestId('rate-wait-rule')).toContainText(
          look.language === 'en-US'
            ? '20 sign-ins, key reveals and key-usage reads per 20 minutes'
            : '每 20 分钟只允许 20 次',
        );
        await expect(keys.row('vip-key').getByTestId('reveal-key')).toHaveAttribute('aria-busy', 'true');
        await shot(page, `budget-site-wait-${look.language}-${look.theme}`);
        // Keydesk sent nothing more after the site's 429.
        const reveals = (await requestLog(gw)).filter((e) => e.path.endsWith('/key'));
        expect(reveals.filter((e) => e.status === 429)).toHaveLength(1);
      } finally {
        await app.stop();
        await gw.close();
      }
    });
  }
});

test('opening a key’s details spends nothing of the site’s critical bucket; billing and models on request', async ({
  page,
  dataDir,
}) => {
  const gw = await startGateway();
  const app = await startKeydesk(dataDir);
  try {
    for (const look of LOOKS) {
      await control(gw, 'POST', '/reset');
      await open(page, app, look);
      if (look.language === 'en-US') await addAccount(page, gw, 'Alice', { kind: 'access_token', accessToken: ALICE });
      const keys = new KeysPage(page);
      await page.goto(`${app.origin}/#/keys`);
      await keys.search('vip-key');
      await expect(keys.row('vip-key')).toBeVisible();
      await control(gw, 'DELETE', '/log');
      await keys.row('vip-key').getByTestId('key-name').click();
      const drawer = page.getByTestId('key-drawer');
      await expect(drawer.getByTestId('drawer-usage')).toBeVisible();
      await expect(drawer.getByTestId('drawer-read-with-key')).toBeVisible();
      const critical = (paths: readonly string[]) => paths.filter((p) => /\/api\/usage\/|\/key$|\/keys$/.test(p));
      expect(critical((await requestLog(gw)).map((e) => e.path))).toEqual([]);
      await shot(page, `key-details-${look.language}-${look.theme}`);
      await drawer.getByTestId('drawer-read-with-key').click();
      await expect(drawer.getByTestId('drawer-billing')).toBeVisible();
      expect(critical((await requestLog(gw)).map((e) => e.path))).toEqual(['/api/token/8/key']);
      await page.keyboard.press('Escape');
    }
  } finally {
    await app.stop();
    await gw.close();
  }
});

test('an expiring key’s alert names its day, 48 hours read “in 2 days”, and Extend says what it does', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(90_000);
  const gw = await startGateway();
  const app = await startKeydesk(dataDir);
  try {
    for (const look of LOOKS) {
      // Key 10 ends 48 hours from now (Unix seconds, as the site keeps it).
      const end = Math.floor(Date.now() / 1000) + 2 * DAY_S;
      const key = gw.state.keys.get(10);
      if (!key) throw new Error('no key 10 in the demo seed');
      key.expired_time = end;
      await open(page, app, look);
      if (look.language === 'en-US') await addAccount(page, gw, 'Alice', { kind: 'access_token', accessToken: ALICE });
      await page.goto(`${app.origin}/#/accounts`);
      // The end was moved behind Keydesk's back, as on the site's own page: Refresh reads the keys again (a running
      // Keydesk answers the list from its minute-long cache, which the first look's Extend has just filled). Pressed
      // once the Accounts page is on screen, as a user would: a click while the route is still changing refreshes the
      // page being left.
      await expect(page.getByTestId('accounts-view').getByTestId('expiring-soon')).toBeVisible();
      await page.getByTestId('refresh-button').click();
      const row = page.getByTestId('expiring-row').filter({ hasText: 'expiring-soon' });
      await expect(row).toContainText(look.language === 'en-US' ? 'in 2 days' : '后天');
      // The alert the list raised names the day it ends, in the year it ends: not 1970.
      await page.getByTestId('alert-bell').click();
      const alert = page.locator('[data-kind=expiring]').filter({ hasText: 'expiring-soon' }).first();
      await expect(alert).toContainText(String(new Date(end * 1000).getUTCFullYear()));
      await expect(alert).not.toContainText('1970');
      await shot(page, `expiring-alert-${look.language}-${look.theme}`);
      await page.keyboard.press('Escape');
      // Extend from the list: its own words, the date each choice gives, and "extended", never "enabled".
      await row.getByTestId('expiring-extend').click();
      const dialog = page.getByTestId('extend-key');
      await expect(dialog).toContainText(look.language === 'en-US' ? 'Extend “expiring-soon”' : '延长“expiring-soon”');
      await expect(dialog).not.toContainText(look.language === 'en-US' ? 'Extend and enable' : '延长并启用');
      await shot(page, `extend-key-${look.language}-${look.theme}`);
      await dialog.getByTestId('extend-key-submit').click();
      await expect(toast(page)).toContainText(look.language === 'en-US' ? 'Key extended until' : '密钥已延长至');
      expect(gw.state.keys.get(10)?.expired_time).toBe(end + 30 * DAY_S);
    }
  } finally {
    await app.stop();
    await gw.close();
  }
});

test('a watched key’s limits show the grant the site reports, not “not set”', async ({ page, dataDir }) => {
  const gw = await startGateway();
  const app = await startKeydesk(dataDir);
  try {
    const key = gw.state.keys.get(1);
    if (!key) throw new Error('no key 1 in the demo seed');
    const grant = `¥${((key.remain_quota + key.used_quota) / 500_000).toFixed(2)}`;
    for (const look of LOOKS) {
      await open(page, app, look);
      const id =
        look.language === 'en-US'
          ? await addAccount(page, gw, 'Watched', { kind: 'api_key', apiKey: `sk-${key.key}` })
          : (((await invokeBridge(page, 'accounts:list', undefined)).value as { accounts: { id: string }[] })
              .accounts[0]?.id ?? '');
      await page.goto(`${app.origin}/#/account?account=${id}`);
      await expect(page.getByTestId('balance-hard-limit')).toHaveText(grant);
      await expect(page.getByTestId('balance-soft-limit')).toHaveText(grant);
      await shot(page, `watched-limits-${look.language}-${look.theme}`);
    }
  } finally {
    await app.stop();
    await gw.close();
  }
});

test('two accounts with Chinese names stay two Cherry Studio providers, opened by the system’s handler', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(90_000);
  // The system's opener, as browser mode runs it: an xdg-open on PATH that records what it was handed.
  const bin = join(dataDir, 'bin');
  const opened = join(dataDir, 'opened.log');
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`);
  await chmod(join(bin, 'xdg-open'), 0o755);
  const gw = await startGateway();
  const app = await startKeydesk(dataDir, { env: { PATH: `${bin}:${process.env.PATH ?? ''}` } });
  try {
    await page.goto(app.url);
    await addAccount(page, gw, '我的中转站', { kind: 'access_token', accessToken: ALICE });
    await addAccount(page, gw, '备用中转', { kind: 'access_token', accessToken: CAROL });
    const keys = new KeysPage(page);
    let sent = 0;
    for (const [look, name] of [
      [LOOKS[0], 'primary'],
      [LOOKS[1], 'carol-key'],
    ] as const) {
      if (!look) continue;
      await setLook(page, app.url, look);
      await page.goto(`${app.origin}/#/keys`);
      await keys.search(name);
      await keys.menu(name, look.language === 'en-US' ? 'Use this key in…' : '在…中使用此密钥');
      const dialog = page.getByTestId('handoff-dialog');
      await expect(dialog.getByTestId('handoff-document').first()).toBeVisible();
      await dialog.getByTestId('handoff-open').click();
      sent += 1;
      await expect
        .poll(async () => (await readFile(opened, 'utf8').catch(() => '')).trim().split('\n').length)
        .toBe(sent);
      await shot(page, `handoff-open-${look.language}-${look.theme}`);
      await page.keyboard.press('Escape');
    }
    const links = (await readFile(opened, 'utf8')).trim().split('\n').map(parseCherryStudioLink);
    expect(links).toHaveLength(2);
    expect(links[0]?.id).not.toBe(links[1]?.id);
    for (const link of links) expect(link.id).toMatch(/^keydesk-127-0-0-1-[0-9a-f]{8}$/);
  } finally {
    await app.stop();
    await gw.close();
  }
});

test('the model search puts first what costs the user least, in yuan, across a US$ site and a ¥ site', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(90_000);
  // A default new-api site in US$, its quota bought at ¥7.3 per US$, the default group at ×0.8; and the spec's ¥ site.
  const dollars = await startGateway({ profile: 'new-api' });
  const yuan = await startGateway();
  const app = await startKeydesk(dataDir);
  try {
    await control(dollars, 'PATCH', '/settings', { status: { quota_display_type: 'USD', price: 7.3 } });
    await control(dollars, 'PUT', '/groups/default/ratio', { ratio: 0.8 });
    await page.goto(app.url);
    const add = async (gw: Gateway, label: string) =>
      invokeBridge(page, 'accounts:add', {
        label,
        baseUrl: gw.base_url,
        apiUrl: gw.api_url,
        credential: { kind: 'access_token', accessToken: CAROL },
      });
    expect((await add(dollars, 'Dollar site')).ok).toBe(true);
    expect((await add(yuan, 'Yuan site')).ok).toBe(true);
    for (const look of LOOKS) {
      await setLook(page, app.url, look);
      await page.goto(`${app.origin}/#/models`);
      await page.getByTestId('model-key-input').locator('input').fill('gpt-4o-mini');
      await page.getByTestId('model-key-submit').click();
      const rows = page.getByTestId('model-key-results').locator('tbody tr');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Yuan site');
      await expect(rows.nth(0).getByTestId('match-cost')).toHaveText('¥1.00');
      await expect(rows.nth(1)).toContainText('Dollar site');
      await expect(rows.nth(1)).toContainText('×0.8');
      await expect(rows.nth(1).getByTestId('match-cost')).toHaveText('¥5.84');
      await shot(page, `cheapest-${look.language}-${look.theme}`);
    }
  } finally {
    await app.stop();
    await dollars.close();
    await yuan.close();
  }
});

test('a key export is listed under Settings with where it is, and deleted from there', async ({ page, dataDir }) => {
  test.setTimeout(90_000);
  const gw = await startGateway();
  const app = await startKeydesk(dataDir);
  try {
    await page.goto(app.url);
    await addAccount(page, gw, 'Alice', { kind: 'access_token', accessToken: ALICE });
    const keys = new KeysPage(page);
    for (const look of LOOKS) {
      await setLook(page, app.url, look);
      await page.goto(`${app.origin}/#/keys`);
      await keys.search('primary');
      await keys.select('primary');
      await page.getByTestId('batch-export').click();
      await page.getByTestId('export-submit').click();
      await expect(toast(page)).toBeVisible();
      await page.goto(`${app.origin}/#/settings`);
      const row = page.getByTestId('export-row').first();
      await expect(row).toHaveAttribute('data-state', 'present');
      await expect(row).toContainText('keydesk-keys-Alice');
      const path = (await row.locator('code').getAttribute('title')) ?? '';
      expect(path.startsWith(join(dataDir, 'exports'))).toBe(true);
      expect(await readFile(path, 'utf8')).toContain('sk-');
      await page.getByTestId('exports-card').scrollIntoViewIfNeeded();
      await shot(page, `exports-${look.language}-${look.theme}`);
      await row.getByTestId('export-delete').click();
      await expect(page.getByTestId('exports-none')).toBeVisible();
      await expect(readFile(path, 'utf8')).rejects.toThrow();
    }
  } finally {
    await app.stop();
    await gw.close();
  }
});

test('Refresh re-reads the currency the balance card shows, and the Expiring list follows the top bar', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(90_000);
  const gw = await startGateway({ profile: 'new-api' });
  // A refresh a second apart, not a minute: the test watches several.
  const app = await startKeydesk(dataDir, { env: { KEYDESK_QUOTA_TEST_FLOOR_MS: '1000' } });
  try {
    await page.goto(app.url);
    const alice = await addAccount(page, gw, 'Alice', { kind: 'access_token', accessToken: ALICE });
    for (const [look, from, to, symbol] of [
      [LOOKS[0], 'USD', 'CNY', '¥'],
      [LOOKS[1], 'CNY', 'USD', '$'],
    ] as const) {
      if (!look) continue;
      await control(gw, 'PATCH', '/settings', { status: { quota_display_type: from, usd_exchange_rate: 7.3 } });
      await setLook(page, app.url, look);
      await page.goto(`${app.origin}/#/account?account=${alice}`);
      const card = page.getByTestId('account-balance-card');
      await expect(card.getByTestId('balance-remaining')).toBeVisible();
      // The site switches its currency; the card's own Refresh shows it.
      await control(gw, 'PATCH', '/settings', { status: { quota_display_type: to } });
      const refresh = page.getByTestId('balance-refresh');
      await expect(refresh).toBeEnabled({ timeout: 5_000 });
      await refresh.click();
      await expect(card.getByTestId('balance-remaining')).toContainText(symbol);
      await shot(page, `balance-refresh-${look.language}-${look.theme}`);
    }
    // The Expiring list read the keys when it opened; a key that ends in three days is shown after the top bar's
    // Refresh, which reads the sites again.
    const key = gw.state.keys.get(10);
    if (!key) throw new Error('no key 10 in the demo seed');
    key.expired_time = 1_893_456_000;
    await page.goto(`${app.origin}/#/accounts`);
    await expect(page.getByTestId('expiring-soon')).toBeVisible();
    await expect(page.getByTestId('expiring-row').filter({ hasText: 'expiring-soon' })).toHaveCount(0);
    key.expired_time = Math.floor(Date.now() / 1000) + 3 * DAY_S;
    await page.getByTestId('refresh-button').click();
    await expect(page.getByTestId('expiring-row').filter({ hasText: 'expiring-soon' })).toContainText('3天后');
  } finally {
    await app.stop();
    await gw.close();
  }
});

test('a wrong backup passphrase says which passphrase; an import names its file with a space and quotes the site', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(90_000);
  const gw = await startGateway();
  const app = await startKeydesk(dataDir);
  try {
    await page.goto(app.url);
    await addAccount(page, gw, 'Alice', { kind: 'access_token', accessToken: ALICE });
    const made = await invokeBridge(page, 'backup:create', {
      passphrase: 'fake e2e backup passphrase',
      includeCredentials: false,
    });
    expect(made.ok, JSON.stringify(made.error)).toBe(true);
    const backupFile = (made.value as { path: string }).path;
    const hub = (
      await readFile(join(import.meta.dirname, '..', 'fixtures', 'import', 'all-api-hub-backup.v4.json'), 'utf8')
    ).replaceAll('http://gateway.invalid', gw.base_url);
    for (const look of LOOKS) {
      await setLook(page, app.url, look);
      await page.goto(`${app.origin}/#/settings`);
      await page.getByTestId('restore-open-dialog').click();
      const restore = page.getByTestId('restore-dialog');
      await restore.getByTestId('restore-file-input').setInputFiles(backupFile);
      await restore.getByTestId('restore-passphrase').locator('input').fill('not the passphrase');
      await restore.getByTestId('restore-open').click();
      const error = restore.getByTestId('restore-error');
      await expect(error).toContainText(
        look.language === 'en-US' ? 'Type the passphrase this backup was made with' : '创建该备份时使用的口令',
      );
      await expect(error).not.toContainText(
        look.language === 'en-US' ? 'Correct the marked field' : '请修正标出的字段',
      );
      await shot(page, `restore-wrong-passphrase-${look.language}-${look.theme}`);
      await page.keyboard.press('Escape');

      await control(gw, 'POST', '/reset');
      await page.goto(`${app.origin}/#/accounts`);
      await page.getByTestId('accounts-import').click();
      const dialog = page.getByTestId('import-dialog');
      await dialog.getByTestId('import-file').setInputFiles({
        name: 'hub.json',
        mimeType: 'application/json',
        buffer: Buffer.from(hub),
      });
      await expect(dialog.locator('.import__file-line')).toContainText(/hub\.json · All API Hub/);
      await dialog.getByTestId('import-confirm').click();
      await expect(dialog.getByTestId('import-report')).toBeVisible();
      // The revoked token's row: the site's own words, quoted beside ours.
      await expect(dialog.getByTestId('import-server-words').first()).not.toBeEmpty();
      await shot(page, `import-refused-${look.language}-${look.theme}`);
      await dialog.getByTestId('import-close').click();
    }
  } finally {
    await app.stop();
    await gw.close();
  }
});
