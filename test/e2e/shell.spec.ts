// The app shell in browser mode: loads clean, every section reachable, language and theme survive a restart.
import { startKeydesk } from './support/keydesk-process';
import { expect, test, watchProblems } from './support/fixtures';

test('loads with zero console errors and zero CSP violations, every section reachable', async ({
  page,
  keydesk,
  problems,
}) => {
  await page.goto(keydesk.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page).not.toHaveURL(/code=/); // the launch code leaves the address bar at once
  for (const [nav, path] of [
    ['nav-keys', '/keys'],
    ['nav-account', '/account'],
    ['nav-models', '/models'],
    ['nav-accounts', '/accounts'],
    ['nav-settings', '/settings'],
  ] as const) {
    await page.getByTestId(nav).click();
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
    await expect(page.getByTestId('section-title')).not.toBeEmpty();
  }
  await expect(page.getByTestId('about-mode')).toHaveAttribute('data-mode', 'browser');
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test('language and theme switch at once and survive a restart', async ({ page, keydesk, dataDir, browser }) => {
  await page.goto(keydesk.url);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('section-title')).toHaveText('设置');
  await page.getByTestId('settings-theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await keydesk.stop();
  const again = await startKeydesk(dataDir);
  try {
    const context = await browser.newContext();
    const fresh = await context.newPage();
    const problems = await watchProblems(fresh);
    await fresh.goto(again.url);
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(fresh.locator('html')).toHaveAttribute('data-theme', 'dark');
    await fresh.getByTestId('nav-settings').click();
    await expect(fresh.getByTestId('section-title')).toHaveText('设置');
    await fresh.getByTestId('settings-language-en-US').click();
    await expect(fresh.getByTestId('section-title')).toHaveText('Settings');
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  } finally {
    await again.stop();
  }
});

test('the launch URL opens Keydesk once; the page keeps no credential a script or storage can read', async ({
  page,
  keydesk,
  browser,
}) => {
  await page.goto(keydesk.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const kept = await page.evaluate(() => {
    // Runs in the page; this file is type-checked without the DOM library.
    const g = globalThis as unknown as {
      sessionStorage: { length: number };
      document: { cookie: string };
      location: { href: string };
    };
    return { session: g.sessionStorage.length, cookie: g.document.cookie, href: g.location.href };
  });
  expect(kept).toMatchObject({ session: 0, cookie: '' });
  expect(kept.href).not.toContain('code=');
  // A reload keeps working (the HttpOnly cookie); the same URL in another browser profile opens nothing.
  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto(keydesk.url);
    const status = await other.evaluate(async () => {
      const response = await fetch('/bridge/invoke/settings:get', { method: 'POST', body: '{}' });
      return response.status;
    });
    expect(status).toBe(403);
  } finally {
    await context.close();
  }
});

test('a page opened without the launch code cannot reach main', async ({ page, keydesk }) => {
  await page.goto(keydesk.origin);
  const status = await page.evaluate(async () => {
    const response = await fetch('/bridge/invoke/settings:get', { method: 'POST', body: '{}' });
    return response.status;
  });
  expect(status).toBe(403);
});
