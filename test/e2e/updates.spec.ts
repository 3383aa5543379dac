// Settings › Updates in the built app: browser mode says updates come with the desktop app; with main's answers
// replaced by an installed build's (the updater itself needs Electron), a failed check is explained with its time,
// and the prompt asks before the download and sends it only on the click.
import type { Route } from '@playwright/test';
import type { UpdateStatus } from '../../src-shared/contract';
import { expect, test } from './support/fixtures';
import { setLook } from './support/look';

const installed: UpdateStatus = {
  support: 'supported',
  packageFormat: null,
  currentVersion: '1.0.0',
  isEnabled: true,
  mirrorUrl: 'https://mirror.example.cn/keydesk/',
  phase: 'available',
  release: {
    version: '1.1.0',
    releaseDate: '2026-11-20T08:00:00.000Z',
    notes: 'Faster start-up\n• Tray icon fix',
    sizeBytes: 94_371_840,
    source: 'github',
    signedBy: '3f9a0c1d2e4b5a67',
  },
  progress: null,
  downloadFailure: null,
  lastCheck: {
    at: Date.UTC(2026, 10, 20, 8, 30),
    outcome: 'failed',
    source: 'github',
    failure: { kind: 'offline', source: 'github', detail: 'getaddrinfo ENOTFOUND github.com' },
  },
  nextCheckAt: Date.UTC(2026, 10, 20, 14, 30),
};

/** The loopback bridge's address of an updates: channel (the colon travels percent-encoded). */
const channel = (verb: string): RegExp => new RegExp(`/bridge/invoke/updates(?::|%3A)${verb}$`);

test('browser mode: updates come with the desktop app', async ({ page, keydesk, problems }) => {
  await page.goto(keydesk.url);
  await page.getByTestId('nav-settings').click();
  const card = page.getByTestId('updates-card');
  await expect(card).toHaveAttribute('data-support', 'browser_mode');
  await expect(card.getByTestId('updates-support-note')).toContainText('Updates come with the desktop app');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  expect(problems.consoleErrors).toEqual([]);
});

test('an installed build: the failed check in Settings, and the prompt before the download', async ({
  page,
  keydesk,
}) => {
  const downloads: unknown[] = [];
  const answer = (route: Route, value: UpdateStatus) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value }) });
  await page.route(channel('status'), (route) => answer(route, installed));
  await page.route(channel('download'), (route) => {
    downloads.push(route.request().postDataJSON());
    return answer(route, {
      ...installed,
      phase: 'downloading',
      progress: { transferredBytes: 0, totalBytes: 94_371_840, bytesPerSecond: null },
    });
  });
  await page.goto(keydesk.url);
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Keydesk 1.1.0 is available');
  await expect(prompt.getByTestId('update-prompt-notes')).toHaveText('Faster start-up\n• Tray icon fix');
  await page.getByTestId('update-prompt-later').click();
  await expect(prompt).toHaveCount(0);
  expect(downloads).toEqual([]);

  await page.getByTestId('nav-settings').click();
  const card = page.getByTestId('updates-card');
  await expect(card.getByTestId('updates-check-failure')).toContainText('The update server could not be reached');
  await expect(card.getByTestId('updates-last-check')).toContainText('via GitHub');
  await expect(card.getByTestId('updates-mirror').locator('input')).toHaveValue('https://mirror.example.cn/keydesk/');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('settings-updates.png'), fullPage: true });

  await card.getByTestId('updates-download').click();
  await expect.poll(() => downloads.length).toBe(1);
  await expect(page.getByTestId('update-prompt')).toHaveAttribute('data-prompt', 'downloading');
});

/** A release the mirror served and the signature checked, after a check where the mirror's feed was refused. */
const signedFromMirror: UpdateStatus = {
  ...installed,
  release: { ...(installed.release as NonNullable<UpdateStatus['release']>), source: 'mirror' },
  lastCheck: {
    at: Date.UTC(2026, 10, 20, 8, 30),
    outcome: 'available',
    source: 'mirror',
    failure: null,
    signedBy: '3f9a0c1d2e4b5a67',
  },
};
const refusedFeed: UpdateStatus = {
  ...installed,
  phase: 'idle',
  release: null,
  lastCheck: {
    at: Date.UTC(2026, 10, 20, 8, 30),
    outcome: 'failed',
    source: 'mirror',
    failure: { kind: 'feed_signature', source: 'mirror', detail: 'latest.yml' },
  },
};

for (const look of [
  {
    language: 'en-US',
    theme: 'light',
    signed: 'the feed’s signature by Keydesk’s release key',
    refused: 'not signed by Keydesk’s release key',
  },
  {
    language: 'zh-CN',
    theme: 'dark',
    signed: '发布密钥 3f9a0c1d2e4b5a67 的签名',
    refused: '没有 Keydesk 发布密钥的签名',
  },
] as const) {
  test(`Settings says which address served the update and that its signature was checked (${look.language})`, async ({
    page,
    keydesk,
  }) => {
    let status = signedFromMirror;
    await page.route(channel('status'), (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value: status }) }),
    );
    await page.goto(keydesk.url);
    await setLook(page, keydesk.url, look);
    await page.getByTestId('update-prompt-later').click();
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('updates-card');
    await expect(card.getByTestId('updates-signed')).toContainText(look.signed);
    await expect(card.getByTestId('updates-signed')).toContainText(
      look.language === 'en-US' ? 'via the mirror' : '经由镜像',
    );
    await expect(card.getByTestId('updates-last-check')).toContainText(
      look.language === 'en-US' ? 'signature checked' : '签名已验证',
    );
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`updates-signed-${look.language}.png`), fullPage: true });

    status = refusedFeed; // nothing offered: no prompt
    await page.reload();
    await page.getByTestId('nav-settings').click();
    const failure = page.getByTestId('updates-card').getByTestId('updates-check-failure');
    await expect(failure).toHaveAttribute('data-kind', 'feed_signature');
    await expect(failure).toContainText(look.refused);
    await page.getByTestId('updates-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`updates-refused-${look.language}.png`), fullPage: true });
  });
}
