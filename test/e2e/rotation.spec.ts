// Rotating a key end to end, in browser mode against the emulator's new-api profile, in both languages: the key was
// handed to Cherry Studio (a deep link, recorded by KEYDESK_TEST_LINK_LOG) and to a .env file; Rotate… shows those
// places, creates the twin, sends the link again and rewrites the file with the twin; the old key, used meanwhile,
// stays enabled; once it has been idle for the hour chosen (written into rotations.json while Keydesk is stopped, as a
// restart finds it) it is disabled; three days later the alert centre offers its deletion, done after a confirmation.
// KEYDESK_KEY_CARE_TEST_MS makes Keydesk read the old key every second. Screenshots with KEYDESK_KEY_CARE_SHOTS=dir.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { invokeBridge as invoke } from './support/bridge';
import { control, requestLog } from './support/emulator';
import { startKeydesk } from './support/keydesk-process';
import { KEY_CARE_PASSPHRASE, keyCareRun, started, startWithWork } from './support/key-care';
import { KeysPage } from './pages/keys.page';

const SHOTS = process.env.KEYDESK_KEY_CARE_SHOTS;
const HOUR = 3_600_000;

const run = keyCareRun('rotation');

const WORDS = {
  'en-US': { rotate: 'Rotate…', watching: 'Watching the old key', deleteOld: 'Delete old key…', delete: 'Delete' },
  'zh-CN': { rotate: '轮换…', watching: '正在观察旧密钥', deleteOld: '删除旧密钥…', delete: '删除' },
} as const;

interface StoredRotation {
  state: string;
  watchFrom: number | null;
  oldKeyLastUseSeenAt: number | null;
  oldKeyReadAt: number | null;
  deleteOfferAt: number | null;
}

/** Changes rotations.json while Keydesk is stopped (time a test cannot wait for, as a restart would find it). */
async function rewriteRotations(change: (r: StoredRotation) => void): Promise<void> {
  const file = join(run.dataDir, 'rotations.json');
  const doc = JSON.parse(await readFile(file, 'utf8')) as { rotations: Record<string, StoredRotation> };
  for (const r of Object.values(doc.rotations)) change(r);
  await writeFile(file, JSON.stringify(doc));
}

const env = () => ({ KEYDESK_KEY_CARE_TEST_MS: '1000', KEYDESK_TEST_LINK_LOG: join(run.dataDir, 'links.log') });
const links = async (): Promise<string[]> =>
  (await readFile(join(run.dataDir, 'links.log'), 'utf8').catch(() => '')).split('\n').filter((l) => l !== '');
const cherryKey = (link: string): string =>
  (
    JSON.parse(Buffer.from(new URL(link).searchParams.get('data') ?? '', 'base64').toString('utf8')) as {
      apiKey: string;
    }
  ).apiKey;
const siteKey = async (id: number): Promise<{ key: string; status: number }> =>
  (await control(run.gw, 'GET', `/keys/${String(id)}`)) as { key: string; status: number };

async function restart(page: Page): Promise<void> {
  run.app = await startKeydesk(run.dataDir, { env: env() });
  await page.goto(run.app.url);
  // The page swaps its launch code for a session as it loads: the shell drawn means that is done.
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect((await invoke(page, 'vault:unlock', { passphrase: KEY_CARE_PASSPHRASE })).ok).toBe(true);
  await page.reload();
}

for (const look of [
  { language: 'en-US', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const) {
  test(`a rotation hands the twin on, keeps the old key while it is used, disables it when idle, deletes it when confirmed (${look.language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const words = WORDS[look.language];
    const { accountId } = await startWithWork(page, run, look, env());
    // Handed to two places before: Cherry Studio by its link, and a .env file.
    expect(
      (await invoke(page, 'handoff:send', { accountId, id: 1, target: 'cherry-studio', document: 0, via: 'open' })).ok,
    ).toBe(true);
    const saved = await invoke(page, 'handoff:send', { accountId, id: 1, target: 'env', document: 0, via: 'file' });
    const envFile = (saved.value as { path: string }).path;
    const oldKey = `sk-${(await siteKey(1)).key}`;
    expect(await readFile(envFile, 'utf8')).toContain(oldKey);

    await page.goto(`${started(run).origin}/#/keys`);
    const keys = new KeysPage(page);
    await keys.menu('main', words.rotate);
    const dialog = page.getByTestId('rotate-dialog');
    await expect(dialog.getByTestId('rotation-place')).toHaveCount(2);
    await expect(dialog.getByTestId('rotation-place').first()).toContainText('.env');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `rotate-plan-${look.language}-${look.theme}.png`) });
    await dialog.getByTestId('rotation-start').click();
    await expect(dialog.getByTestId('rotation-state')).toHaveAttribute('data-state', 'watching', { timeout: 15_000 });
    await expect(dialog.getByTestId('rotation-state')).toHaveText(words.watching);
    await expect(dialog.locator('[data-testid="rotation-step"][data-kind="handoff"][data-state="done"]')).toHaveCount(
      2,
    );
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `rotate-steps-${look.language}-${look.theme}.png`) });

    // The twin, with the old key's settings, went where the old key had gone.
    const listed = await invoke(page, 'rotation:list', { accountId });
    const twinId = (listed.value as { newKeyId: number }[])[0]?.newKeyId ?? 0;
    const twinKey = `sk-${(await siteKey(twinId)).key}`;
    expect(twinId).toBeGreaterThan(1);
    await expect.poll(async () => (await links()).length).toBe(2);
    expect(cherryKey((await links())[1] ?? '')).toBe(twinKey);
    const env2 = await readFile(envFile, 'utf8');
    expect(env2).toContain(twinKey);
    expect(env2).not.toContain(oldKey);

    // The old key is used: Keydesk sees it (reads every second here) and keeps it enabled.
    await control(run.gw, 'POST', '/keys/1/spend', { units: 1_000 });
    await expect(dialog.getByTestId('rotation-watch')).not.toHaveText(/^\s*$/);
    await expect
      .poll(
        async () =>
          ((await invoke(page, 'rotation:list', { accountId })).value as StoredRotation[])[0]?.oldKeyLastUseSeenAt,
      )
      .not.toBeNull();
    expect((await siteKey(1)).status).toBe(1);

    // Two quiet hours later (written while Keydesk is stopped): the first read disables it, one status-only write.
    await started(run).stop();
    const past = Date.now() - 2 * HOUR;
    await rewriteRotations((r) => {
      r.watchFrom = past;
      r.oldKeyLastUseSeenAt = past;
      r.oldKeyReadAt = past;
    });
    await control(run.gw, 'DELETE', '/log');
    await restart(page);
    await expect.poll(async () => (await siteKey(1)).status, { timeout: 15_000 }).toBe(2);
    const writes = (await requestLog(run.gw)).filter((e) => e.method !== 'GET' && e.path.startsWith('/api/token'));
    expect(writes.map((e) => `${e.method} ${e.path} ${JSON.stringify(e.body)}`)).toEqual([
      'PUT /api/token/ {"id":1,"status":2}',
    ]);

    // Three days on: the alert centre offers the deletion, which happens only once confirmed.
    await started(run).stop();
    await rewriteRotations((r) => {
      r.deleteOfferAt = Date.now() - 60_000;
    });
    await restart(page);
    await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-count', '1', { timeout: 15_000 });
    await page.getByTestId('alert-bell').click();
    const item = page.getByTestId('alert-item').filter({ hasText: 'main' });
    await expect(item).toHaveAttribute('data-kind', 'rotation');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `rotate-alert-${look.language}-${look.theme}.png`) });
    await item.getByTestId('alert-delete-old-key').click();
    await expect(page.locator('.n-dialog')).toBeVisible();
    expect((await requestLog(run.gw)).filter((e) => e.method === 'DELETE')).toEqual([]);
    await page.locator('.n-dialog').getByRole('button', { name: words.delete, exact: true }).click();
    await expect
      .poll(async () => (await requestLog(run.gw)).filter((e) => e.method === 'DELETE').map((e) => e.path))
      .toEqual(['/api/token/1']);
    await expect(item).toHaveAttribute('data-acknowledged', 'true');
  });
}
