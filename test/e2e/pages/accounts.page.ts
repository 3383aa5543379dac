// Page objects of the accounts UI: the Accounts section with its add form and dialogs, the sidebar rows, and the
// vault card in Settings. Tests say what the user does; these know where it happens.
import { expect, type Locator, type Page } from '@playwright/test';

export type Kind = 'password' | 'access_token' | 'api_key';

export interface AccountInput {
  readonly kind: Kind;
  readonly label: string;
  readonly baseUrl: string;
  readonly apiUrl?: string;
  readonly username?: string;
  readonly password?: string;
  readonly remember?: boolean;
  readonly accessToken?: string;
  /** The user id beside an access token (legacy servers need it as New-Api-User). */
  readonly userId?: string;
  readonly apiKey?: string;
  readonly warn?: string;
  readonly critical?: string;
}

const input = (field: Locator): Locator => field.locator('input');

export class AccountsPage {
  readonly form: Locator;
  readonly formError: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('account-form');
    this.formError = page.getByTestId('account-form-error');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-accounts').click();
    await expect(this.page.getByTestId('accounts-view')).toBeVisible();
  }

  async openAddForm(): Promise<void> {
    await this.open();
    await this.page.getByTestId('accounts-add').click();
    await expect(this.form).toBeVisible();
  }

  /** Fills the add form (kind first: it decides which credential fields exist). */
  async fill(account: AccountInput): Promise<void> {
    const page = this.page;
    await page.getByTestId(`account-kind-${account.kind}`).click();
    await expect(page.getByTestId('account-kind')).toHaveAttribute('data-value', account.kind);
    await input(page.getByTestId('account-label')).fill(account.label);
    await input(page.getByTestId('account-base-url')).fill(account.baseUrl);
    await input(page.getByTestId('account-api-url')).fill(account.apiUrl ?? '');
    if (account.kind === 'password') {
      await input(page.getByTestId('account-username')).fill(account.username ?? '');
      await input(page.getByTestId('account-password')).fill(account.password ?? '');
      const remember = page.getByTestId('account-remember');
      const isChecked = (await remember.getAttribute('aria-checked')) === 'true';
      if (isChecked !== (account.remember ?? true)) await remember.click();
    } else if (account.kind === 'access_token') {
      await input(page.getByTestId('account-access-token')).fill(account.accessToken ?? '');
      await input(page.getByTestId('account-user-id')).fill(account.userId ?? '');
    } else {
      await input(page.getByTestId('account-api-key')).fill(account.apiKey ?? '');
    }
    if (account.warn !== undefined) await input(page.getByTestId('account-warn')).fill(account.warn);
    if (account.critical !== undefined) await input(page.getByTestId('account-critical')).fill(account.critical);
  }

  async testConnection(): Promise<Locator> {
    await this.page.getByTestId('account-test').click();
    const result = this.page.getByTestId('account-test-result').or(this.page.getByTestId('account-test-error'));
    await expect(result).toBeVisible();
    return result;
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('account-submit').click();
  }

  /** Adds an account through the form and waits until it is listed. */
  async add(account: AccountInput): Promise<void> {
    await this.openAddForm();
    await this.fill(account);
    await this.submit();
    await expect(this.form).toBeHidden();
    await expect(this.item(account.label)).toBeVisible();
  }

  /** The user-id field of the access-token form: it turns to an error when the server asked for the id. */
  userIdField(): Locator {
    return this.page.getByTestId('account-user-id');
  }

  /**
   * Opens an account's own page (balance, self) from the sidebar, as a user does: switching opens the account's keys,
   * and under load that navigation can land after a hash written at once, so the Account link is clicked until the
   * page stays.
   */
  async openAccountPage(label: string): Promise<void> {
    await new Sidebar(this.page).switchTo(label);
    await expect(async () => {
      await this.page.getByTestId('nav-account').click();
      await expect(this.page.getByTestId('account-view')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  item(label: string): Locator {
    return this.page
      .getByTestId('account-item')
      .filter({ has: this.page.getByTestId('account-item-label').getByText(label, { exact: true }) });
  }

  async labels(): Promise<string[]> {
    return this.page.getByTestId('account-item-label').allTextContents();
  }

  /** Edit and sign-in are labelled buttons on the row; everything else is in the row's "⋯" menu. */
  async action(label: string, action: string): Promise<void> {
    if (['edit', 'sign-in', 'make-active'].includes(action)) {
      await this.item(label).getByTestId(`account-${action}`).click();
      return;
    }
    await this.menuEntry(label, action).then((entry) => entry.click());
  }

  /** Opens the row's "⋯" menu and answers one of its entries. */
  async menuEntry(label: string, action: string): Promise<Locator> {
    // A menu just closed fades out: wait for it to leave, so the entry found is the new menu's.
    await expect(this.page.locator('.n-dropdown-menu')).toHaveCount(0);
    await this.item(label).getByTestId('account-more').click();
    const entry = this.page.locator('.n-dropdown-menu').getByTestId(`account-${action}`);
    await expect(entry).toBeVisible();
    return entry;
  }
}

export class Sidebar {
  constructor(readonly page: Page) {}

  rows(): Locator {
    return this.page.getByTestId('account-row');
  }

  row(label: string): Locator {
    return this.rows().filter({ has: this.page.getByTestId('account-row-label').getByText(label, { exact: true }) });
  }

  async labels(): Promise<string[]> {
    return this.page.getByTestId('account-row-label').allTextContents();
  }

  async switchTo(label: string): Promise<void> {
    await this.row(label).click();
    await expect(this.row(label)).toHaveAttribute('data-active', 'true');
  }
}

export class VaultCard {
  readonly card: Locator;
  constructor(readonly page: Page) {
    this.card = page.getByTestId('vault-card');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-settings').click();
    await expect(this.card).toBeVisible();
  }

  backend(): Locator {
    return this.page.getByTestId('vault-backend');
  }
}
