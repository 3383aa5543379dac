// Sync between two computers through Settings, in two browser-mode Keydesks on separate data folders and a real
// WebDAV server (Apache mod_dav): set up on one (en-US, light), join from the other (zh-CN, dark), edit the same
// account on both, see the conflict on both, pick the other copy on one, and both end with it; an allowance set on
// one shows on the other as run by the first until "Run here" moves it, and a hand-off made on one is named by the
// other's rotation. Screenshots of the card, the conflict and the runner in both looks; every sentence in the page's
// language.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway/index';
import { hasApache, startWebdavServer, type WebdavServer } from '../support/webdav-server';
import { expect, test, watchProblems } from './support/fixtures';
import { startKeydesk, type KeydeskProcess } from './support/keydesk-process';
import { foreignText } from './support/language-check';
import { setLook, type Look } from './support/look';
import { KeysPage } from './pages/keys.page';

const PASSPHRASE = 'fake e2e sync passphrase';
const MANUAL = { KEYDESK_SYNC_TEST_MANUAL: '1' };

let gw: Gateway;
let dav: WebdavServer;
test.beforeAll(async () => {
  if (!hasApache()) throw new Error('apache2 (with mod_dav) is needed: apt-get install apache2');
  gw = await startGateway();
  dav = await startWebdavServer();
});
test.afterAll(async () => {
  await dav.close();
  await gw.close();
});

interface Machine {
  readonly page: Page;
  readonly keydesk: KeydeskProcess;
  readonly look: Look;
}

async function openMachine(browser: Browser, dataDir: string, look: Look): Promise<Machine> {
  const keydesk = await startKeydesk(dataDir, { env: MANUAL });
  // A context of its own: both Keydesks serve on 127.0.0.1, and cookies do not tell ports apart.
  const page = await (await browser.newContext()).newPage();
  await watchProblems(page);
  await page.goto(keydesk.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await setLook(page, keydesk.url, look);
  return { page, keydesk, look };
}

async function setUpThroughTheDialog(
  m: Machine,
  mode: 'create' | 'join',
  url: string,
  device: string,
  shot: (name: string) => Promise<unknown>,
) {
  const { page } = m;
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('sync-card').scrollIntoViewIfNeeded();
  await shot(`off-${mode}`);
  await page.getByTestId(mode === 'create' ? 'sync-open-create' : 'sync-open-join').click();
  const dialog = page.getByTestId('sync-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('sync-url').locator('input').fill('http://dav.example.com/keydesk/');
  // Plain http to another machine is refused as it is typed.
  await expect(dialog.getByTestId('sync-dialog-submit')).toBeDisabled();
  await dialog.getByTestId('sync-url').locator('input').fill(url);
  await dialog.getByTestId('sync-username').locator('input').fill(dav.username);
  await dialog.getByTestId('sync-app-password').locator('input').fill(dav.password);
  await dialog.getByTestId('sync-passphrase').locator('input').fill(PASSPHRASE);
  if (mode === 'create') await dialog.getByTestId('sync-repeat').locator('input').fill(PASSPHRASE);
  await dialog.getByTestId('sync-device-name').locator('input').fill(device);
  // Each machine keeps its own language and theme here.
  await dialog.getByTestId('sync-group-appearance').click();
  await shot(`dialog-${mode}`);
  await dialog.getByTestId('sync-dialog-submit').click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('sync-status')).toBeVisible();
}

async function syncNow(m: Machine): Promise<void> {
  // The run is over when the last sync's time moves on (the button answers only once the run is done).
  const status = m.page.getByTestId('sync-status');
  const before = (await status.getAttribute('data-last-sync')) ?? '';
  await m.page.getByTestId('sync-now').click();
  await expect(status).not.toHaveAttribute('data-last-sync', before);
  await expect(status).toHaveAttribute('data-syncing', 'false');
  await expect(m.page.getByTestId('sync-last-error')).toHaveCount(0);
}

async function invoke(m: Machine, channel: string, args: unknown): Promise<void> {
  const origin = new URL(m.keydesk.url).origin;
  const res = await m.page.request.post(`${origin}/bridge/invoke/${channel}`, {
    headers: { 'content-type': 'application/json', origin },
    data: { args },
  });
  expect(res.status(), `${channel}: ${await res.text()}`).toBe(200);
}

const rename = (m: Machine, id: string, label: string) => invoke(m, 'accounts:update', { id, patch: { label } });

/** The key's details, through its name in All keys. */
async function openDrawer(m: Machine): Promise<void> {
  await m.page.getByTestId('nav-keys').click();
  // The seed's first key is far down a long list: found by its name.
  await new KeysPage(m.page).search('primary');
  await m.page.getByTestId('key-name').getByText('primary', { exact: true }).click();
  await expect(m.page.getByTestId('key-allowance')).toBeVisible();
}

const RUNS_ON = { 'en-US': 'Runs on Desktop', 'zh-CN': '由「Laptop」执行' } as const;
const ELSEWHERE = { 'en-US': '.env on Laptop', 'zh-CN': '「Laptop」上的 .env' } as const;

test('sets sync up on one computer, joins from another, and resolves a conflict in both languages', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const dirs = [await mkdtemp(join(tmpdir(), 'keydesk-sync-a-')), await mkdtemp(join(tmpdir(), 'keydesk-sync-b-'))];
  const a = await openMachine(browser, dirs[0] ?? '', { language: 'en-US', theme: 'light' });
  const b = await openMachine(browser, dirs[1] ?? '', { language: 'zh-CN', theme: 'dark' });
  try {
    const shot = (name: string, m: Machine) =>
      m.page.screenshot({ path: testInfo.outputPath(`sync-${name}-${m.look.language}-${m.look.theme}.png`) });
    await new KeysPage(a.page).addAccount(a.keydesk.url, 'Shared', gw.base_url, gw.api_url, 'demo-access-token-alice');
    const folder = `${dav.url}e2e-folder/`;

    await setUpThroughTheDialog(a, 'create', folder, 'Laptop', (name) => shot(name, a));
    await shot('card', a);
    await setUpThroughTheDialog(b, 'join', folder, 'Desktop', (name) => shot(name, b));
    await expect(b.page.getByTestId('sidebar').getByTestId('account-row')).toHaveCount(1);
    await expect(b.page.getByTestId('sync-devices').getByTestId('sync-device')).toHaveCount(2);
    await shot('card', b);

    // The same account renamed on both before either syncs: B's rename is the later one.
    const listed = await a.page.request.post(`${new URL(a.keydesk.url).origin}/bridge/invoke/accounts:list`, {
      headers: { 'content-type': 'application/json', origin: new URL(a.keydesk.url).origin },
      data: { args: null },
    });
    const id = ((await listed.json()) as { value: { accounts: { id: string }[] } }).value.accounts[0]?.id ?? '';
    await rename(a, id, 'Alice (laptop)');
    await rename(b, id, 'Alice (desktop)');
    await syncNow(a);
    await syncNow(b);
    await syncNow(a);

    // Both show the conflict: the desktop's name in use, the laptop's kept beside it.
    for (const m of [a, b]) {
      const conflict = m.page.getByTestId('sync-conflict');
      await expect(conflict).toHaveCount(1);
      await expect(conflict.getByTestId('sync-copy').nth(0).locator('[data-field="label"]')).toHaveText(
        'Alice (desktop)',
      );
      await expect(conflict.getByTestId('sync-copy').nth(1).locator('[data-field="label"]')).toHaveText(
        'Alice (laptop)',
      );
      await expect(m.page.getByTestId('sidebar').getByText('Alice (desktop)')).toBeVisible();
      expect(await foreignText(m.page, m.look.language)).toEqual([]);
      await shot('conflict', m);
    }
    await expect(b.page.getByTestId('sync-conflict').getByText('来自 Laptop', { exact: false })).toBeVisible();

    // On the desktop, the laptop's name is picked: it becomes the name everywhere and the conflict goes.
    await b.page.getByTestId('sync-conflict').getByTestId('sync-copy').nth(1).getByTestId('sync-keep').click();
    await expect(b.page.getByTestId('sync-conflict')).toHaveCount(0);
    await syncNow(a);
    await expect(a.page.getByTestId('sync-conflict')).toHaveCount(0);
    for (const m of [a, b]) {
      await expect(m.page.getByTestId('sidebar').getByText('Alice (laptop)')).toBeVisible();
    }

    // An allowance and a hand-off made on the laptop: the desktop shows the allowance run by the laptop, and moves it.
    await invoke(a, 'allowance:set', {
      accountId: id,
      keyId: 1,
      period: 'day',
      mode: 'refill',
      amountUnits: 1_000_000,
      timeZone: 'Asia/Shanghai',
    });
    await invoke(a, 'handoff:send', { accountId: id, id: 1, target: 'env', document: 0, via: 'file' });
    await syncNow(a);
    await b.page.getByTestId('nav-settings').click();
    await syncNow(b);
    await openDrawer(b);
    await expect(b.page.getByTestId('allowance-runner')).toContainText(RUNS_ON['zh-CN']);
    expect(await foreignText(b.page, b.look.language)).toEqual([]);
    await shot('allowance-runner', b);
    await b.page.getByTestId('allowance-run-here').click();
    await expect(b.page.getByTestId('allowance-runner')).toHaveCount(0);
    await b.page.keyboard.press('Escape');
    await b.page.getByTestId('nav-settings').click();
    await syncNow(b);
    await a.page.getByTestId('nav-settings').click();
    await syncNow(a);
    await openDrawer(a);
    await expect(a.page.getByTestId('allowance-runner')).toContainText(RUNS_ON['en-US']);
    expect(await foreignText(a.page, a.look.language)).toEqual([]);
    await shot('allowance-runner', a);

    // The desktop's rotation names the laptop's hand-off: it does not reach it.
    await b.page.getByTestId('nav-keys').click();
    await new KeysPage(b.page).search('primary');
    await new KeysPage(b.page).menu('primary', '轮换…');
    const place = b.page.getByTestId('rotate-dialog').getByTestId('rotation-elsewhere-place');
    await expect(place).toHaveText(ELSEWHERE['zh-CN']);
    expect(await foreignText(b.page, b.look.language)).toEqual([]);
    await shot('rotation-elsewhere', b);
  } finally {
    await a.keydesk.stop();
    await b.keydesk.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
});
