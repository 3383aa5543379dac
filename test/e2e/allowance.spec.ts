// A daily allowance end to end, in browser mode against the emulator's new-api profile, in both languages: the user
// sets it in the key's details (typed in the site's dollars), the site's key is refilled at once; Keydesk is closed
// across a midnight (the allowance file then says its last refill was yesterday's, as it would) and refills once at
// the next start, one read and one write in the emulator's log; then the key's quota is raised on the site by hand,
// and at the next period the allowance stops with an alert instead of overwriting it. KEYDESK_KEY_CARE_TEST_MS makes
// the first check after a start come at once. Screenshots of the drawer with KEYDESK_KEY_CARE_SHOTS=dir.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { invokeBridge as invoke } from './support/bridge';
import { control, requestLog, type LogEntry } from './support/emulator';
import { startKeydesk } from './support/keydesk-process';
import { KEY_CARE_PASSPHRASE, keyCareRun, started, startWithWork } from './support/key-care';

const ENV = { KEYDESK_KEY_CARE_TEST_MS: '500' };
const SHOTS = process.env.KEYDESK_KEY_CARE_SHOTS;
const DAY = 86_400_000;

const run = keyCareRun('allowance');

const WORDS = {
  // The site's dollars with the yuan they cost beside, at its top-up price (7.3).
  'en-US': { summary: '$2.00 ≈ ¥14.60 a day', refilled: 'Refilled from $10.00', edited: 'changed elsewhere' },
  'zh-CN': { summary: '每天 $2.00 ≈ ¥14.60', refilled: '从 $10.00', edited: '在别处被修改' },
} as const;

/** The key's details, through its name in All keys. */
async function openDrawer(page: Page): Promise<void> {
  await page.goto(`${new URL(run.app?.url ?? '').origin}/#/keys`);
  await page.getByTestId('key-name').getByText('main', { exact: true }).click();
  await expect(page.getByTestId('key-allowance')).toBeVisible();
}

/** Keydesk started (again) on the data folder, the vault unlocked with the passphrase, the page reloaded. */
async function restart(page: Page): Promise<void> {
  run.app = await startKeydesk(run.dataDir, { env: ENV });
  await page.goto(run.app.url);
  // The page swaps its launch code for a session as it loads: the shell drawn means that is done.
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect((await invoke(page, 'vault:unlock', { passphrase: KEY_CARE_PASSPHRASE })).ok).toBe(true);
  await page.reload();
}

/** Writes into allowances.json, while Keydesk is stopped, that the last refill was for the day before. */
async function lastRefillYesterday(): Promise<void> {
  const file = join(run.dataDir, 'allowances.json');
  const doc = JSON.parse(await readFile(file, 'utf8')) as {
    allowances: Record<string, { lastPeriodStart: number | null }>;
  };
  for (const record of Object.values(doc.allowances)) {
    if (record.lastPeriodStart !== null) record.lastPeriodStart -= DAY;
  }
  await writeFile(file, JSON.stringify(doc));
}

const keyWrites = (log: readonly LogEntry[]): string[] =>
  log
    .filter((e) => e.path.startsWith('/api/token/') && (e.method !== 'GET' || e.path === '/api/token/1'))
    .map((e) => `${e.method} ${e.path}${e.query.status_only === undefined ? '' : '?status_only'}`);
const remainOf = async (): Promise<number> =>
  ((await control(run.gw, 'GET', '/keys/1')) as { remain_quota: number }).remain_quota;

for (const look of [
  { language: 'en-US', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const) {
  test(`a daily allowance refills at once, once after a missed midnight, and stops when the key is changed elsewhere (${look.language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const words = WORDS[look.language];
    await startWithWork(page, run, look, ENV);

    await openDrawer(page);
    const section = page.getByTestId('key-allowance');
    await section.getByTestId('allowance-edit').click();
    await section.getByTestId('allowance-period-day').click();
    await section.getByTestId('allowance-amount').fill('2');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `allowance-form-${look.language}-${look.theme}.png`) });
    await section.getByTestId('allowance-save').click();
    await expect(section.getByTestId('allowance-summary')).toHaveText(words.summary);
    await expect.poll(remainOf).toBe(1_000_000);
    await expect(section.getByTestId('allowance-event')).toHaveCount(1);
    await expect(section.getByTestId('allowance-event').first()).toContainText(words.refilled);
    await expect(section.getByTestId('allowance-next')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `allowance-${look.language}-${look.theme}.png`) });

    // The key spends; Keydesk is closed across midnight and started again: one refill, one read and one write.
    await control(run.gw, 'POST', '/keys/1/spend', { units: 300_000 });
    await started(run).stop();
    await lastRefillYesterday();
    await control(run.gw, 'DELETE', '/log');
    await restart(page);
    await expect.poll(remainOf).toBe(1_000_000);
    await expect.poll(async () => keyWrites(await requestLog(run.gw))).toEqual(['GET /api/token/1', 'PUT /api/token/']);
    await openDrawer(page);
    await expect(page.getByTestId('allowance-event')).toHaveCount(2);

    // Raised by hand on the site; at the next period Keydesk reads it, stops, and writes nothing.
    await control(run.gw, 'PUT', '/keys/1/quota', { remain_quota: 9_000_000 });
    await started(run).stop();
    await lastRefillYesterday();
    await control(run.gw, 'DELETE', '/log');
    await restart(page);
    await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '1', { timeout: 15_000 });
    expect(keyWrites(await requestLog(run.gw))).toEqual(['GET /api/token/1']);
    expect(await remainOf()).toBe(9_000_000);
    await openDrawer(page);
    await expect(page.getByTestId('key-allowance')).toHaveAttribute('data-state', 'stopped');
    await expect(page.getByTestId('allowance-stopped')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `allowance-stopped-${look.language}-${look.theme}.png`) });
    await page.keyboard.press('Escape');
    await page.getByTestId('alert-bell').click();
    const item = page.getByTestId('alert-item').filter({ hasText: 'main' });
    await expect(item).toHaveAttribute('data-kind', 'allowance');
    await expect(item).toContainText(words.edited);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `allowance-alert-${look.language}-${look.theme}.png`) });
  });
}
