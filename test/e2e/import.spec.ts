// Importing accounts end to end in browser mode against the emulator: the file chosen with the dialog's file input,
// the preview's counts and rows as main read them (an All API Hub backup, then a CSV in zh-CN dark), the import
// adding what it said, and no credential from the file left in the page. Screenshots: en-US light, zh-CN dark.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startGateway, type Gateway } from '../gateway/index';
import { foreignText } from './support/language-check';
import { setLook } from './support/look';
import { expect, test } from './support/fixtures';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import');
let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway();
});
test.afterAll(async () => {
  await gw.close();
});

const fixture = async (name: string): Promise<Buffer> =>
  Buffer.from((await readFile(join(FIXTURES, name), 'utf8')).replaceAll('http://gateway.invalid', gw.base_url));

test('an All API Hub backup and a CSV previewed and imported through the dialog', async ({
  page,
  keydesk,
  problems,
}) => {
  test.setTimeout(90_000);
  await fetch(`${gw.admin_url}/reset`, { method: 'POST' });
  await page.goto(keydesk.url);
  await setLook(page, keydesk.url, { language: 'en-US', theme: 'light' });
  await page.getByTestId('nav-accounts').click();
  await page.getByTestId('accounts-import-first').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();

  await dialog.getByTestId('import-file').setInputFiles({
    name: 'all-api-hub-backup.json',
    mimeType: 'application/json',
    buffer: await fixture('all-api-hub-backup.v4.json'),
  });
  await expect(dialog.getByTestId('import-count-add')).toHaveText('To add: 3');
  await expect(dialog.getByTestId('import-count-duplicate')).toHaveText('Already there: 1');
  await expect(dialog.getByTestId('import-count-refused')).toHaveText('Refused: 2');
  const rows = dialog.getByTestId('import-row');
  await expect(rows).toHaveCount(6);
  // Refused rows first: their reasons are what the user must read.
  await expect(rows.nth(0)).toHaveAttribute('data-outcome', 'refused');
  await expect(rows.nth(0)).toContainText('browser cookie');
  await expect(rows.nth(1)).toContainText('“sub2api” speaks another API');
  await expect(rows.nth(4)).toHaveAttribute('data-outcome', 'duplicate');
  // The file's credentials stay in main: not in the page, not in the file input.
  expect(await page.content()).not.toMatch(/demo-access-token|fake-revoked|fake-cookie/);
  expect(await dialog.getByTestId('import-file').inputValue()).toBe('');
  await page.screenshot({ path: test.info().outputPath('import-preview-en-US-light.png') });

  await dialog.getByTestId('import-confirm').click();
  await expect(dialog.getByTestId('import-report')).toHaveText('Added 2, failed 1, skipped 3.');
  await expect(dialog).toContainText('A revoked token');
  await dialog.getByTestId('import-close').click();
  await expect(page.getByTestId('accounts-list').locator('li')).toHaveCount(2);

  await setLook(page, keydesk.url, { language: 'zh-CN', theme: 'dark' });
  await page.getByTestId('nav-accounts').click();
  await page.getByTestId('accounts-import').click();
  await dialog
    .getByTestId('import-file')
    .setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: await fixture('accounts.csv') });
  await expect(dialog.getByTestId('import-count-add')).toHaveText('将添加：2');
  await expect(dialog.getByTestId('import-count-duplicate')).toHaveText('已存在：1');
  await expect(dialog.getByTestId('import-count-refused')).toHaveText('已拒绝：2');
  expect(await page.content()).not.toMatch(/demo-password|sk-7rOEW/);
  // Every sentence in Chinese; the names and addresses are the file's own data.
  const data = [
    // The imported accounts' labels in the list behind the dialog (their aria-label and menu title carry them).
    'Alice on the demo gateway',
    'Alice on the demo gateway · 访问令牌 · 已连接',
    'Alice on the demo gateway 的更多操作',
    'Bob, by password',
    "Bob's watched key",
    'Alice by token',
    'A name "quoted"\nover two lines',
    'No address',
  ];
  expect(await foreignText(page, 'zh-CN', data)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('import-preview-zh-CN-dark.png') });

  await dialog.getByTestId('import-confirm').click();
  await expect(dialog.getByTestId('import-report')).toHaveText('已添加 2 个，失败 0 个，跳过 3 个。');
  await dialog.getByTestId('import-close').click();
  await expect(page.getByTestId('accounts-list').locator('li')).toHaveCount(4);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
