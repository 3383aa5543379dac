// The screens the hardening of restore, import and hand-off added, in en-US light and zh-CN dark: a restore preview
// with refused rows (a name holding a line break or an escape, a `javascript:` address, a password in an address),
// its progress while it checks and while it saves, an import preview with refused rows and its progress while each
// row is checked with its site, and the hand-off dialog's warning that the link travels on a command line (shown on
// Linux, as here). A control character in a refused name is written as an escape (\n, \u{1B}) in a monospace chip,
// which every font has: never a control picture (␤, ␛), which none of the installed fonts draws. Screenshots go to
// the test's output folder.
import type { Page, Route } from '@playwright/test';
import { encodeBackup } from '../../src-main/features/backup/backup-format';
import { encodePayload, PAYLOAD_FORMAT } from '../../src-main/features/backup/backup-payload';
import type { AccountRecord } from '../../src-main/features/accounts/account-records';
import { startGateway, type Gateway } from '../gateway/index';
import { expect, test } from './support/fixtures';
import { setLook, type Look } from './support/look';
import { KeysPage } from './pages/keys.page';

const PASSPHRASE = 'fake e2e backup passphrase';
/** Every Unicode control picture: none may be drawn, since no installed font has them. */
const CONTROL_PICTURES = /[\u2400-\u2426]/u;
const LOOKS: readonly Look[] = [
  { language: 'en-US', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
];
const WORDS = {
  'en-US': {
    labelCharacters: 'control character',
    checking: 'Checking the file’s accounts: 250 of 256…',
    saving: 'Saving 252 account(s)…',
    importChecking: 'Checking each account with its site:',
    kindUnknown: 'tokenish',
    commandLine: 'command-line argument',
    menu: 'Use this key in…',
  },
  'zh-CN': {
    labelCharacters: '控制字符',
    checking: '正在检查文件中的账户：250 / 256…',
    saving: '正在保存 252 个账户…',
    importChecking: '正在向各站点核对账户：',
    kindUnknown: 'tokenish',
    commandLine: '命令行参数',
    menu: '在…中使用此密钥',
  },
} as const;

let gw: Gateway;
/** A site that answers slowly, so an import's check of each row is on screen long enough to be seen. */
let slow: Gateway;
test.beforeAll(async () => {
  gw = await startGateway();
  slow = await startGateway({ latencyMs: 400 });
});
test.afterAll(async () => {
  await gw.close();
  await slow.close();
});

function record(id: string, over: Partial<AccountRecord>): AccountRecord {
  return {
    id,
    label: id,
    kind: 'access_token',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    username: null,
    userId: null,
    isPasswordRemembered: false,
    tokenExpiresAt: null,
    accessTokenExpiresAt: null,
    keyHint: null,
    lastAutoLoginAt: null,
    isHidden: false,
    isDisabled: false,
    yuanPerUsd: null,
    thresholds: { warnUnits: null, criticalUnits: null },
    createdAt: 0,
    ...over,
  };
}

/** A hand-made backup: four records Add would refuse, then 252 good ones (checked in slices, 50 at a time). */
async function craftedBackup(): Promise<Buffer> {
  const refused = [
    record('r1', { label: 'Billing\nteam' }),
    record('r2', { label: 'Title\u001b]0;pwned\u0007' }),
    record('r3', { label: 'Script', baseUrl: 'javascript:alert(1)', apiUrl: 'javascript:alert(1)' }),
    record('r4', {
      label: 'With password',
      baseUrl: gw.base_url.replace('http://', 'http://alice:fake-url-password@'),
    }),
  ];
  const good = Array.from({ length: 252 }, (_, i) => record(`g${i}`, { label: `Team ${i + 1}`, userId: i + 10 }));
  const payload = {
    format: PAYLOAD_FORMAT as typeof PAYLOAD_FORMAT,
    createdAt: Date.UTC(2026, 10, 20, 9),
    appVersion: '9.9.9',
    settings: {},
    accounts: { accounts: [...refused, ...good], activeId: null },
    credentials: null,
  };
  return Buffer.from(await encodeBackup(encodePayload(payload), PASSPHRASE));
}

/** Holds a bridge call's answer until released: the progress it sent before answering stays on screen. */
async function holdAnswer(page: Page, channel: string): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The page asks `/bridge/invoke/<channel>` with the channel URL-encoded (backup%3Apreview).
  const isCall = (url: URL) => decodeURIComponent(url.pathname) === `/bridge/invoke/${channel}`;
  await page.route(isCall, async (route: Route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return { release };
}

/** The page as it stands, transitions finished at once (a dialog fading in would show the page through it). */
async function shoot(page: Page, path: string): Promise<void> {
  await page.screenshot({ path, animations: 'disabled' });
}

async function noControlPictures(page: Page): Promise<void> {
  expect(await page.locator('body').innerText()).not.toMatch(CONTROL_PICTURES);
}

for (const look of LOOKS) {
  const words = WORDS[look.language];

  test(`restore: refused rows and progress, ${look.language} ${look.theme}`, async ({ page, keydesk, problems }) => {
    test.setTimeout(120_000);
    const tag = `${look.language}-${look.theme}`;
    await page.goto(keydesk.url);
    await setLook(page, keydesk.url, look);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('restore-open-dialog').click();
    const dialog = page.getByTestId('restore-dialog');
    await dialog.getByTestId('restore-file-input').setInputFiles({
      name: 'crafted.keydesk',
      mimeType: 'application/octet-stream',
      buffer: await craftedBackup(),
    });
    await dialog.getByTestId('restore-passphrase').locator('input').fill(PASSPHRASE);

    // While the file's accounts are checked: the last progress main sent, the answer held back.
    const preview = await holdAnswer(page, 'backup:preview');
    await dialog.getByTestId('restore-open').click();
    await expect(dialog.getByTestId('restore-progress')).toHaveText(words.checking);
    await shoot(page, test.info().outputPath(`restore-checking-${tag}.png`));
    preview.release();

    await expect(dialog).toHaveAttribute('data-stage', 'preview');
    const rows = dialog.getByTestId('restore-account');
    await expect(rows).toHaveCount(100);
    for (const row of [0, 1, 2, 3]) {
      await expect(rows.nth(row)).toHaveAttribute('data-change', 'refused');
      await expect(rows.nth(row).getByTestId('restore-why')).not.toBeEmpty();
    }
    // The line break and the escape as ASCII escapes in their chips; the name's own text around them.
    await expect(rows.nth(0).getByTestId('echoed-escape')).toHaveText(['\\n']);
    await expect(rows.nth(0)).toContainText('Billing');
    await expect(rows.nth(0)).toContainText('team');
    await expect(rows.nth(0).getByTestId('restore-why')).toContainText(words.labelCharacters);
    await expect(rows.nth(1).getByTestId('echoed-escape')).toHaveText(['\\u{1B}', '\\u{7}']);
    // No password of an address, echoed or not.
    await expect(rows.nth(3)).not.toContainText('fake-url-password');
    await noControlPictures(page);
    await shoot(page, test.info().outputPath(`restore-refused-${tag}.png`));

    // While the accounts are saved.
    const restore = await holdAnswer(page, 'backup:restore');
    await dialog.getByTestId('restore-merge').click();
    await expect(dialog.getByTestId('restore-progress')).toHaveText(words.saving);
    await shoot(page, test.info().outputPath(`restore-saving-${tag}.png`));
    restore.release();
    await expect(dialog.getByTestId('restore-done')).toBeVisible();
    expect(problems.consoleErrors).toEqual([]);
  });

  test(`import: refused rows and progress, ${look.language} ${look.theme}`, async ({ page, keydesk, problems }) => {
    test.setTimeout(120_000);
    const tag = `${look.language}-${look.theme}`;
    const csv = [
      'name,base_url,kind,credential,user_id,username',
      `"Ops\nnight shift",${slow.base_url},tokenish,fake-token,,`,
      `Tabbed\tname,${slow.base_url},access_token,fake-token,,`,
      `Leaky address,${slow.base_url.replace('http://', 'http://bob:fake-url-password@')},access_token,fake-token,,`,
      `Alice,${slow.base_url},access_token,demo-access-token-alice,1,`,
      `Carol,${slow.base_url},access_token,demo-access-token-carol,3,`,
      `Bob,${slow.base_url},password,demo-password-2,,bob`,
    ].join('\n');
    await page.goto(keydesk.url);
    await setLook(page, keydesk.url, look);
    await page.getByTestId('nav-accounts').click();
    await page.getByTestId('accounts-import-first').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog
      .getByTestId('import-file')
      .setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const rows = dialog.getByTestId('import-row');
    await expect(rows).toHaveCount(6);
    for (const row of [0, 1, 2]) await expect(rows.nth(row)).toHaveAttribute('data-outcome', 'refused');
    await expect(rows.nth(0).getByTestId('echoed-escape')).toHaveText(['\\n']);
    await expect(rows.nth(0)).toContainText(words.kindUnknown);
    await expect(rows.nth(1).getByTestId('echoed-escape')).toHaveText(['\\t']);
    await expect(rows.nth(2)).not.toContainText('fake-url-password');
    await noControlPictures(page);
    await shoot(page, test.info().outputPath(`import-refused-${tag}.png`));

    // Each row checked with its (slow) site: the progress line while it goes.
    await dialog.getByTestId('import-confirm').click();
    await expect(dialog.getByTestId('import-progress')).toContainText(words.importChecking);
    await shoot(page, test.info().outputPath(`import-checking-${tag}.png`));
    await expect(dialog.getByTestId('import-report')).toBeVisible({ timeout: 60_000 });
    expect(problems.consoleErrors).toEqual([]);
  });

  test(`hand-off: the command-line warning, ${look.language} ${look.theme}`, async ({ page, keydesk, problems }) => {
    test.setTimeout(90_000);
    const keys = new KeysPage(page);
    await page.goto(keydesk.url);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await keys.addAccount(keydesk.url, 'Alice', gw.base_url, gw.api_url, 'demo-access-token-alice');
    await setLook(page, keydesk.url, look);
    await page.goto(`${keydesk.origin}/#/keys`);
    await keys.search('vip-key');
    await keys.menu('vip-key', words.menu);
    const dialog = page.getByTestId('handoff-dialog');
    await expect(dialog.getByTestId('handoff-document').first()).toBeVisible();
    await expect(dialog.getByTestId('handoff-command-line')).toContainText(words.commandLine);
    await page.mouse.move(0, 0);
    await shoot(page, test.info().outputPath(`handoff-command-line-${look.language}-${look.theme}.png`));
    expect(problems.consoleErrors).toEqual([]);
  });
}
