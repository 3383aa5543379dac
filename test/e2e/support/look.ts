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
  const res = await page.request.post(`${origin}/bridge/invoke/settings:update`, {
    headers: { 'content-type': 'application/json', origin },
    data: { args: { language: look.language, theme: look.theme } },
  });
  expect(res.ok()).toBe(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
  await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
}
