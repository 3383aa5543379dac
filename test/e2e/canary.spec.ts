// Canary sweep: a run with unique fake secrets (a new user's random password, a random system access token and a
// random watched key, plus a wrong password tried once) through the UI, a restart, and then a search of the data
// dir, the app's stdout/stderr and the browser's storage for any of them in plain, base64, hex or URL-encoded form.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startGateway, type Gateway } from '../gateway';
import { AccountsPage, Sidebar } from './pages/accounts.page';
import { expect, test } from './support/fixtures';
import { keyringHome, keyringUnavailable, startKeydesk, type KeydeskProcess } from './support/keydesk-process';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomAlnum = (length: number): string =>
  Array.from(randomBytes(length), (byte) => ALNUM[byte % ALNUM.length]).join('');

// Characters that change under URL and JSON encoding, so each encoded form differs from the plain one.
const CANARIES = {
  password: `cnry pw+${randomAlnum(20)}/ä@`,
  wrongPassword: `cnry wrong+${randomAlnum(20)}&=`,
  accessToken: `cnrytok-${randomAlnum(32)}`,
  apiKey: randomAlnum(48),
} as const;

/** Every form a secret might take on its way to disk, a log or storage. */
function encodingsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    JSON.stringify(secret).slice(1, -1),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
  ]);
  // base64 and base64url at each of the three alignments the secret can have inside a longer blob: only the
  // characters that come from the secret's bytes alone.
  for (let offset = 0; offset < 3; offset += 1) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    for (const encoding of ['base64', 'base64url'] as const) {
      const text = padded.toString(encoding).replace(/=+$/, '');
      const start = offset === 0 ? 0 : 4;
      const whole = Math.floor(padded.length / 3) * 4;
      const middle = text.slice(start, whole - 4 > start ? whole - 4 : whole);
      if (middle.length >= 12) forms.add(middle);
    }
  }
  return [...forms].filter((form) => form.length >= 8);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

interface Finding {
  readonly where: string;
  readonly secret: string;
  readonly form: string;
}

function sweep(where: string, text: string): Finding[] {
  const findings: Finding[] = [];
  for (const [secret, value] of Object.entries(CANARIES)) {
    for (const form of encodingsOf(value)) if (text.includes(form)) findings.push({ where, secret, form });
  }
  return findings;
}

async function browserStorage(page: Page, context: BrowserContext): Promise<string> {
  const inPage = await page.evaluate(
    `(async () => {
      const dump = (s) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i))]));
      const idb = {};
      for (const info of await indexedDB.databases()) {
        const db = await new Promise((resolve, reject) => {
          const open = indexedDB.open(info.name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const store of db.objectStoreNames) {
          idb[info.name + '/' + store] = await new Promise((resolve) => {
            const all = db.transaction(store).objectStore(store).getAll();
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => resolve(String(all.error));
          });
        }
        db.close();
      }
      return JSON.stringify({ local: dump(localStorage), session: dump(sessionStorage), idb, cookie: document.cookie });
    })()`,
  );
  const state = await context.storageState({ indexedDB: true });
  return `${String(inPage)}\n${JSON.stringify(state)}`;
}

test('no secret reaches the data dir, the logs or browser storage in any encoding', async ({
  page,
  context,
  dataDir,
}) => {
  test.setTimeout(120_000);
  // The sweep itself must be able to find them.
  expect(sweep('self-test', `x${Buffer.from(`ab${CANARIES.apiKey}cd`).toString('base64')}y`)).not.toEqual([]);
  expect(sweep('self-test', encodeURIComponent(CANARIES.password))).not.toEqual([]);

  const gateway: Gateway = await startGateway({
    seed: {
      groups: { default: { desc: '', ratio: 1, models: [] } },
      users: [
        {
          id: 1,
          username: 'canary',
          display_name: 'Canary',
          quota: 60_000_000,
          password: CANARIES.password,
          access_tokens: [{ token: CANARIES.accessToken }],
          keys: [{ id: 1, key: CANARIES.apiKey, name: 'canary-key', remain_quota: 5_000_000 }],
        },
      ],
    },
  });
  const keyring = keyringUnavailable() === null;
  if (!keyring) console.log(`canary: running without the OS keyring (${keyringUnavailable() ?? ''}): memory vault`);
  const outputs: string[][] = [];
  let app: KeydeskProcess | null = null;
  try {
    app = await startKeydesk(dataDir, { keyring });
    outputs.push(app.output);
    await page.goto(app.url);
    const accounts = new AccountsPage(page);

    await accounts.openAddForm();
    const canary = {
      kind: 'password',
      label: 'Canary',
      baseUrl: gateway.base_url,
      username: 'canary',
      password: CANARIES.wrongPassword,
      remember: true,
    } as const;
    await accounts.fill(canary);
    await accounts.submit();
    await expect(accounts.formError).toHaveAttribute('data-error-code', 'auth.unauthorized');
    await accounts.fill({ ...canary, password: CANARIES.password });
    await expect(await accounts.testConnection()).toContainText('Canary');
    await accounts.submit();
    await expect(accounts.form).toBeHidden();
    await accounts.add({
      kind: 'access_token',
      label: 'Canary token',
      baseUrl: gateway.base_url,
      accessToken: CANARIES.accessToken,
    });
    await accounts.add({
      kind: 'api_key',
      label: 'Canary key',
      baseUrl: gateway.base_url,
      apiUrl: gateway.api_url,
      apiKey: `sk-${CANARIES.apiKey}`,
    });
    // Sign out and in again with the password typed once more: the credential dialog is swept too.
    await accounts.action('Canary', 'sign-out');
    await accounts.item('Canary').getByTestId('account-sign-in').click();
    await page.getByTestId('credential-secret').locator('input').fill(CANARIES.password);
    await page.getByTestId('credential-submit').click();
    await expect(accounts.item('Canary')).toHaveAttribute('data-state', 'ok');

    const storageBefore = await browserStorage(page, context);

    // A restart reads every secret back (and logs whatever it logs on the way).
    await app.stop();
    app = await startKeydesk(dataDir, { keyring });
    outputs.push(app.output);
    await page.goto(app.url);
    await expect(new Sidebar(page).rows()).toHaveCount(3);
    if (keyring) await expect(new Sidebar(page).row('Canary key')).toHaveAttribute('data-state', 'ok');
    const storageAfter = await browserStorage(page, context);
    await app.stop();
    app = null;

    const findings: Finding[] = [
      ...sweep('browser storage (before restart)', storageBefore),
      ...sweep('browser storage (after restart)', storageAfter),
      ...outputs.flatMap((lines, run) => sweep(`serve.js output, run ${run + 1}`, lines.join('\n'))),
    ];
    const files = [...(await filesUnder(dataDir)), ...(await filesUnder(keyringHome(dataDir)))];
    expect(files.some((file) => file.includes('vault'))).toBe(keyring);
    for (const file of files) {
      const bytes = await readFile(file);
      findings.push(...sweep(file, bytes.toString('utf8')), ...sweep(`${file} (latin1)`, bytes.toString('latin1')));
    }
    expect(findings).toEqual([]);
  } finally {
    await app?.stop();
    await gateway.close();
  }
});
