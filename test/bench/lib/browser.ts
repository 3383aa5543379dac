// Debian's Chromium driven by Playwright for the renderer figures, with the e2e tests' flags (no downloads).
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.KEYDESK_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const VIEWPORT = { width: 1280, height: 800 } as const;

/** Page contexts: the e2e viewport; bypassCSP so in-page probes (strings) may be evaluated under script-src self. */
export const CONTEXT = { viewport: VIEWPORT, bypassCSP: true } as const;
