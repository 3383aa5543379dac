// All keys in browser mode against the emulator: one list merged across accounts with an account column, filters by
// account, state and group, search across all accounts; accounts load one by one without blocking (a slow account
// shows as still loading, a failing one as an inline error while the others stay listed); and the exact-only cap
// explained with the server's message when a fuzzy search is refused.
import { startGateway } from '../gateway/index';
import { invokeBridge } from './support/bridge';
import { addFault, clearLog, patchSettings, requestLog, useDemoGateway } from './support/emulator';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';

const ALICE = { label: 'Alice', token: 'demo-access-token-alice' };
const CAROL = { label: 'Carol', token: 'demo-access-token-carol' };

const demo = useDemoGateway();

async function pick(keys: KeysPage, testid: string, option: string): Promise<void> {
  await keys.page.getByTestId(testid).click();
  await keys.page.locator('.n-base-select-option').getByText(option, { exact: true }).click();
}

test('merges every account with an account column, filters by account, state and group, searches across all', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, demo.gw, [ALICE, CAROL]);
  await expect(page.getByTestId('section-title')).toHaveText('All keys');
  await expect(keys.row('bulk-160')).toBeVisible();
  await expect(keys.row('bulk-160')).toContainText('Alice');
  await expect(page.locator('.key-table__th').getByText('Account', { exact: true })).toBeVisible();

  await pick(keys, 'filter-state', 'Disabled');
  await expect(keys.row('disabled-key')).toBeVisible();
  await expect(keys.row('bulk-160')).toHaveCount(0);
  await pick(keys, 'filter-state', 'Enabled');
  await pick(keys, 'filter-group', 'vip');
  await expect(keys.row('vip-key')).toBeVisible();
  await expect(page.getByTestId('key-row')).toHaveCount(1);

  await page.reload(); // filters back to none
  await pick(keys, 'filter-account', 'Carol');
  await expect(page).toHaveURL(/#\/keys\?account=/);
  await expect(keys.row('carol-key')).toBeVisible();
  await expect(page.getByTestId('key-row')).toHaveCount(1);
  await pick(keys, 'filter-account', 'All accounts');
  await expect(keys.row('bulk-160')).toBeVisible();

  // Search runs on every account: Alice's and Carol's matches together, each with its account.
  await keys.search('%-key');
  await expect(keys.row('expired-key')).toContainText('Alice');
  await expect(keys.row('carol-key')).toContainText('Carol');
  await expect(keys.row('bulk-160')).toHaveCount(0);
});

test('a slow account does not block the others, and a failing one shows an inline error beside them', async ({
  page,
  keydesk,
}) => {
  const other = await startGateway();
  try {
    const keys = new KeysPage(page);
    await keys.start(keydesk.url, demo.gw, [ALICE]);
    await keys.addAccount(keydesk.url, 'Carol', other.base_url, other.api_url, CAROL.token);
    await page.reload();
    await expect(page.getByTestId('sidebar').getByTestId('account-row')).toHaveCount(2);
    await expect(page.getByTestId('keys-count')).toHaveText('173 keys shown');

    await addFault(other, { match: '/api/token/*', kind: 'latency', latency_ms: 4000, times: 1 });
    await page.getByTestId('refresh-button').click();
    await expect(keys.row('bulk-160')).toBeVisible();
    await expect(page.getByTestId('loading-accounts')).toContainText('Carol');
    // The count screen readers hear is the whole list's: the last one while Carol's keys are still on the way (read
    // once, not waited for: it must not be 172 now).
    expect(await page.getByTestId('keys-count').textContent()).toBe('173 keys shown');
    await expect(page.getByTestId('loading-accounts')).toContainText('Carol');
    await expect(page.getByTestId('loading-accounts')).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByTestId('keys-count')).toHaveText('173 keys shown');

    await addFault(other, { match: '/api/token/*', kind: 'status', status: 500 });
    await page.keyboard.press('r');
    const failed = page.getByTestId('error-alert').filter({ hasText: 'Keys of “Carol” could not be loaded.' });
    await expect(failed).toBeVisible({ timeout: 15_000 });
    await expect(failed).toContainText('injected fault: HTTP 500');
    await expect(failed.getByTestId('error-retry')).toBeVisible();
    await expect(keys.row('bulk-160')).toBeVisible();
    await expect(page.getByTestId('keys-count')).toHaveText('172 keys shown');
  } finally {
    await other.close();
  }
});

test('above the exact-only cap a fuzzy search is refused: the UI explains it with the server’s message', async ({
  page,
  keydesk,
}) => {
  await patchSettings(demo.gw, { fuzzy_search_key_cap: 100 }); // Alice has 172 keys, Carol 1
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, demo.gw, [ALICE, CAROL]);
  await keys.openAccount('Alice');
  await expect(keys.row('bulk-160')).toBeVisible();

  await keys.search('%bulk-15%');
  const cap = page.getByTestId('search-cap');
  await expect(cap).toContainText('only exact matches work');
  await expect(page.getByTestId('error-alert')).toContainText(
    'fuzzy search is not allowed for accounts with more than 100 keys',
  );
  // The exact name still works.
  await page.getByTestId('search-input').fill('bulk-150');
  await expect(keys.row('bulk-150')).toBeVisible();
  await expect(cap).toHaveCount(0);

  // All keys: Alice refuses, Carol (under the cap) still answers.
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('search-input').fill('%-key');
  await expect(cap).toBeVisible();
  await expect(keys.row('carol-key')).toBeVisible();
  await expect(page.getByTestId('error-alert').filter({ hasText: 'Alice' })).toContainText('more than 100 keys');
});

test('an account added while All keys is open is listed at once, and one whose site refuses says so, not "no keys"', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, demo.gw, [ALICE]);
  await expect(keys.row('bulk-160')).toBeVisible();
  // Rows show page by page: the count is Alice's whole list once her last page is in.
  await expect(page.getByTestId('loading-accounts')).toHaveCount(0);
  const shown = async (): Promise<number> =>
    Number(/^(\d+) keys shown$/.exec((await page.getByTestId('keys-count').textContent()) ?? '')?.[1] ?? NaN);
  const alone = await shown();
  expect(alone).toBeGreaterThan(100);

  // Added from outside the view (as an import or the sidebar's Add account does): no reload, no navigation. Carol's
  // one key joins Alice's, with its account.
  await keys.addAccount(keydesk.url, CAROL.label, demo.gw.base_url, demo.gw.api_url, CAROL.token);
  await expect.poll(shown).toBe(alone + 1);
  await keys.search('carol-key');
  await expect(keys.row('carol-key')).toContainText('Carol');
  await keys.search('');

  // A site that stops answering, added and then gone: its failure is named, never shown as an empty list.
  const gone = await startGateway();
  await keys.addAccount(keydesk.url, 'Gone', gone.base_url, gone.api_url, CAROL.token);
  await gone.close();
  await page.getByTestId('refresh-button').click();
  const failure = page.getByTestId('error-alert').filter({ hasText: 'Gone' });
  await expect(failure).toContainText(`${gone.base_url} refused the connection`);
  await expect(page.getByTestId('keys-empty')).toHaveCount(0);
  await expect.poll(shown).toBe(alone + 1);

  // Removing accounts while All keys is open takes their rows and their error with them, and asks no site again.
  const listing = await invokeBridge(page, 'accounts:list', undefined);
  const idOf = (label: string) =>
    (listing.value as { accounts: { id: string; label: string }[] }).accounts.find((a) => a.label === label)?.id;
  await clearLog(demo.gw);
  for (const label of ['Gone', CAROL.label]) {
    expect((await invokeBridge(page, 'accounts:remove', { id: idOf(label) })).ok).toBe(true);
  }
  await expect.poll(shown).toBe(alone);
  await expect(failure).toHaveCount(0);
  expect((await requestLog(demo.gw)).filter((e) => e.path.startsWith('/api/token'))).toEqual([]);
  await keys.search('carol-key');
  await expect(page.getByTestId('keys-empty')).toBeVisible();
});
