// Batch flows in browser mode against the emulator: select keys → enable, disable, copy (browser mode says to
// export instead), delete (the account name typed to confirm), export CSV and JSON (0600 files under
// <dataDir>/exports, after the secrets warning), and batch reveal in chunks of at most 100 proven by the request log.
import { stat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clearLog, fullKey, requestLog, useDemoGateway } from './support/emulator';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';

const ALICE = { label: 'Alice', token: 'demo-access-token-alice' };

const demo = useDemoGateway();

async function openBulk(keys: KeysPage, url: string): Promise<void> {
  await keys.start(url, demo.gw, [ALICE]);
  await keys.openAccount('Alice');
  await keys.search('bulk-00%');
  await expect(keys.row('bulk-009')).toBeVisible();
  await expect(keys.row('primary')).toHaveCount(0);
}

const state = (keys: KeysPage, name: string) => keys.row(name).getByTestId('key-state');

test('batch disable, enable, copy and delete the selected keys', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await openBulk(keys, keydesk.url);
  const bar = page.getByTestId('batch-bar');
  await expect(bar).toHaveCount(0);

  await keys.select('bulk-001');
  await keys.select('bulk-002');
  await expect(bar).toContainText('2 selected');
  await bar.getByTestId('batch-disable').click();
  await expect(page.locator('.n-message').getByText('2 keys disabled.')).toBeVisible();
  await expect(state(keys, 'bulk-001')).toHaveAttribute('data-state', 'disabled');
  await expect(state(keys, 'bulk-002')).toHaveAttribute('data-state', 'disabled');
  await expect(state(keys, 'bulk-003')).toHaveAttribute('data-state', 'enabled');
  await expect(bar).toHaveCount(0); // a finished batch clears the selection

  await keys.select('bulk-001');
  await keys.select('bulk-002');
  await bar.getByTestId('batch-enable').click();
  await expect(page.locator('.n-message').getByText('2 keys enabled.')).toBeVisible();
  await expect(state(keys, 'bulk-001')).toHaveAttribute('data-state', 'enabled');
  await expect(state(keys, 'bulk-002')).toHaveAttribute('data-state', 'enabled');

  // Browser mode has no clipboard in main: the batch copy says so and points at export, revealing nothing.
  await keys.select('bulk-001');
  await keys.select('bulk-002');
  await clearLog(demo.gw);
  await bar.getByTestId('batch-copy').click();
  await expect(page.locator('.n-message').getByText(/In browser mode, export them instead/)).toBeVisible();
  expect((await requestLog(demo.gw)).filter((e) => e.path.includes('/key'))).toEqual([]);

  // Delete: the button stays off until the account name is typed exactly.
  await bar.getByTestId('batch-delete').click();
  const modal = page.getByTestId('batch-delete-modal');
  await expect(modal).toContainText('Delete 2 keys of Alice');
  const submit = modal.getByTestId('batch-delete-submit');
  await expect(submit).toBeDisabled();
  await modal.getByTestId('batch-delete-confirm').fill('alice');
  await expect(submit).toBeDisabled();
  await modal.getByTestId('batch-delete-confirm').fill('Alice');
  await submit.click();
  await expect(page.locator('.n-message').getByText('2 keys deleted.')).toBeVisible();
  await expect(keys.row('bulk-001')).toHaveCount(0);
  await expect(keys.row('bulk-002')).toHaveCount(0);
  await expect(keys.row('bulk-003')).toBeVisible();
  const deletes = (await requestLog(demo.gw)).filter((e) => e.method === 'DELETE').map((e) => e.path);
  expect(deletes.sort()).toEqual(['/api/token/13', '/api/token/14']);
});

test('exports the selection as CSV and JSON into 0600 files after the secrets warning', async ({
  page,
  keydesk,
  dataDir,
}) => {
  const keys = new KeysPage(page);
  await openBulk(keys, keydesk.url);
  const exportsDir = join(dataDir, 'exports');
  const files = async () => (await readdir(exportsDir).catch(() => [] as string[])).sort();
  const expected = { 13: `sk-${await fullKey(demo.gw, 13)}`, 15: `sk-${await fullKey(demo.gw, 15)}` };

  await keys.select('bulk-001'); // id 13
  await keys.select('bulk-003'); // id 15
  for (const format of ['csv', 'json'] as const) {
    await page.getByTestId('batch-export').click();
    const modal = page.getByTestId('export-modal');
    // The warning is on screen and nothing is written until the user confirms.
    await expect(modal.getByText('This file holds full keys')).toBeVisible();
    await expect(modal).toContainText('Anyone with the file can use these keys');
    expect((await files()).filter((f) => f.endsWith(`.${format}`))).toEqual([]);
    await modal.getByText(format.toUpperCase(), { exact: true }).click();
    await modal.getByTestId('export-submit').click();
    const done = page.locator('.n-message').getByText(new RegExp(`Exported 2 keys to .*\\.${format}$`));
    await expect(done).toBeVisible();
    const name = (await files()).find((f) => f.endsWith(`.${format}`));
    expect(name).toBeDefined();
    const path = join(exportsDir, name ?? '');
    await expect(done).toContainText(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const text = await readFile(path, 'utf8');
    const rows =
      format === 'json'
        ? (JSON.parse(text) as { id: number; key: string }[])
        : text
            .trim()
            .split('\r\n')
            .slice(1)
            .map((line) => ({ id: Number(line.split(',')[0]), key: line.split(',')[2] ?? '' }));
    expect(rows.map((r) => [r.id, r.key])).toEqual(
      expect.arrayContaining([
        [13, expected[13]],
        [15, expected[15]],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(text.match(/sk-[0-9a-zA-Z]{48}/g)).toHaveLength(2);
    await expect(modal).toBeHidden();
  }
});

test('batch reveal of 172 selected keys goes in chunks of at most 100', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, demo.gw, [ALICE]);
  await keys.openAccount('Alice');
  await expect(keys.row('bulk-160')).toBeVisible();
  // 100 per page, select page 1 and page 2: 172 keys.
  await page
    .getByTestId('pager')
    .getByText(/ \/ page$/)
    .click();
  // The page of 100 is selected only once it has arrived: until then the rows on screen are the previous page's.
  const listed = page.waitForResponse(
    (r) =>
      r.url().includes(`/bridge/invoke/${encodeURIComponent('keys:list')}`) &&
      (r.request().postData() ?? '').includes('"size":100'),
  );
  await page.locator('.n-base-select-option').getByText('100 / page').click();
  await listed;
  await expect(page.getByTestId('key-row').first()).toBeVisible();
  await keys.selectPage();
  await expect(page.getByTestId('batch-bar')).toContainText('100 selected');
  const second = page.waitForResponse(
    (r) =>
      r.url().includes(`/bridge/invoke/${encodeURIComponent('keys:list')}`) &&
      /"page":2\b/.test(r.request().postData() ?? ''),
  );
  await page.getByTestId('pager').locator('.n-pagination-item').getByText('2', { exact: true }).click();
  await second;
  await expect(keys.row('bulk-060')).toBeVisible(); // id 72, the top of page 2
  await keys.selectPage();
  await expect(page.getByTestId('batch-bar')).toContainText('172 selected');

  await clearLog(demo.gw);
  await page.getByTestId('batch-export').click();
  await page.getByTestId('export-modal').getByText('JSON', { exact: true }).click();
  await page.getByTestId('export-submit').click();
  await expect(page.locator('.n-message').getByText(/Exported 172 keys to /)).toBeVisible();
  const reveals = (await requestLog(demo.gw)).filter((e) => e.path === '/api/token/batch/keys');
  expect(reveals.map((e) => (e.body?.ids as number[]).length)).toEqual([100, 72]);
});
