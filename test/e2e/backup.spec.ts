// Backup and restore through the UI in browser mode against the emulator: Settings → Back up… writes an encrypted
// 0600 file; after the account is removed, Settings → Restore… takes the file through the page's file input,
// refuses a wrong passphrase in words, previews the account coming back, and a merge brings it back with a
// credential that lists keys again. Screenshots of both dialogs in en-US light and zh-CN dark.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { expect, test } from './support/fixtures';
import { setLook, type Look } from './support/look';
import { KeysPage } from './pages/keys.page';

const PASSPHRASE = 'fake e2e backup passphrase';

let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway();
});
test.afterAll(async () => {
  await gw.close();
});

async function invoke(page: Page, url: string, channel: string, args: unknown): Promise<unknown> {
  const origin = new URL(url).origin;
  const res = await page.request.post(`${origin}/bridge/invoke/${channel}`, {
    headers: { 'content-type': 'application/json', origin },
    data: { args },
  });
  const body = (await res.json()) as { ok: boolean; value?: unknown; error?: unknown };
  expect(body.ok, JSON.stringify(body.error)).toBe(true);
  return body.value;
}

async function backUpThroughTheDialog(page: Page, look: Look, shot: string): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('backup-open').click();
  const dialog = page.getByTestId('backup-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('backup-passphrase').locator('input').fill('short');
  await expect(dialog.getByTestId('backup-save')).toBeDisabled();
  await dialog.getByTestId('backup-passphrase').locator('input').fill(PASSPHRASE);
  await dialog.getByTestId('backup-repeat').locator('input').fill(PASSPHRASE);
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  // The strength hint has caught up with the typing (and the picture shows it, not the fading "too short").
  await expect(dialog.getByText(look.language === 'en-US' ? 'Strong.' : '强。', { exact: true })).toBeVisible();
  await expect(dialog.getByText(look.language === 'en-US' ? /at least 10/i : /至少 10/)).toHaveCount(0);
  await page.screenshot({ path: shot.replace('.png', `-backup-${look.language}-${look.theme}.png`) });
  await dialog.getByTestId('backup-save').click();
  await expect(dialog.getByTestId('backup-saved')).toBeVisible();
  await dialog.getByTestId('backup-close').click();
}

test('backs up through Settings, then restores a removed account whose key list works again', async ({
  page,
  keydesk,
  dataDir,
  problems,
}, testInfo) => {
  test.setTimeout(90_000);
  const keys = new KeysPage(page);
  const shot = testInfo.outputPath('backup.png');
  await page.goto(keydesk.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await keys.addAccount(keydesk.url, 'Alice', gw.base_url, gw.api_url, 'demo-access-token-alice');
  await setLook(page, keydesk.url, { language: 'en-US', theme: 'light' });

  await backUpThroughTheDialog(page, { language: 'en-US', theme: 'light' }, shot);
  const exportsDir = join(dataDir, 'exports');
  const [name] = await readdir(exportsDir);
  expect(name).toMatch(/^keydesk-backup-\d{4}-\d{2}-\d{2}\.keydesk$/);
  const file = join(exportsDir, name ?? '');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect((await readFile(file)).includes('demo-access-token-alice')).toBe(false);

  // Alice goes; the backup brings her back.
  const snapshot = (await invoke(page, keydesk.url, 'accounts:list', null)) as { accounts: { id: string }[] };
  const aliceId = snapshot.accounts[0]?.id ?? '';
  await invoke(page, keydesk.url, 'accounts:remove', { id: aliceId });
  await expect(page.getByTestId('sidebar').getByTestId('account-row')).toHaveCount(0);

  await page.getByTestId('restore-open-dialog').click();
  const dialog = page.getByTestId('restore-dialog');
  await dialog.getByTestId('restore-file-input').setInputFiles(file);
  await expect(dialog.getByTestId('restore-file')).toContainText(name ?? '');
  await dialog.getByTestId('restore-passphrase').locator('input').fill('not the passphrase');
  await dialog.getByTestId('restore-open').click();
  await expect(dialog.getByTestId('restore-error')).toContainText('That passphrase does not open this backup.');
  await dialog.getByTestId('restore-passphrase').locator('input').fill(PASSPHRASE);
  await dialog.getByTestId('restore-open').click();
  await expect(dialog).toHaveAttribute('data-stage', 'preview');
  await expect(dialog.getByTestId('restore-account')).toHaveCount(1);
  await expect(dialog.getByTestId('restore-account').first()).toHaveAttribute('data-change', 'add');
  await expect(dialog.getByTestId('restore-credentials')).toContainText('includes credentials');
  await page.screenshot({ path: shot.replace('.png', '-restore-en-US-light.png') });
  await dialog.getByTestId('restore-merge').click();
  await expect(dialog.getByTestId('restore-done')).toContainText('1 added');
  await dialog.getByTestId('restore-close').click();

  await expect(page.getByTestId('sidebar').getByTestId('account-row')).toHaveCount(1);
  // Back under an id of this Keydesk's own: a backup's ids are references inside the file, never taken.
  const restored = (await invoke(page, keydesk.url, 'accounts:list', null)) as { accounts: { id: string }[] };
  const restoredId = restored.accounts[0]?.id ?? '';
  expect(restoredId).not.toBe(aliceId);
  const page1 = (await invoke(page, keydesk.url, 'keys:list', { accountId: restoredId, page: 1, size: 5 })) as {
    items: unknown[];
  };
  expect(page1.items.length).toBeGreaterThan(0);
  // No passphrase or credential was left in the page.
  const html = await page.content();
  expect(html).not.toContain(PASSPHRASE);
  expect(html).not.toContain('demo-access-token-alice');
  expect(problems.consoleErrors).toEqual([]);
});

test('the dialogs in zh-CN dark', async ({ page, keydesk, dataDir }, testInfo) => {
  test.setTimeout(90_000);
  const keys = new KeysPage(page);
  const shot = testInfo.outputPath('backup.png');
  await page.goto(keydesk.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await keys.addAccount(keydesk.url, 'Alice', gw.base_url, gw.api_url, 'demo-access-token-alice');
  await setLook(page, keydesk.url, { language: 'zh-CN', theme: 'dark' });
  await backUpThroughTheDialog(page, { language: 'zh-CN', theme: 'dark' }, shot);
  const [name] = await readdir(join(dataDir, 'exports'));
  await invoke(page, keydesk.url, 'settings:update', { theme: 'light', refreshIntervalMinutes: 30 });
  await keys.addAccount(keydesk.url, 'Carol', gw.base_url, gw.api_url, 'demo-access-token-carol');
  await setLook(page, keydesk.url, { language: 'zh-CN', theme: 'dark' });
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('restore-open-dialog').click();
  const dialog = page.getByTestId('restore-dialog');
  await dialog.getByTestId('restore-file-input').setInputFiles(join(dataDir, 'exports', name ?? ''));
  await dialog.getByTestId('restore-passphrase').locator('input').fill(PASSPHRASE);
  await dialog.getByTestId('restore-open').click();
  await expect(dialog).toHaveAttribute('data-stage', 'preview');
  await expect(dialog.getByTestId('restore-account')).toHaveCount(2);
  await expect(dialog.getByTestId('restore-settings')).toContainText('刷新间隔');
  await page.screenshot({ path: shot.replace('.png', '-restore-zh-CN-dark.png') });
});
