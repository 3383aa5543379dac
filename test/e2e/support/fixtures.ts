// Playwright fixtures: a fresh data dir and a running Keydesk per test; every page records console errors and
// CSP violations so a test can assert there were none.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { keyringHome, startKeydesk, type KeydeskProcess } from './keydesk-process';

export interface PageProblems {
  readonly consoleErrors: string[];
  readonly cspViolations: string[];
}

export async function watchProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { consoleErrors: [], cspViolations: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
    if (/Content Security Policy/i.test(message.text())) problems.cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  // A string, not a function: this file is type-checked without the DOM library.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    console.error('Content Security Policy violation: ' + event.violatedDirective + ' ' + event.blockedURI);
  });`);
  return problems;
}

interface Fixtures {
  dataDir: string;
  keydesk: KeydeskProcess;
  problems: PageProblems;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'keydesk-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
    await rm(keyringHome(dir), { recursive: true, force: true });
  },
  keydesk: async ({ dataDir }, use) => {
    const app = await startKeydesk(dataDir);
    await use(app);
    await app.stop();
  },
  problems: async ({ page }, use) => {
    await use(await watchProblems(page));
  },
});

export { expect } from '@playwright/test';
