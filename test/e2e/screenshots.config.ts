// The README screenshots as a Playwright run of their own (never part of the e2e suite): `npx playwright test -c
// test/e2e/screenshots.config.ts`; SHOTS_DIR chooses where they go (default resources/screenshots).
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.shot.ts',
  workers: 1,
});
