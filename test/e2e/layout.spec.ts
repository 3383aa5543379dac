// The screens' layout checked in the built app against the emulator's demo seed, at 1280×800 and 1024×700 in
// en-US light and zh-CN dark: the key table fits its box (no horizontal scrollbar, no cell text under the actions
// column), a revealed key is readable in full in its row, and subscription plans show labels, not snake_case.
import type { Locator } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
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

const ACCOUNTS = [
  { label: 'Alice (password)', token: 'demo-access-token-alice' },
  { label: 'Carol', token: 'demo-access-token-carol' },
] as const;

const LOOKS = [
  { language: 'en-US', theme: 'light', width: 1280, height: 800 },
  { language: 'en-US', theme: 'light', width: 1024, height: 700 },
  { language: 'zh-CN', theme: 'dark', width: 1280, height: 800 },
  { language: 'zh-CN', theme: 'dark', width: 1024, height: 700 },
] as const;

/** The little of the DOM these checks read (this file is type-checked without the DOM library). */
interface El {
  readonly className: string;
  readonly textContent: string | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  readonly childNodes: Iterable<{ readonly nodeType: number; readonly textContent: string | null }>;
  querySelectorAll(selector: string): Iterable<El>;
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number };
}

/** Boxes of every visible text node's element in the row's cells other than the actions cell. */
async function overlapsActions(row: Locator): Promise<string[]> {
  return row.evaluate((node: unknown) => {
    const tr = node as El;
    const cells = [...tr.querySelectorAll('[role="cell"]')];
    const actions = cells.at(-1)?.getBoundingClientRect();
    if (!actions) return ['no actions cell'];
    const out: string[] = [];
    for (const td of cells.slice(0, -1)) {
      for (const el of td.querySelectorAll('*')) {
        const hasText = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
        if (!hasText) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.right > actions.left + 0.5 && r.left < actions.right) out.push(el.textContent ?? '');
      }
    }
    return out;
  });
}

/** Text in the row's cells drawn above or below the row (a cell wrapped to more lines than the row holds). */
async function spillsOutOfRow(row: Locator): Promise<string[]> {
  return row.evaluate((node: unknown) => {
    const tr = node as El;
    const box = tr.getBoundingClientRect();
    const out: string[] = [];
    for (const el of tr.querySelectorAll('[role="cell"] *')) {
      const hasText = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
      const r = el.getBoundingClientRect();
      if (hasText && r.width > 0 && (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)) {
        out.push(el.textContent ?? '');
      }
    }
    return out;
  });
}

for (const look of LOOKS) {
  test(`All keys fits its box at ${look.width}×${look.height} in ${look.language} ${look.theme}`, async ({
    page,
    keydesk,
  }) => {
    await page.setViewportSize({ width: look.width, height: look.height });
    const keys = new KeysPage(page);
    await keys.start(keydesk.url, gw, ACCOUNTS);
    await setLook(page, keydesk.url, look);
    await page.goto(`${new URL(keydesk.url).origin}/#/keys`);
    await expect(page.getByTestId('key-row').first()).toBeVisible();

    // No horizontal scrollbar: every scroll container of the table is as wide as its content.
    const table = page.getByTestId('key-table');
    const overflow = await table.evaluate((node: unknown) => {
      const root = node as El;
      // This file is type-checked without the DOM library: the browser's getComputedStyle, typed by hand.
      const style = globalThis as unknown as { getComputedStyle(el: unknown): { overflowX: string } };
      const overflowX = (el: unknown) => style.getComputedStyle(el).overflowX;
      return [root, ...root.querySelectorAll('*')]
        .filter((el) => ['auto', 'scroll'].includes(overflowX(el)))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .filter((el) => el.clientWidth > 0)
        .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
    });
    expect(overflow).toEqual([]);
    const tableBox = await table.boundingBox();
    expect((tableBox?.x ?? 0) + (tableBox?.width ?? 0)).toBeLessThanOrEqual(look.width);

    // At 1280 px, names and account labels are whole: the room went to them rather than to Quota.
    if (look.width === 1280) {
      const cut = await table.evaluate((node: unknown) =>
        [...(node as El).querySelectorAll('[data-testid="key-name"], .key-table__td--ellipsis')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
    }

    // Every column is named in full at any width: a stacked column's header takes two lines, like its cells.
    const cutHeaders = await table.evaluate((node: unknown) =>
      [...(node as El).querySelectorAll('[role="columnheader"], [role="columnheader"] > span')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
    expect(cutHeaders).toEqual([]);

    // Nothing under the actions column, and nothing drawn outside its row, in every row on screen.
    for (const row of await page.getByTestId('key-row').all()) {
      expect(await overlapsActions(row)).toEqual([]);
      expect(await spillsOutOfRow(row)).toEqual([]);
    }
    // A past expiry is the longest date a cell shows ("11 months ago" cut to "11 / months" at 1280 px).
    await keys.search('expired-key');
    expect(await spillsOutOfRow(keys.row('expired-key'))).toEqual([]);

    if (look.width === 1280 && look.language === 'en-US') {
      await page.screenshot({ path: test.info().outputPath('all-keys-1280.png') });
    }

    // A revealed key is readable in full: the text is all inside its row and not clipped by its cell.
    await keys.search('primary');
    const full = await keys.reveal('primary');
    const shown = keys.row('primary').getByTestId('revealed-key');
    const clip = await shown.evaluate((node: unknown) => ({
      sw: (node as El).scrollWidth,
      cw: (node as El).clientWidth,
    }));
    expect(clip.sw).toBeLessThanOrEqual(clip.cw);
    const keyBox = await shown.boundingBox();
    const rowBox = await keys.row('primary').boundingBox();
    expect(keyBox && rowBox).toBeTruthy();
    if (keyBox && rowBox) {
      expect(keyBox.y).toBeGreaterThanOrEqual(rowBox.y - 0.5);
      expect(keyBox.y + keyBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height + 0.5);
      expect(keyBox.x + keyBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
    }
    expect(full.length).toBeGreaterThan(20);
    expect(await overlapsActions(keys.row('primary'))).toEqual([]);
    if (look.width === 1024) await page.screenshot({ path: test.info().outputPath('revealed-1024.png') });
  });
}

test('one account: the page of rows fits the table box, with no large gap below', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [ACCOUNTS[0]]);
  await keys.openAccount(ACCOUNTS[0].label);
  await expect(keys.row('bulk-160')).toBeVisible();
  const body = page.getByTestId('key-table-scroller');
  // The page's rows do not scroll inside a shorter box...
  await expect
    .poll(() => body.evaluate((node: unknown) => (node as El).scrollHeight - (node as El).clientHeight))
    .toBeLessThanOrEqual(1);
  // ...and the table and its pager end near the window's bottom (less than a row's height left).
  const pager = page.getByTestId('pager');
  await page.screenshot({ path: test.info().outputPath('one-account-1280.png') });
  await expect.poll(async () => 800 - ((await pager.boundingBox())?.y ?? 0)).toBeLessThan(100);
  await page.screenshot({ path: test.info().outputPath('one-account-1280.png') });
});

test('subscription plans are labelled fields with money and dates formatted', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [ACCOUNTS[0]]);
  await page.getByTestId('nav-account').click();
  const plans = page.getByTestId('account-subscription');
  await expect(plans).toBeVisible();
  const text = (await plans.textContent()) ?? '';
  expect(text).not.toMatch(/[a-z]+_[a-z]+/);
  expect(text).not.toContain('50000000');
  expect(text).not.toContain('1893456000');
  await expect(plans.getByText('Used', { exact: true }).first()).toBeVisible();
  await expect(plans.getByText('Expires', { exact: true }).first()).toBeVisible();
  await expect(plans.getByTestId('billing-preference')).toHaveText('Subscription first, then balance');
  await expect(plans).toContainText('¥100.00');
  await page.screenshot({ path: test.info().outputPath('plans.png'), fullPage: true });
});

test('money is written one way in the key form, units only on request', async ({ page, keydesk }) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [ACCOUNTS[0]]);
  await keys.openAccount(ACCOUNTS[0].label);
  await expect(keys.row('bulk-160')).toBeVisible();
  // Edit shows the amount as the table does (¥6.00 there, "6.00" beside the ¥ here), not "6".
  await keys.row('bulk-160').getByTestId('edit-key').click();
  await expect(page.getByTestId('form-quota')).toHaveValue('6.00');
  const hint = page.getByTestId('quota-input-hint').first();
  await expect(hint).not.toContainText(/units|单位|\d{1,3}(,\d{3}){2}/);
  await expect(hint).toHaveAttribute('title', '3,000,000 units');
});
