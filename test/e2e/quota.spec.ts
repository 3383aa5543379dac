// Quota end to end in browser mode against the emulator: an account's balance in the sidebar meter, spending through
// the control plane until the balance crosses the warning → exactly one alert in the alert centre; a top-up re-arms
// it; after a restart the cached balance is on screen while the gateway is still answering (latency set high).
// KEYDESK_QUOTA_TEST_FLOOR_MS shortens the one-per-minute polling floor so the test need not wait minutes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { ALICE_TOKEN, SEED } from '../integration/gateway/setup';
import { invokeBridge as invoke } from './support/bridge';
import { control } from './support/emulator';
import { startKeydesk, type KeydeskProcess } from './support/keydesk-process';

const YUAN = 500_000;
const ENV = { KEYDESK_QUOTA_TEST_FLOOR_MS: '1500' };

const meter = (page: Page) => page.getByTestId('account-row').first().getByTestId('balance-remaining');

/** Asks for a refresh until the meter shows the amount (each ask is subject to the polling floor). */
async function refreshUntil(page: Page, amount: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await invoke(page, 'quota:refresh', {});
        return (await meter(page).textContent())?.trim();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe(amount);
}

let gw: Gateway;
let dataDir: string;
let app: KeydeskProcess | null = null;

test.beforeEach(async () => {
  gw = await startGateway({ seed: SEED });
  dataDir = await mkdtemp(join(tmpdir(), 'keydesk-e2e-quota-'));
});
test.afterEach(async () => {
  await app?.stop();
  app = null;
  await gw.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('spending raises exactly one alert, a top-up re-arms it, and a restart shows the cached balance at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  app = await startKeydesk(dataDir, { env: ENV });
  await page.goto(app.url);

  const added = await invoke(page, 'accounts:add', {
    label: 'Work',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential: { kind: 'access_token', accessToken: ALICE_TOKEN },
    thresholds: { warnUnits: 90 * YUAN, criticalUnits: 10 * YUAN },
  });
  expect(added.ok, JSON.stringify(added.error)).toBe(true);
  await expect(meter(page)).toHaveText('¥100.00', { timeout: 15_000 });
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '0');

  await control(gw, 'POST', '/keys/1/spend', { units: 15 * YUAN }); // ¥85 < ¥90
  await refreshUntil(page, '¥85.00');
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('account-row').first().getByTestId('balance-level')).toHaveText('Low');

  await control(gw, 'POST', '/keys/1/spend', { units: 5 * YUAN }); // ¥80: same episode, no second alert
  await refreshUntil(page, '¥80.00');
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '1');

  await control(gw, 'PUT', '/users/1/quota', { quota: 120 * YUAN }); // top-up: re-armed
  await refreshUntil(page, '¥120.00');
  await control(gw, 'POST', '/keys/1/spend', { units: 35 * YUAN }); // ¥85 again: a new episode
  await refreshUntil(page, '¥85.00');
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '2');

  await page.getByTestId('alert-bell').click();
  await expect(page.getByTestId('alert-item')).toHaveCount(2);
  await expect(page.getByTestId('alert-item').first()).toContainText('Work');
  await expect(page.getByTestId('alert-item').first()).toContainText('¥85.00 left (below ¥90.00)');
  await page.getByTestId('alert-acknowledge-all').click();
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '0');

  // Restart with a gateway that now takes 30 s to answer: the cached balance is there before it does.
  await app.stop();
  await control(gw, 'POST', '/faults', { match: '/api/user/self', kind: 'latency', latency_ms: 30_000 });
  const restartedAt = Date.now();
  app = await startKeydesk(dataDir, { env: ENV });
  await page.goto(app.url);
  await expect(meter(page)).toHaveText('¥85.00', { timeout: 10_000 });
  expect(Date.now() - restartedAt).toBeLessThan(30_000);
  await expect(page.getByTestId('account-row').first().getByTestId('balance-meter')).toHaveAttribute(
    'data-stale',
    'true',
  );
  // the alert history survived the restart, acknowledged
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '0');
});
