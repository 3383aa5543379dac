// The balance on the Account & subscription page in browser mode against the emulator: after a few refreshes (spend
// through the control plane between them) the page shows the full meter in yuan with the thresholds, the balance
// chart and "not enough data yet" for the forecast; a watched key shows its balance and limits; "Refresh now" is
// held by the polling rule and says so. Then the refresh interval set in Settings survives a restart.
// KEYDESK_QUOTA_TEST_FLOOR_MS shortens the one-per-minute polling floor so the test need not wait minutes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { ALICE_TOKEN, SEED, keyValue } from '../integration/gateway/setup';
import { invokeBridge as invoke } from './support/bridge';
import { control } from './support/emulator';
import { startKeydesk, type KeydeskProcess } from './support/keydesk-process';

const YUAN = 500_000;
const ENV = { KEYDESK_QUOTA_TEST_FLOOR_MS: '1500' };

/** Navigates inside the app once it has started (its first route would otherwise replace ours). */
async function goTo(page: Page, hash: string, ready: Locator): Promise<void> {
  await expect(async () => {
    await page.evaluate((h) => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = h;
    }, hash);
    await expect(ready).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

let gw: Gateway;
let dataDir: string;
let app: KeydeskProcess | null = null;

test.beforeEach(async () => {
  gw = await startGateway({ seed: SEED });
  dataDir = await mkdtemp(join(tmpdir(), 'keydesk-e2e-quota-account-'));
});
test.afterEach(async () => {
  await app?.stop();
  app = null;
  await gw.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('the Account page shows the meter, the chart and the forecast state after a few refreshes', async ({ page }) => {
  test.setTimeout(90_000);
  app = await startKeydesk(dataDir, { env: ENV });
  await page.goto(app.url);
  const added = await invoke(page, 'accounts:add', {
    label: 'Work',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential: { kind: 'access_token', accessToken: ALICE_TOKEN },
    thresholds: { warnUnits: 60 * YUAN, criticalUnits: 20 * YUAN },
  });
  expect(added.ok).toBe(true);
  const id = (added.value as { account: { id: string } }).account.id;
  await goTo(page, `#/account?account=${id}`, page.getByTestId('account-balance-card'));

  const card = page.getByTestId('account-balance-card');
  const remaining = card.getByTestId('balance-remaining');
  await expect(remaining).toHaveText('¥100.00', { timeout: 15_000 });
  await expect(card.getByTestId('balance-thresholds')).toContainText('low below ¥60.00 · critical below ¥20.00');
  await expect(card.getByTestId('balance-mark-warn')).toBeAttached();

  // Spend between refreshes, refreshing with the page's own button: while the polling rule holds it is disabled
  // and says when the next refresh can go; each refresh that lands is one more sample of the history.
  const button = card.getByTestId('balance-refresh');
  let sawHeld = false;
  for (const [spend, left] of [
    [5, '¥95.00'],
    [7, '¥88.00'],
    [8, '¥80.00'],
  ] as const) {
    await control(gw, 'POST', '/keys/1/spend', { units: spend * YUAN });
    await expect
      .poll(
        async () => {
          if (await button.isDisabled()) {
            if (/Next refresh in \d+ s/.test((await button.textContent()) ?? '')) sawHeld = true;
          } else {
            await button.click();
          }
          return (await remaining.textContent())?.trim();
        },
        { timeout: 20_000, intervals: [250, 500] },
      )
      .toBe(left);
  }
  expect(sawHeld).toBe(true);

  await expect(card.getByTestId('balance-level')).toHaveText('OK');
  await expect(card.getByTestId('balance-used')).toContainText('¥');
  await expect(card.getByTestId('balance-age')).toBeVisible();
  const chart = card.getByTestId('balance-chart');
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart.locator('svg path')).toHaveCount(2);
  await expect(chart).toContainText('¥80.00 – ¥100.00');
  await expect(card.getByTestId('balance-forecast-pending')).toHaveText('Days left: not enough data yet');

  // A watched key on the same page: its balance and limits, no user or subscription sections.
  const watched = await invoke(page, 'accounts:add', {
    label: 'Watched',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential: { kind: 'api_key', apiKey: `sk-${keyValue(1)}` },
  });
  expect(watched.ok).toBe(true);
  await goTo(
    page,
    `#/account?account=${(watched.value as { account: { id: string } }).account.id}`,
    page.locator('[data-account-kind=api_key]'),
  );
  await expect(card).toHaveAttribute('data-account-kind', 'api_key');
  await expect(remaining).toHaveText('-¥10.00', { timeout: 15_000 }); // ¥10 on the key, ¥20 spent above
  await expect(card.getByTestId('balance-limits')).toBeVisible();
  await expect(card.getByTestId('balance-key-hint')).toContainText('Watched key');
  await expect(page.getByTestId('account-self')).toHaveCount(0);
});

test('the refresh interval set in Settings persists across a restart', async ({ page }) => {
  test.setTimeout(60_000);
  app = await startKeydesk(dataDir, { env: ENV });
  await page.goto(app.url);
  await goTo(page, '#/settings', page.getByTestId('settings-interval'));
  const input = page.getByTestId('settings-interval').locator('input');
  await expect(input).toHaveValue('5');
  await input.fill('0');
  await input.press('Enter');
  await expect(page.getByTestId('settings-interval-problem')).toHaveText(
    'Choose between 1 and 1440 minutes (one day).',
  );
  await input.fill('17');
  await input.press('Enter');
  await expect(page.getByTestId('settings-interval-problem')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        ((await invoke(page, 'settings:get', undefined)).value as { refreshIntervalMinutes: number })
          .refreshIntervalMinutes,
    )
    .toBe(17);
  // Browser mode: tray and login items are the desktop app's, shown disabled with the reason.
  await expect(page.getByTestId('settings-closeToTray')).toHaveClass(/n-switch--disabled/);
  await expect(page.getByTestId('settings-desktop-only')).toBeVisible();

  await app.stop();
  app = await startKeydesk(dataDir, { env: ENV });
  await page.goto(app.url);
  await goTo(page, '#/settings', page.getByTestId('settings-interval'));
  await expect(page.getByTestId('settings-interval').locator('input')).toHaveValue('17');
});
