// A new user's walk on new-api v1.0.0-rc.41 and later: an account added with an old-style access token works until the
// site retires such tokens; past that date the account says its token was retired and how to replace it; Edit takes
// a nap_ token without api_key:reveal in its place (everything else works, and reveal names the scope it lacks), with
// the expiry the console shows, which Expiring soon and the alert centre then warn about; Replace token… puts a full
// token in. Walked in en-US light, and the account's words checked in zh-CN dark too.
import type { Page } from '@playwright/test';
import { AccountsPage, Sidebar } from './pages/accounts.page';
import { KeysPage } from './pages/keys.page';
import { ERA_USER, control, requestLog, useEraGateway } from './support/emulator';
import { expect, test } from './support/fixtures';
import { foreignText } from './support/language-check';
import { setLook, type Look } from './support/look';

const DAY = 86_400;
const WITHOUT_REVEAL = ['profile:read', 'api_key:read', 'api_key:write', 'wallet:read', 'usage:read'];
const site = useEraGateway('new-api-rc41');

/** A token the user makes in the site's console (new-api rc.41: nap_ + 43 characters, scopes chosen there). */
async function consoleToken(scopes?: readonly string[]): Promise<string> {
  const made = (await control(site.gw, 'POST', `/users/${String(ERA_USER.id)}/access-tokens`, {
    ...(scopes === undefined ? {} : { scopes }),
  })) as { token: string };
  return made.token;
}

/** The date picker's own format, in the browser's (and this process's) local time. */
function pickerText(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(at.getFullYear())}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:00`;
}

async function addOldToken(page: Page, accounts: AccountsPage, look: Look): Promise<void> {
  await accounts.openAddForm();
  await accounts.fill({
    kind: 'access_token',
    label: 'Team',
    baseUrl: site.gw.base_url,
    apiUrl: site.gw.api_url,
    accessToken: ERA_USER.accessToken,
  });
  // Told apart as typed, without asking the site: an old-style token, which rc.41 sites retire.
  await expect(page.getByTestId('account-access-token')).toHaveAttribute('data-token-style', 'legacy');
  await expect(accounts.form).toContainText(look.language === 'en-US' ? 'An older kind of token' : '旧式令牌');
  await page.screenshot({ path: test.info().outputPath(`token-add-${look.language}-${look.theme}.png`) });
  await accounts.submit();
  await expect(accounts.form).toBeHidden();
  await expect(accounts.item('Team').getByTestId('account-item-state')).toHaveAttribute('data-state', 'ok');
}

/**
 * The site reaches its retirement date; the next use of the account hears it: its keys, opened from the sidebar (a
 * balance poll would too, but Refresh waits out the once-a-minute rule after the add's own read).
 */
async function retireOldTokens(page: Page, accounts: AccountsPage): Promise<void> {
  await control(site.gw, 'POST', '/clock/advance', { seconds: 31 * DAY });
  await new Sidebar(page).switchTo('Team');
  await expect(page.getByTestId('keys-view').locator('[data-error-code="auth.token_retired"]').first()).toBeVisible();
  await accounts.open();
}

test('old token, retired, replaced with a nap_ token without reveal, then a full one (en-US light)', async ({
  page,
  keydesk,
  problems,
}) => {
  test.setTimeout(120_000);
  const accounts = new AccountsPage(page);
  const keys = new KeysPage(page);
  await page.goto(keydesk.url);
  await setLook(page, keydesk.url, { language: 'en-US', theme: 'light' });
  await addOldToken(page, accounts, { language: 'en-US', theme: 'light' });

  await retireOldTokens(page, accounts);
  const item = accounts.item('Team');
  await expect(item.getByTestId('account-item-state')).toHaveText('Needs a new token');
  const refusal = item.getByTestId('account-item-token-refusal');
  await expect(refusal).toContainText('This site has retired access tokens of the old kind');
  await expect(refusal).toContainText('Edit → New access token');
  await expect(refusal.getByTestId('error-server-words')).toHaveText(
    'Legacy access tokens have been retired. Create a new access token in security settings',
  );
  await expect(refusal).not.toContainText('refused these credentials');
  await expect(new Sidebar(page).row('Team')).toContainText('Needs a new token');
  await page.screenshot({ path: test.info().outputPath('token-retired-en-US-light.png') });

  // Edit → a nap_ token without api_key:reveal, with the expiry its console shows (five days from now).
  const noReveal = await consoleToken(WITHOUT_REVEAL);
  await accounts.action('Team', 'edit');
  await page.getByTestId('account-new-access-token').locator('input').fill(noReveal);
  await expect(page.getByTestId('account-new-access-token')).toHaveAttribute('data-token-style', 'scoped');
  await expect(accounts.form).toContainText('Keydesk needs profile:read and api_key:read');
  const expiry = new Date(Date.now() + 5 * DAY * 1000);
  const picker = page.getByTestId('account-token-expiry').locator('input');
  await picker.fill(pickerText(expiry));
  await picker.press('Enter');
  await page.getByTestId('account-label').click();
  await expect(page.locator('.n-date-panel')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('token-edit-en-US-light.png') });
  await accounts.submit();
  await expect(accounts.form).toBeHidden();
  await expect(item.getByTestId('account-item-state')).toHaveAttribute('data-state', 'ok');
  await expect(item.getByTestId('account-item-token-refusal')).toHaveCount(0);

  // The token's end is five days off: Expiring soon lists it with Replace, and the alert centre says it once.
  const expiring = page.getByTestId('expiring-soon').getByTestId('expiring-row').filter({ hasText: 'Access token' });
  await expect(expiring).toContainText('Team');
  await expect(expiring.getByTestId('expiring-replace-token')).toBeVisible();
  await page.getByTestId('alert-bell').click();
  await expect(page.getByTestId('alert-item').filter({ hasText: 'The access token expires' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('token-expiring-alert-en-US-light.png') });
  await page.keyboard.press('Escape');
  // The new token's balance at once, not the refusal that made the user replace the old one.
  await expect(item.getByTestId('account-item-balance')).not.toContainText('Unknown');
  await page.screenshot({ path: test.info().outputPath('token-replaced-en-US-light.png') });

  // Everything but reveal works: the list, a key's status; reveal says which permission it lacks and what for.
  await page.goto(`${keydesk.origin}/#/keys`);
  await keys.openAccount('Team');
  await expect(keys.row('existing')).toBeVisible();
  await keys.setEnabled('existing', false);
  await keys.setEnabled('existing', true);
  await keys.row('existing').getByTestId('reveal-key').click();
  const refused = page.getByTestId('action-error');
  await expect(refused).toContainText('It lacks api_key:reveal');
  await expect(refused).toContainText('showing, copying and exporting whole keys');
  await page.screenshot({ path: test.info().outputPath('token-scope-en-US-light.png') });

  // Replace token… from Expiring soon, with a token that has every permission: reveal works.
  const full = await consoleToken();
  await accounts.open();
  await expiring.getByTestId('expiring-replace-token').click();
  await expect(accounts.form).toBeVisible();
  await page.getByTestId('account-new-access-token').locator('input').fill(full);
  await page.getByTestId('account-token-expiry').locator('.n-base-clear').click({ force: true });
  await accounts.submit();
  await expect(accounts.form).toBeHidden();
  await page.goto(`${keydesk.origin}/#/keys`);
  await keys.openAccount('Team');
  expect(await keys.reveal('existing')).toMatch(/^sk-/);

  // The account is the same one all along: one account, its name, nothing minted on the site.
  await accounts.open();
  expect(await accounts.labels()).toEqual(['Team']);
  const log = await requestLog(site.gw);
  expect(log.filter((e) => /^\/api\/user\/(?:self\/)?token\/?$/.test(e.path))).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test('the retired token and a missing permission, in zh-CN dark', async ({ page, keydesk, problems }) => {
  test.setTimeout(120_000);
  const look: Look = { language: 'zh-CN', theme: 'dark' };
  const accounts = new AccountsPage(page);
  const keys = new KeysPage(page);
  await page.goto(keydesk.url);
  await setLook(page, keydesk.url, look);
  await addOldToken(page, accounts, look);

  await retireOldTokens(page, accounts);
  const item = accounts.item('Team');
  await expect(item.getByTestId('account-item-state')).toHaveText('需要新令牌');
  await expect(item.getByTestId('account-item-token-refusal')).toContainText('此站点已停用旧式访问令牌');
  await expect(item.getByTestId('account-item-token-refusal')).toContainText('编辑 → 新访问令牌');
  expect(await foreignText(page, 'zh-CN', [])).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('token-retired-zh-CN-dark.png') });

  await accounts.action('Team', 'edit');
  await page
    .getByTestId('account-new-access-token')
    .locator('input')
    .fill(await consoleToken(WITHOUT_REVEAL));
  await expect(accounts.form).toContainText('带权限范围的令牌');
  expect(await foreignText(page, 'zh-CN', [])).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('token-edit-zh-CN-dark.png') });
  await accounts.submit();
  await expect(accounts.form).toBeHidden();

  await page.goto(`${keydesk.origin}/#/keys`);
  await keys.openAccount('Team');
  await keys.row('existing').getByTestId('reveal-key').click();
  await expect(page.getByTestId('action-error')).toContainText(
    '它缺少 api_key:reveal，Keydesk 用它来查看、复制和导出完整密钥',
  );
  expect(await foreignText(page, 'zh-CN', [])).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('token-scope-zh-CN-dark.png') });
  expect(problems.consoleErrors).toEqual([]);
});
