// Key health and the charge audit end to end in browser mode against the emulator's current new-api, in both
// languages. Health: a key Keydesk does not hold is not checked and nothing is sent; once revealed, Check now sends one
// GET /v1/models and the drawer and the table say it works; an expired key's refusal ("Invalid token", every cause
// alike on this era) is explained by its record; the one-token call shows its price before and charges the key after.
// Audit: calls made with the keys (one overcharged by the emulator's fault) are checked from the Account page, the
// overcharged call is listed with what it took more, and a site that publishes no prices (one-api) says so.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';
import { addFault, clearLog, control, fullKey, requestLog } from './support/emulator';
import { setLook, type Look } from './support/look';
import { startGateway, type Gateway, type SeedInput } from '../gateway/index';
import type { ProfileName } from '../gateway/profiles';

const TOKEN = 'fake-system-token-erin';
/** Paths of the site's critical bucket Keydesk may call: sign-in and refresh, reveal, key usage. */
const CRITICAL = /\/api\/user\/(login|auth)|\/api\/token\/(\d+|batch)\/keys?|\/api\/usage\//;
const seed = (profile: ProfileName): SeedInput => ({
  settings: { profile, propagation_delay_s: 0, rate_limit_enabled: false },
  groups: {
    default: { ratio: 1, models: ['per-call', 'by-token'] },
    vip: { ratio: 1.5, models: ['per-call', 'by-token'] },
  },
  models: [
    { id: 'per-call', price: 1500 },
    { id: 'by-token', model_ratio: 0.075, completion_ratio: 4 },
  ],
  users: [
    {
      id: 7,
      username: 'erin',
      quota: 50_000_000,
      usable_groups: ['default', 'vip'],
      access_tokens: [{ token: TOKEN }],
      keys: [
        { id: 1, name: 'works', remain_quota: 5_000_000, group: 'vip' },
        { id: 2, name: 'old', remain_quota: 5_000_000, expired_time: 1_700_000_000 },
        { id: 3, name: 'spare', remain_quota: 5_000_000 },
      ],
    },
  ],
});

const WORDS = {
  'en-US': {
    notChecked: 'Not checked',
    notHeld: 'does not hold this key this session',
    works: 'Works',
    lists: 'lists 2 models',
    expired: 'Expired',
    fromRecord: 'the key’s own record gives this reason',
    quote: 'this call costs $0.0045',
    called: 'answered a one-token call to per-call',
    none: 'Works: 0 · Refused: 0 · Not checked: 3',
    counts: 'Works: 1 · Refused: 1 · Not checked: 1',
    summary: '4 of 4 calls checked · 75% as published',
    above: '1 call · $0.0045',
    morePublished: /\$0\.0045( ≈ ¥[\d.]+)? more than published/,
    noPrices: 'publishes no prices',
  },
  'zh-CN': {
    notChecked: '未检查',
    notHeld: 'Keydesk 并未持有此密钥',
    works: '可用',
    lists: '列出 2 个模型',
    expired: '已过期',
    fromRecord: '原因来自该密钥自己的记录',
    quote: '这次调用约花费 $0.0045',
    called: '对 per-call 的一次单 token 调用',
    none: '可用 0 个 · 被拒 0 个 · 未检查 3 个',
    counts: '可用 1 个 · 被拒 1 个 · 未检查 1 个',
    summary: '已核对 4 次调用中的 4 次 · 75% 按公布价格',
    above: '1 次调用 · 共多扣 $0.0045',
    morePublished: /比公布价格多 \$0\.0045/,
    noPrices: '不公布价格',
  },
} as const;

let gw: Gateway;
test.afterEach(async () => {
  await gw.close();
});

async function open(page: Page, url: string, look: Look): Promise<KeysPage> {
  const keys = new KeysPage(page);
  await page.goto(url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await keys.addAccount(url, 'Erin', gw.base_url, gw.api_url, TOKEN);
  await setLook(page, url, look);
  return keys;
}

/** A call an app makes with the key itself. */
async function chat(keyId: number, model: string): Promise<void> {
  const res = await fetch(`${gw.api_url}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer sk-${await fullKey(gw, keyId)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hello' }], max_tokens: 10 }),
  });
  expect(res.status).toBe(200);
}

for (const look of [
  { language: 'en-US', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const) {
  const w = WORDS[look.language];

  test(`key health: not held, then one check, a record's reason, a priced one-token call (${look.language})`, async ({
    page,
    keydesk,
    problems,
  }) => {
    gw = await startGateway({ seed: seed('new-api') });
    const keys = await open(page, keydesk.url, look);
    await page.goto(`${new URL(keydesk.url).origin}/#/keys`);
    await expect(keys.row('works')).toBeVisible();

    // Not held: checking the account's keys checks none of them, and sends no /v1 request at all.
    await page.getByTestId('nav-account').click();
    await clearLog(gw);
    await page.getByTestId('health-check-all').click();
    await expect(page.getByTestId('health-counts')).toContainText(w.none);
    expect((await requestLog(gw)).filter((e) => e.path.startsWith('/v1/'))).toEqual([]);
    await page.goto(`${new URL(keydesk.url).origin}/#/keys`);

    // Revealed once, the key is held: one GET /v1/models, and the table marks the row. (The drawer shows the
    // account-wide check's 'not checked' until then, and sends nothing with the key by itself.)
    await keys.row('works').getByTestId('reveal-key').click();
    await expect(keys.row('works').getByTestId('revealed-key')).toBeVisible();
    await keys.row('works').getByTestId('key-name').click();
    const drawer = page.getByTestId('key-drawer');
    const section = drawer.getByTestId('key-health-section');
    await expect(section.getByTestId('key-health-explain')).toContainText(w.notHeld);
    await clearLog(gw);
    await section.getByTestId('key-health-check').click();
    await expect(section.getByTestId('key-health-result')).toHaveAttribute('data-health', 'works');
    await expect(section.getByTestId('key-health-result')).toContainText(w.works);
    await expect(section.getByTestId('key-health-explain')).toContainText(w.lists);
    // The check's own requests: one /v1 call and nothing of the critical bucket (the balance poll may run beside it).
    const sent = (await requestLog(gw)).filter((e) => e.path.startsWith('/v1/') || CRITICAL.test(e.path));
    expect(sent.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v1/models']);

    // The one-token call: its price first (per call × the vip group's 1.5), then the call, which the key pays.
    await section.getByTestId('key-health-model').click();
    await page.locator('.n-base-select-option').getByText('per-call', { exact: true }).click();
    await expect(section.getByTestId('key-health-quote')).toContainText(w.quote);
    await section.getByTestId('key-health-call').click();
    await expect(section.getByTestId('key-health-explain')).toContainText(w.called);
    expect(((await control(gw, 'GET', '/keys/1')) as { used_quota: number }).used_quota).toBe(2250);
    await page.keyboard.press('Escape');
    const mark = keys.row('works').getByTestId('key-health');
    await expect(mark).toHaveAttribute('data-health', 'works');
    await expect(mark).toHaveAttribute('aria-label', new RegExp(w.works));

    // An expired key: this era answers "Invalid token" for every cause; the record says which.
    await keys.row('old').getByTestId('reveal-key').click();
    await expect(keys.row('old').getByTestId('revealed-key')).toBeVisible();
    await keys.row('old').getByTestId('key-name').click();
    await expect(section.getByTestId('key-health-explain')).toContainText(w.notHeld);
    await section.getByTestId('key-health-check').click();
    await expect(section.getByTestId('key-health-result')).toHaveAttribute('data-health', 'expired');
    await expect(section.getByTestId('key-health-result')).toContainText(w.expired);
    await expect(section.getByTestId('key-health-cause')).toContainText(w.fromRecord);
    await expect(section.getByTestId('key-health-server')).toContainText('Invalid token');
    await page.keyboard.press('Escape');
    await expect(keys.row('old').getByTestId('key-health')).toHaveAttribute('data-health', 'expired');

    // The Account page counts them.
    await page.getByTestId('nav-account').click();
    await expect(page.getByTestId('health-counts')).toContainText(w.counts);
    expect(problems.consoleErrors).toEqual([]);
  });

  test(`charge audit: the overcharged call listed, the others as published; no prices said plainly (${look.language})`, async ({
    page,
    keydesk,
    problems,
  }) => {
    gw = await startGateway({ seed: seed('new-api') });
    await chat(1, 'per-call');
    await chat(3, 'by-token');
    await chat(1, 'by-token');
    await addFault(gw, { match: '/v1/chat/completions', kind: 'overcharge', factor: 2, times: 1 });
    await chat(1, 'per-call');
    await open(page, keydesk.url, look);
    await page.getByTestId('nav-account').click();
    const card = page.getByTestId('audit-card');
    await clearLog(gw);
    await card.getByTestId('audit-run').click();
    await expect(card.getByTestId('audit-summary')).toContainText(w.summary);
    await expect(card.getByTestId('audit-above')).toContainText(w.above);
    const flagged = card.getByTestId('audit-flagged-row');
    await expect(flagged).toHaveCount(1);
    await expect(flagged).toContainText('works');
    await expect(flagged).toContainText(w.morePublished);
    await expect(card.getByTestId('audit-key-row')).toHaveCount(2);
    await expect(card.getByTestId('audit-key-row').first()).toContainText('works');
    // Read only: no write, nothing of the critical bucket (reveal, sign-in, key usage).
    const sent = await requestLog(gw);
    expect(sent.filter((e) => e.method !== 'GET' || CRITICAL.test(e.path))).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });

  test(`charge audit on a site without published prices says so (${look.language})`, async ({ page, keydesk }) => {
    gw = await startGateway({ seed: seed('one-api') });
    await open(page, keydesk.url, look);
    await page.getByTestId('nav-account').click();
    const card = page.getByTestId('audit-card');
    await card.getByTestId('audit-run').click();
    await expect(card.getByTestId('audit-unavailable')).toContainText(w.noPrices);
  });
}
