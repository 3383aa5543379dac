// Watching across accounts, end to end in browser mode against the emulator: the model search lists the keys that can
// call a model in the right order (cheapest group first), and after the site changes a group's ratio, reading again
// puts that group's key first. Screenshots of the search in en-US light and zh-CN dark (KEYDESK_WATCH_SHOTS=dir).
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { control } from './support/emulator';
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

const SHOTS = process.env.KEYDESK_WATCH_SHOTS;

async function searchModel(page: Page, model: string): Promise<void> {
  const input = page.getByTestId('model-key-input').locator('input');
  await input.fill(model);
  await page.getByTestId('model-key-submit').click();
}

/** The alert centre's items that mention `text` (opens the bell). */
async function alertsAbout(page: Page, text: string) {
  const list = page.getByTestId('alert-list');
  if (!(await list.isVisible())) await page.getByTestId('alert-bell').click();
  await expect(list).toBeVisible();
  return list.getByTestId('alert-item').filter({ hasText: text });
}

/** The Models & groups section, through the sidebar as a user goes there. */
async function openModels(page: Page): Promise<void> {
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /Models|模型/ })
    .click();
  await expect(page.getByTestId('model-key-search')).toBeVisible();
}

/**
 * Gives the demo's "expiring-soon" key (id 10) an end 40 days after the emulator's clock, which runs on real time as
 * Keydesk's does: the expiring-key tests run on any date, not only before the seed's fixed end. Days away from now.
 */
async function expiringKeyEndsSoon(): Promise<{ readonly ends: number; readonly daysAway: number }> {
  const { now } = (await control(gw, 'GET', '/clock')) as { now: number };
  const ends = now + 40 * 86_400;
  await control(gw, 'PUT', '/keys/10/expiry', { expired_time: ends });
  return { ends, daysAway: Math.ceil((ends * 1000 - Date.now()) / 86_400_000) };
}

/** Key names of the result rows, in order. */
const resultNames = (page: Page) =>
  page.getByTestId('model-key-results').locator('tbody tr .model-key-search__key strong').allTextContents();

test('the model search lists the right keys cheapest first, and a changed group ratio reorders them', async ({
  page,
  keydesk,
}) => {
  test.setTimeout(90_000);
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  await openModels(page);
  await searchModel(page, 'gpt-4o');
  await expect(page.getByTestId('model-key-results')).toBeVisible();
  const before = await resultNames(page);
  // Default group (×1): the unlimited key first, then by quota left; the vip key (×1.5) after every one of them.
  expect(before[0]).toBe('unlimited-overdrawn');
  expect(before.at(-1)).toBe('vip-key');
  // Not listed: disabled, expired, exhausted, a model list without gpt-4o, a group Alice may not use.
  for (const name of ['disabled-key', 'expired-key', 'exhausted-key', 'model-limited', 'group-denied']) {
    expect(before).not.toContain(name);
  }

  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'model-search-en-light.png'), fullPage: true });

  const changed = await fetch(`${gw.admin_url}/groups/vip/ratio`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ratio: 0.5 }),
  });
  expect(changed.ok).toBe(true);
  await page.getByTestId('model-key-refresh').click();
  await expect.poll(async () => (await resultNames(page))[0]).toBe('vip-key');
  await expect(page.getByTestId('model-key-results').locator('tbody tr').first()).toContainText('×0.5');
  // The changed ratio of a group Alice's vip-key uses raised one price-change alert; reading again raises no other.
  await page.getByTestId('model-key-refresh').click();
  await expect(await alertsAbout(page, 'vip')).toHaveCount(1);
  await page.keyboard.press('Escape');

  if (SHOTS) {
    await setLook(page, keydesk.url, { language: 'zh-CN', theme: 'dark' });
    await openModels(page);
    await searchModel(page, 'gpt-4o');
    await expect(page.getByTestId('model-key-results')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'model-search-zh-dark.png'), fullPage: true });
  }
});

test('expiring soon lists a key ending within the chosen days, and Extend moves its end on from there', async ({
  page,
  keydesk,
}) => {
  test.setTimeout(90_000);
  const { ends, daysAway } = await expiringKeyEndsSoon();
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  // Through the sidebar, as a user goes: a goto to the hash and a reload raced the start-up route under load.
  await page.getByTestId('nav-accounts').click();
  const section = page.getByTestId('expiring-soon');
  await expect(section).toBeVisible();
  const input = page.getByTestId('expiring-days').locator('input');
  await input.fill(String(daysAway - 1));
  await input.blur();
  await expect(section.getByTestId('expiring-none')).toBeVisible();
  await input.fill(String(daysAway + 1));
  await input.blur();
  const row = section.getByTestId('expiring-row').filter({ hasText: 'expiring-soon' });
  await expect(row).toBeVisible();
  await expect(section.getByTestId('expiring-row')).toHaveCount(1);
  // One alert for the key, however often the list is read.
  await input.fill(String(daysAway + 2));
  await input.blur();
  await expect(row).toBeVisible();
  await expect(await alertsAbout(page, 'expiring-soon')).toHaveCount(1);
  await page.keyboard.press('Escape');

  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'expiring-en-light.png'), fullPage: true });

  await row.getByTestId('expiring-extend').click();
  const dialog = page.getByTestId('extend-key');
  await dialog.locator('[data-testid=extend-key-choice][data-days="30"]').click();
  await dialog.getByTestId('extend-key-submit').click();
  await expect(dialog).toBeHidden();
  // A month on from its current end, not from today.
  const after = (await (await fetch(`${gw.admin_url}/keys/10`)).json()) as { expired_time: number };
  expect(after.expired_time).toBe(ends + 30 * 86_400);

  if (SHOTS) {
    await setLook(page, keydesk.url, { language: 'zh-CN', theme: 'dark' });
    await input.fill('365');
    await input.blur();
    await expect(page.getByTestId('expiring-soon')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'expiring-zh-dark.png'), fullPage: true });
  }
});

test('Extend from an expiring alert moves the key’s end on, as from the list', async ({ page, keydesk }) => {
  test.setTimeout(90_000);
  const { ends, daysAway } = await expiringKeyEndsSoon();
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, gw, [{ label: 'Alice', token: 'demo-access-token-alice' }]);
  // The list raises the alert now (the hourly check would, three minutes after start).
  await page.getByTestId('nav-accounts').click();
  const input = page.getByTestId('expiring-days').locator('input');
  await input.fill(String(daysAway + 1));
  await input.blur();
  await expect(page.getByTestId('expiring-row').filter({ hasText: 'expiring-soon' })).toBeVisible();
  await page.getByTestId('nav-keys').click();

  const alert = await alertsAbout(page, 'expiring-soon');
  await expect(alert).toHaveCount(1);
  await alert.getByTestId('alert-extend').click();
  const dialog = page.getByTestId('extend-key');
  await dialog.locator('[data-testid=extend-key-choice][data-days="30"]').click();
  await dialog.getByTestId('extend-key-submit').click();
  await expect(dialog).toBeHidden();
  const after = (await (await fetch(`${gw.admin_url}/keys/10`)).json()) as { expired_time: number };
  expect(after.expired_time).toBe(ends + 30 * 86_400);
});
