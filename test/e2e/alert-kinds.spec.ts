// The alert centre shows each kind of alert: a runaway key with Disable now and Dismiss as false alarm, an expiring
// key and a price change beside a balance alert; looked at in en-US light and zh-CN dark.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { startKeydesk } from './support/keydesk-process';
import { setLook } from './support/look';

const now = Date.now();
const base = { accountId: 'gone', accountLabel: 'Work', isAcknowledged: false };
const alerts = [
  {
    ...base,
    id: 'r1',
    kind: 'runaway',
    episodeKey: 'runaway:gone:7:1',
    keyId: 7,
    keyName: 'ci-bot',
    reason: 'rate',
    hourSpendUnits: 5_000_000,
    usualHourUnits: 250_000,
    dailyCapUnits: null,
    daySpendUnits: 6_000_000,
    resolution: null,
    raisedAt: now - 60_000,
  },
  {
    ...base,
    id: 'e1',
    kind: 'expiring',
    episodeKey: 'expiring:gone:key:8:1',
    target: { type: 'key', keyId: 8, keyName: 'staging' },
    expiresAtMs: now + 2 * 86_400_000,
    raisedAt: now - 120_000,
  },
  {
    ...base,
    id: 'p1',
    kind: 'price_change',
    episodeKey: 'price:gone:vip:1:1.5',
    group: 'vip',
    oldRatio: 1,
    newRatio: 1.5,
    affectedKeyNames: ['ci-bot', 'staging'],
    raisedAt: now - 180_000,
  },
  // Written before alerts had kinds: read as a balance alert.
  { ...base, id: 'b1', level: 'warn', balanceUnits: 2_000_000, thresholdUnits: 2_500_000, raisedAt: now - 240_000 },
];

test('each kind of alert is worded in both languages, with the runaway key’s actions', async ({ page, dataDir }) => {
  await writeFile(join(dataDir, 'alerts.json'), JSON.stringify({ version: 1, alerts }));
  const app = await startKeydesk(dataDir);
  try {
    await page.goto(app.url);
    for (const look of [
      { language: 'en-US', theme: 'light' },
      { language: 'zh-CN', theme: 'dark' },
    ] as const) {
      await setLook(page, app.url, look);
      await page.getByTestId('alert-bell').click();
      // The drawer slides in: look once it is all in view.
      const width = page.viewportSize()?.width ?? 0;
      await expect.poll(async () => (await page.locator('.n-drawer').boundingBox())?.x).toBe(width - 380);
      const items = page.getByTestId('alert-item');
      await expect(items).toHaveCount(4);
      await expect(page.locator('[data-kind=runaway]')).toContainText('ci-bot');
      await expect(page.getByTestId('alert-disable-key')).toHaveCount(1);
      await expect(page.getByTestId('alert-dismiss-false-alarm')).toHaveCount(1);
      await expect(page.locator('[data-kind=balance]')).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath(`alert-kinds-${look.language}-${look.theme}.png`) });
      await page.keyboard.press('Escape');
    }
  } finally {
    await app.stop();
  }
});
