// Page object of the Keys section: the table, its rows and actions, the form, the drawer, and bridge set-up.
import { expect, type Locator, type Page } from '@playwright/test';

export class KeysPage {
  constructor(readonly page: Page) {}

  /**
   * Adds an access-token account through the app's own bridge (the Accounts UI is tested elsewhere). The page must
   * have opened Keydesk first: page.request shares the context's cookies, so it carries the page's session.
   */
  async addAccount(url: string, label: string, baseUrl: string, apiUrl: string, accessToken: string): Promise<void> {
    const origin = new URL(url).origin;
    const res = await this.page.request.post(`${origin}/bridge/invoke/accounts:add`, {
      headers: { 'content-type': 'application/json', origin },
      data: { args: { label, baseUrl, apiUrl, credential: { kind: 'access_token', accessToken } } },
    });
    const body = (await res.json()) as { ok: boolean; error?: unknown };
    expect(body.ok, JSON.stringify(body.error)).toBe(true);
  }

  /** Adds the accounts (access tokens on one emulator) through the bridge, then opens All keys. */
  async start(
    url: string,
    gw: { readonly base_url: string; readonly api_url: string },
    accounts: readonly { readonly label: string; readonly token: string }[],
  ): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByTestId('sidebar')).toBeVisible();
    for (const a of accounts) await this.addAccount(url, a.label, gw.base_url, gw.api_url, a.token);
    await this.page.reload();
    await this.page.goto(`${new URL(url).origin}/#/keys`);
    await expect(this.page.getByTestId('sidebar').getByTestId('account-row')).toHaveCount(accounts.length);
  }

  /** Ticks a row's selection checkbox. */
  async select(name: string): Promise<void> {
    await this.row(name).getByTestId('select-key').click();
  }

  /** Ticks "select all" of the current page. */
  async selectPage(): Promise<void> {
    await this.page.getByTestId('select-all').click();
  }

  row(name: string): Locator {
    return this.page
      .getByTestId('key-row')
      .filter({ has: this.page.getByTestId('key-name').getByText(name, { exact: true }) });
  }

  async openAccount(label: string): Promise<void> {
    await this.page.getByTestId('filter-account').click();
    await this.page.locator('.n-base-select-option').getByText(label, { exact: true }).click();
  }

  async menu(name: string, action: string): Promise<void> {
    await this.row(name).getByTestId('key-menu').click();
    await this.page.locator('.n-dropdown-option').getByText(action, { exact: true }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.keyboard.press('/');
    await this.page.getByTestId('search-input').fill(text);
    // The gateway's answers, not the rows shown from what was loaded while they are on their way: the table says
    // when it is still updating (aria-busy), and a click then would land on a row about to be replaced.
    const queryText = (): string | null =>
      new URLSearchParams(new URL(this.page.url()).hash.split('?')[1] ?? '').get('q');
    await expect.poll(queryText).toBe(text === '' ? null : text);
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
  }

  /** Fills the open key form: name, quota in the site's money, and the allowed IPs one per line. */
  async fillForm(key: {
    readonly name: string;
    readonly quota?: string;
    readonly ips?: readonly string[];
  }): Promise<void> {
    await this.page.getByTestId('form-name').fill(key.name);
    if (key.quota !== undefined) await this.page.getByTestId('form-quota').fill(key.quota);
    if (key.ips !== undefined) await this.page.getByTestId('form-ips').fill(key.ips.join('\n'));
  }

  /** Opens the new-key form with its shortcut, fills it and saves; waits for the row. */
  async create(key: {
    readonly name: string;
    readonly quota?: string;
    readonly ips?: readonly string[];
  }): Promise<void> {
    await this.page.keyboard.press('n');
    await expect(this.page.getByTestId('key-form')).toBeVisible();
    await this.fillForm(key);
    await this.page.getByTestId('form-submit').click();
    await expect(this.page.getByTestId('key-form')).toBeHidden();
    await expect(this.row(key.name)).toBeVisible();
  }

  async state(name: string): Promise<string | null> {
    return this.row(name).getByTestId('key-state').getAttribute('data-state');
  }

  /** Disables or enables a key from its row menu and waits for the new state. */
  async setEnabled(name: string, enabled: boolean): Promise<void> {
    await this.menu(name, enabled ? 'Enable' : 'Disable');
    await expect(this.row(name).getByTestId('key-state')).toHaveAttribute(
      'data-state',
      enabled ? 'enabled' : 'disabled',
    );
  }

  /** Reveals a key in its row; answers the full key as shown. */
  async reveal(name: string): Promise<string> {
    await this.row(name).getByTestId('reveal-key').click();
    const shown = this.row(name).getByTestId('revealed-key');
    await expect(shown).toHaveText(/^sk-[0-9a-zA-Z]{16,}$/);
    return (await shown.textContent()) ?? '';
  }

  /** Deletes a key through its row menu and the confirmation, and waits until the row is gone. */
  async delete(name: string): Promise<void> {
    await this.menu(name, 'Delete');
    await this.page.locator('.n-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(this.row(name)).toHaveCount(0);
  }
}
