// End-to-end tests: the built app in browser mode (out/), driven in Debian's Chromium. No browser downloads.
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  forbidOnly: true,
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.KEYDESK_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
});
