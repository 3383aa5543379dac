// Keydesk restarted on one new-api site in the middle of the user's reveals: a reveal spends the site's shared
// critical bucket (20 per 20 minutes per address, with sign-ins and key-usage reads). Keydesk lets the user's own
// reveals through and warns as they near the site's 20; the count survives a restart (rate-budget.json), so fourteen
// reveals, a restart and one more click still warn that five are left, as if Keydesk had never stopped.
import { startGateway, type Gateway } from '../gateway/index';
import { invokeBridge } from './support/bridge';
import { expect, test } from './support/fixtures';
import { startKeydesk, type KeydeskProcess } from './support/keydesk-process';
import { setLook } from './support/look';
import { KeysPage } from './pages/keys.page';

let gw: Gateway;
let app: KeydeskProcess | null = null;

test.beforeEach(async () => {
  gw = await startGateway({ profile: 'new-api' });
});
test.afterEach(async () => {
  await app?.stop();
  app = null;
  await gw.close();
});

test('a restart does not hand Keydesk a fresh count of the site’s critical bucket', async ({ page, dataDir }) => {
  test.setTimeout(90_000);
  app = await startKeydesk(dataDir);
  await page.goto(app.url);
  await setLook(page, app.url, { language: 'en-US', theme: 'light' });
  const added = await invokeBridge(page, 'accounts:add', {
    label: 'Alice',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential: { kind: 'access_token', accessToken: 'demo-access-token-alice' },
  });
  expect(added.ok, JSON.stringify(added.error)).toBe(true);
  const alice = (added.value as { account: { id: string } }).account.id;
  for (let i = 0; i < 14; i += 1) {
    const r = await invokeBridge(page, 'keys:reveal', { accountId: alice, id: 1 });
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
  }

  await app.stop();
  app = await startKeydesk(dataDir);
  await page.goto(app.url);
  // Without the OS keyring (as here) a restart forgets the token: the same site, a second account of the user's.
  await invokeBridge(page, 'accounts:add', {
    label: 'Carol',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential: { kind: 'access_token', accessToken: 'demo-access-token-carol' },
  });
  const keys = new KeysPage(page);
  await page.goto(`${app.origin}/#/keys`);
  await keys.search('carol-key');
  await keys.row('carol-key').getByTestId('reveal-key').click();
  await expect(keys.row('carol-key').getByTestId('revealed-key')).toBeVisible();
  // The fifteenth of the window, counted across the restart.
  await expect(page.locator('.n-message')).toContainText('5 of the 20 sign-ins and key reveals');
});
