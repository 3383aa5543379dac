// The key flows as a new user walks them, once per server era the emulator models (spec, new-api rc.41, current new-api,
// legacy new-api, early new-api, one-api): an account of each kind through the form, the Models page and a model search
// (from the site's own list, with no key revealed, where the era has one), an exact name search, a key with two allowed
// IPs (one-api: saved as ranges) and a 16-character Chinese name, edit, disable/enable, reveal, copy, delete, and the
// balance as the site's console shows it.
import { expect, test } from './support/fixtures';
import { AccountsPage } from './pages/accounts.page';
import { KeysPage } from './pages/keys.page';
import { ERAS, ERA_USER, clearLog, control, fullKey, requestLog, useEraGateway, type Era } from './support/emulator';

/** 16 Chinese characters: 48 UTF-8 bytes, just inside new-api's 50-byte limit. */
const CHINESE_NAME = '生产环境主密钥供夜间批量任务使用';
const IPS = ['10.0.0.1', '192.168.1.20'] as const;

interface EraFacts {
  /** What the site's own console shows for the seeded 10,000,000 units, with Keydesk's yuan beside. */
  readonly balance: string;
  /** Legacy and early servers need the user id beside an access token (New-Api-User). */
  readonly asksUserId: boolean;
  /** one-api keeps the IP limit as ranges (`subnet`): each address typed alone is saved as its /32. */
  readonly storesRanges: boolean;
  /** The site lists a group's models itself (new-api's /api/pricing, one-api's available models): no key is used. */
  readonly hasModelList: boolean;
  /** Early new-api and one-api cap names at 30 bytes (`len(name) > 30`): 10 Chinese characters. */
  readonly nameBytes: 50 | 30;
  /** The yuan the form's hint adds beside a quota of 2 in the site's money; none on a yuan or tokens site. */
  readonly yuanOfTwo: string | null;
}

const FACTS: Record<Era, EraFacts> = {
  // The spec's /api/status is absent: ¥ at 500,000 units.
  spec: {
    balance: '¥20.00',
    asksUserId: false,
    storesRanges: false,
    hasModelList: false,
    nameBytes: 50,
    yuanOfTwo: null,
  },
  // USD at 500,000 per dollar; yuan at the site's top-up price 7.3.
  'new-api': {
    balance: '$20.00 ≈ ¥146.00',
    asksUserId: false,
    storesRanges: false,
    hasModelList: true,
    nameBytes: 50,
    yuanOfTwo: '≈ ¥14.60',
  },
  // CNY: the console shows dollars × usd_exchange_rate (7.2), and nothing is added beside yuan.
  'new-api-legacy': {
    balance: '¥144.00',
    asksUserId: true,
    storesRanges: false,
    hasModelList: true,
    nameBytes: 50,
    yuanOfTwo: null,
  },
  // display_in_currency: dollars; yuan at the site's price 7.1.
  'new-api-early': {
    balance: '$20.00 ≈ ¥142.00',
    asksUserId: true,
    storesRanges: false,
    hasModelList: true,
    nameBytes: 30,
    yuanOfTwo: '≈ ¥14.20',
  },
  // display_in_currency off: the raw count; one-api has no price, so no yuan is guessed.
  'one-api': {
    balance: '10,000,000 tokens',
    asksUserId: false,
    storesRanges: true,
    hasModelList: true,
    nameBytes: 30,
    yuanOfTwo: null,
  },
  // As current new-api; its password goes encrypted (the site's setting is on), its old-style token still works.
  'new-api-rc41': {
    balance: '$20.00 ≈ ¥146.00',
    asksUserId: false,
    storesRanges: false,
    hasModelList: true,
    nameBytes: 50,
    yuanOfTwo: '≈ ¥14.60',
  },
};

/** Requests that reveal a key or call with one: the Models page makes none where the site lists models itself. */
const spendsAKey = (path: string): boolean =>
  /^\/api\/token\/(\d+\/key|batch\/keys)$/.test(path) || path.startsWith('/v1/');

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const era of ERAS) {
  test.describe(`${era} server`, () => {
    const site = useEraGateway(era);
    const facts = FACTS[era];

    test(`a new user's key walk on ${era}`, async ({ page, keydesk, problems }) => {
      const gw = site.gw;
      expect([CHINESE_NAME.length, new TextEncoder().encode(CHINESE_NAME).length]).toEqual([16, 48]);
      const accounts = new AccountsPage(page);
      const keys = new KeysPage(page);
      await page.goto(keydesk.url);
      await expect(page.getByTestId('sidebar')).toBeVisible();

      // Password: the era's own sign-in (token, cookie session or JWT with refresh cookie).
      await accounts.add({
        kind: 'password',
        label: 'Password',
        baseUrl: gw.base_url,
        apiUrl: gw.api_url,
        username: ERA_USER.username,
        password: ERA_USER.password,
      });

      // Access token: where the server needs New-Api-User, the form asks for the user id after the refusal.
      await accounts.openAddForm();
      await accounts.fill({
        kind: 'access_token',
        label: 'Token',
        baseUrl: gw.base_url,
        apiUrl: gw.api_url,
        accessToken: ERA_USER.accessToken,
      });
      await accounts.submit();
      if (facts.asksUserId) {
        await expect(accounts.form).toBeVisible();
        await expect(accounts.form).toContainText('This site needs your user ID');
        await accounts.userIdField().locator('input').fill(String(ERA_USER.id));
        await accounts.submit();
      }
      await expect(accounts.form).toBeHidden();
      await expect(accounts.item('Token')).toBeVisible();

      // Watched key: an API key of the site, read through the billing endpoints.
      await accounts.add({
        kind: 'api_key',
        label: 'Watched',
        baseUrl: gw.base_url,
        apiUrl: gw.api_url,
        apiKey: `sk-${ERA_USER.watchedKey}`,
      });

      // Money as the site's console shows it, yuan beside where the site is not in yuan.
      await accounts.openAccountPage('Password');
      await expect(page.getByTestId('account-balance')).toHaveText(facts.balance);

      // Models & groups: the account's own group's models, and where they came from; then a model search. Where the
      // site lists models itself, no key is revealed or called for either.
      // The sign-ins above are checked at the end, with everything else the walk sent.
      const signInLog = await requestLog(gw);
      await clearLog(gw);
      await page
        .getByTestId('sidebar')
        .getByRole('link', { name: /Models/ })
        .click();
      await expect(page.getByTestId('models-table')).toContainText('gpt-4o-mini');
      await expect(page.getByTestId('models-source')).toContainText(
        facts.hasModelList ? 'Read from the site’s own model list' : 'This site has no model list of its own',
      );
      if (era === 'one-api') {
        await expect(page.getByTestId('groups-none')).toHaveText(
          'This site has no key groups: every key calls as the account’s own group.',
        );
      } else await expect(page.getByTestId('groups-table')).toContainText('default');
      await page.getByTestId('model-key-input').locator('input').fill('gpt-4o-mini');
      await page.getByTestId('model-key-submit').click();
      await expect(page.getByTestId('model-key-results')).toContainText('existing-old');
      if (facts.hasModelList) {
        const spent = (await requestLog(gw)).filter((e) => spendsAKey(e.path)).map((e) => `${e.method} ${e.path}`);
        expect(spent).toEqual([]);
      }

      // A key with a 16-character Chinese name and two allowed IPs, on the password account.
      await page.goto(`${keydesk.origin}/#/keys`);
      await keys.openAccount('Password');
      await expect(keys.row('existing')).toBeVisible();
      // one-api's keys have no group: its toolbar has no Group filter, every other era's has one.
      await expect(page.getByTestId('filter-group')).toHaveCount(era === 'one-api' ? 0 : 1);
      // An exact name search shows that name only, though one-api searches by prefix and early new-api by substring.
      await keys.search('existing');
      await expect(page.getByTestId('key-row')).toHaveCount(1);
      await expect(keys.row('existing')).toBeVisible();
      await keys.search('');
      await expect(keys.row('existing-old')).toBeVisible();
      await page.getByTestId('search-input').blur();
      let name = CHINESE_NAME;
      await page.keyboard.press('n');
      await keys.fillForm({ name, quota: '2', ips: IPS });
      if (facts.storesRanges) {
        // one-api takes ranges only, and has no key groups: the form says so before anything is sent.
        await expect(page.getByTestId('form-ips-item')).toContainText('Saved as ranges: 10.0.0.1/32, 192.168.1.20/32.');
        await expect(page.getByTestId('form-no-groups')).toBeVisible();
        await expect(page.getByTestId('form-group')).toHaveCount(0);
      } else await expect(page.getByTestId('form-group')).toBeVisible();
      // The quota is typed in the site's money; the hint adds the yuan it costs where the site is not in yuan.
      const hint = page.getByTestId('quota-input-hint').first();
      if (facts.yuanOfTwo === null) await expect(hint).not.toContainText('≈');
      else await expect(hint).toContainText(facts.yuanOfTwo);
      await page.getByTestId('form-submit').click();
      if (facts.nameBytes === 30) {
        // The old eras refuse 48 bytes: the form keeps the user's input, shows the server's words and marks the name
        // with how long a name this site takes; the user shortens it.
        await expect(page.getByTestId('key-form').getByTestId('error-alert')).toContainText('令牌名称过长');
        await expect(page.getByTestId('key-form')).toContainText(
          'take at most 30 bytes — 30 letters or digits, or 10 Chinese characters',
        );
        name = CHINESE_NAME.slice(0, 10);
        await page.getByTestId('form-name').fill(name);
        await expect(page.getByTestId('key-form')).not.toContainText('take at most 30 bytes');
        await page.getByTestId('form-submit').click();
      }
      await expect(page.getByTestId('key-form')).toBeHidden();
      await expect(keys.row(name)).toBeVisible();
      // The list shows the limit as the site stores it (one-api: each address as its range).
      const stored = facts.storesRanges ? IPS.map((ip) => `${ip}/32`) : [...IPS];
      await expect(keys.row(name).getByTestId('badge-ips')).toHaveAttribute('title', stored.join('\n'));

      // Edit: the form shows one address (or range) per line, and the diff names the change.
      await keys.row(name).getByTestId('edit-key').click();
      await expect(page.getByTestId('form-name')).toHaveValue(name);
      await expect(page.getByTestId('form-ips')).toHaveValue(stored.join('\n'));
      await page.getByTestId('form-quota').fill('1');
      await expect(page.getByTestId('form-diff')).toBeVisible();
      // Less quota is a reduction: Keydesk asks before saving it.
      await page.getByTestId('form-submit').click();
      await page.getByRole('button', { name: /Yes, save/ }).click();
      await expect(page.getByTestId('key-form')).toBeHidden();

      await keys.setEnabled(name, false);
      await keys.setEnabled(name, true);

      // Reveal: the whole key, as the server stores it.
      const id = Number(await keys.row(name).getAttribute('data-key-id'));
      const full = `sk-${await fullKey(gw, id)}`;
      expect(await keys.reveal(name)).toBe(full);
      await keys.row(name).getByTestId('hide-key').click();

      // Copy: the page's clipboard holds the full key.
      await keys.row(name).getByTestId('copy-key').click();
      await expect(page.locator('.n-message').getByText('Copied')).toBeVisible();
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(full);

      // Calls by model, from the site's usage logs (the spec's server has none: the section says so).
      await control(gw, 'POST', `/keys/${String(id)}/spend`, { units: 30_000, calls: 3, model: 'gpt-4o' });
      await control(gw, 'POST', `/keys/${String(id)}/spend`, { units: 1_000, model: 'gpt-4o-mini' });
      await keys.row(name).getByTestId('key-name').click();
      const calls = page.getByTestId('key-model-usage');
      await calls.getByTestId('model-usage-load').click();
      if (era === 'spec') {
        await expect(calls.getByTestId('error-alert')).toContainText('This server version does not offer usage logs');
      } else {
        const rows = calls.getByTestId('model-usage-row');
        await expect(rows).toHaveCount(2);
        await expect(rows.first()).toContainText('gpt-4o');
        await expect(rows.first()).toContainText('3');
        await expect(rows.nth(1)).toContainText('gpt-4o-mini');
      }
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('key-drawer')).toBeHidden();

      await keys.delete(name);

      // What was sent: the IPs one per line (never joined by a comma), or on one-api its own `subnet` column, comma
      // separated ranges (what its console writes), and never a field one-api does not have.
      const log = [...signInLog, ...(await requestLog(gw))];
      const writes = log.filter((e) => e.path === '/api/token/' && e.method !== 'GET');
      for (const write of writes.filter((w) => w.query.status_only === undefined)) {
        if (facts.storesRanges) {
          expect(write.body?.subnet).toBe(stored.join(','));
          expect(write.body).not.toHaveProperty('allow_ips');
          expect(write.body).not.toHaveProperty('group');
        } else expect(write.body?.allow_ips).toBe(IPS.join('\n'));
      }
      // Never GET /api/user/token: on every era before rc.41 it mints a new access token and kills the old one.
      expect(log.filter((e) => /^\/api\/user\/(?:self\/)?token\/?$/.test(e.path))).toEqual([]);
      // Where the site encrypts passwords, none went in clear.
      const logins = log.filter((e) => e.path === '/api/user/login');
      expect(logins.length).toBeGreaterThan(0);
      if (era === 'new-api-rc41') for (const login of logins) expect(login.body).not.toHaveProperty('password');
      expect(problems.consoleErrors).toEqual([]);
    });
  });
}
