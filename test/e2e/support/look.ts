// The look a test asks for — language and theme through the app's own bridge, as the Settings page sets them — then
// a reload that shows it.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Look {
  readonly language: 'zh-CN' | 'en-US';
  readonly theme: 'light' | 'dark';
}

export async function setLook(page: Page, url: string, look: Look): Promise<void> {
  const origin = new URL(url).origin;
  // The page signs in with its one-time launch code after it loads, so a request sent at once may come before the
  // session (it did once on a loaded CI machine): asked again until the bridge takes it. A refused update still fails.
  await expect
    .poll(async () =>
      (
        await page.request.post(`${origin}/bridge/invoke/settings:update`, {
          headers: { 'content-type': 'application/json', origin },
          data: { args: { language: look.language, theme: look.theme } },
        })
      ).status(),
    )
    .toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
  await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
}
