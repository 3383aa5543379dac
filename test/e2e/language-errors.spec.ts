// Every error state the e2e suite can reach, in zh-CN and in en-US, checked over the rendered text: no English
// sentence in zh-CN and no Chinese in en-US, outside the server's quoted words, key names, URLs and model ids.
import type { Page } from '@playwright/test';
import { AccountsPage } from './pages/accounts.page';
import { KeysPage } from './pages/keys.page';
import { invokeBridge } from './support/bridge';
import { startGateway } from '../gateway/index';
import { ERA_USER, eraSeed, patchSettings, useDemoGateway } from './support/emulator';
import { expect, test } from './support/fixtures';
import { foreignText, type ForeignText } from './support/language-check';

const demo = useDemoGateway();

/** The demo seed's own data (group names and descriptions): the gateway's words, shown as they are. */
const GATEWAY_DATA = ['企业', '默认分组', 'VIP 分组', '企业专线'];

/** One pass: what each state left on screen that is not in the chosen language, by state. */
type Findings = Record<string, readonly ForeignText[]>;

async function look(page: Page, language: 'zh-CN' | 'en-US', findings: Findings, state: string): Promise<void> {
  // Each state is awaited by its caller; what may still move is a fade (an alert coming in). Read the screen once
  // every finite transition and animation on it has finished: the event itself, not a guess at its length. (Asked
  // through evaluate: the page's CSP refuses a polled predicate's eval. The DOM is typed here by hand.)
  await expect
    .poll(() =>
      page.evaluate(() => {
        type Running = { playState: string; effect: { getTiming(): { iterations?: number } } | null };
        const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
        return doc
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
      }),
    )
    .toBe(true);
  const found = await foreignText(page, language, GATEWAY_DATA);
  if (found.length > 0) findings[state] = found;
}

for (const language of ['zh-CN', 'en-US'] as const) {
  test(`every reachable error state is worded in ${language} only`, async ({ page, keydesk }) => {
    test.setTimeout(180_000);
    const gw = demo.gw;
    const findings: Findings = {};
    await page.goto(keydesk.url);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    expect((await invokeBridge(page, 'settings:update', { language })).ok).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    // The vault's own status (why this backend) on the Settings page.
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('vault-card')).toBeVisible();
    await look(page, language, findings, 'settings / vault status');

    const accounts = new AccountsPage(page);
    const form = accounts.form;
    const alert = accounts.formError;
    // Validation before sending: an empty form marks its fields.
    await accounts.openAddForm();
    await accounts.submit();
    await expect(page.locator('.n-form-item-feedback--error').first()).toBeVisible();
    await look(page, language, findings, 'validation: empty form');

    const alice = {
      kind: 'password',
      label: 'Alice',
      baseUrl: gw.base_url,
      username: 'alice',
      password: 'not-her-password',
    } as const;
    // Validation in main: an address that is not a web address.
    await accounts.fill({ ...alice, baseUrl: 'ftp://gateway.example.com' });
    await accounts.submit();
    await expect(alert.or(form.locator('.n-form-item-feedback--error')).first()).toBeVisible();
    await look(page, language, findings, 'validation: address');

    // Refused password.
    await accounts.fill(alice);
    await accounts.submit();
    await expect(alert).toHaveAttribute('data-error-code', 'auth.unauthorized');
    await look(page, language, findings, 'refused password');

    // Wrong base address: the API address where the management address belongs.
    await accounts.fill({ ...alice, baseUrl: gw.api_url, password: 'demo-password-1' });
    await accounts.submit();
    await expect(alert).toHaveAttribute('data-error-code', 'wrong_base_address');
    await look(page, language, findings, 'wrong base address');

    // Network failure: port 9 is one fetch refuses to connect to; the reason is worded, not a type name.
    await accounts.fill({ ...alice, baseUrl: 'http://127.0.0.1:9', password: 'demo-password-1' });
    await accounts.submit();
    await expect(alert).toHaveAttribute('data-error-code', 'network');
    await expect(alert).toContainText(language === 'en-US' ? 'Port 9 is on the list of ports' : '端口 9 属于');
    await expect(alert).not.toContainText('TypeError');
    await look(page, language, findings, 'network failure');

    // Session cap: a new-api site that holds its most sessions for this user (the spec profile has no cap).
    const capped = await startGateway({ seed: eraSeed('new-api'), profile: 'new-api' });
    try {
      await patchSettings(capped, { max_active_sessions: 0 });
      await accounts.fill({
        ...alice,
        baseUrl: capped.base_url,
        username: ERA_USER.username,
        password: ERA_USER.password,
      });
      await accounts.submit();
      await expect(alert).toHaveAttribute('data-error-code', 'auth.session_limit');
      await look(page, language, findings, 'session cap');
    } finally {
      await capped.close();
    }
    await page.getByTestId('account-cancel').click();
    await expect(form).toBeHidden();

    // Missing scope: a read-only token creating a key.
    const keys = new KeysPage(page);
    await keys.addAccount(keydesk.url, 'Bob', gw.base_url, gw.api_url, 'demo-access-token-bob-readonly');
    await keys.addAccount(keydesk.url, 'Alice', gw.base_url, gw.api_url, 'demo-access-token-alice');
    await page.reload();
    await page.getByTestId('nav-keys').click();
    await keys.openAccount('Bob');
    await page.keyboard.press('n');
    await page.getByTestId('form-name').fill('nope');
    await page.getByTestId('form-quota').fill('1');
    await page.getByTestId('form-submit').click();
    await expect(page.getByTestId('key-form').getByTestId('error-alert')).toHaveAttribute(
      'data-error-code',
      'auth.scope_denied',
    );
    await look(page, language, findings, 'missing scope');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('key-form')).toBeHidden();

    // Search refusals: ours before sending, then the gateway's above its fuzzy-search cap.
    await keys.openAccount('Alice');
    await expect(keys.row('bulk-160')).toBeVisible();
    await keys.search('%a%%');
    await expect(page.getByTestId('search-problem')).toBeVisible();
    await look(page, language, findings, 'search refusal (ours)');
    await patchSettings(gw, { fuzzy_search_key_cap: 100 });
    await page.getByTestId('search-input').fill('%bulk-15%');
    await expect(page.getByTestId('search-cap')).toBeVisible();
    await look(page, language, findings, 'search refusal (gateway)');
    await page.getByTestId('search-input').fill('');

    // Locked vault: a passphrase, then locked; the keys of an account and the vault card.
    expect((await invokeBridge(page, 'vault:setPassphrase', { passphrase: 'a long test passphrase' })).ok).toBe(true);
    expect((await invokeBridge(page, 'vault:lock', null)).ok).toBe(true);
    await page.reload();
    await page.getByTestId('nav-keys').click();
    await expect(page.locator('[data-error-code="vault.locked"]').first()).toBeVisible();
    await look(page, language, findings, 'locked vault: keys');
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('vault-card')).toBeVisible();
    await look(page, language, findings, 'locked vault: settings');

    expect(findings).toEqual({});
  });
}
