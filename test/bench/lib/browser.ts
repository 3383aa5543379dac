// Debian's Chromium driven by Playwright for the renderer figures, with the e2e tests' flags (no downloads).
import { readFileSync, readdirSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/**
 * Chrome's own omnibox popup is a web page (chrome://omnibox-popup.top-chrome) that Chromium builds for every new
 * window, headless ones included: about a second of a core's time spent in the same second a page opens. An
 * Electron window has no omnibox, and on this two-core machine that page stole the CPU that first rows measure, on
 * both sides of figure 12. Chromium keeps only the last --disable-features switch, so Playwright's own list (which
 * its launch passes first) is repeated here; `launchChromium` checks that nothing of it was lost.
 */
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED, ...OMNIBOX_POPUP].join(',')}`,
];

/** The features each --disable-features switch on the browser's command line names, in order. */
const disabledLists = (argv: readonly string[]): string[][] =>
  argv.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));

/** The command line of the browser this process launched (its child; /usr/bin/chromium execs the real binary). */
function browserArgv(): string[] {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && argv.some((a) => a.startsWith('--remote-debugging-pipe'))) return argv;
    } catch {
      // a process that ended while we looked
    }
  }
  throw new Error('bench browser: the launched Chromium process was not found under /proc');
}

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.KEYDESK_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const lists = disabledLists(browserArgv());
  const kept = new Set(lists.at(-1) ?? []);
  const lost = lists.flat().filter((feature) => feature !== '' && !kept.has(feature));
  if (lost.length > 0) {
    await browser.close();
    throw new Error(`bench browser: Playwright now also disables ${lost.join(', ')}; add them to PLAYWRIGHT_DISABLED`);
  }
  return browser;
}

export const VIEWPORT = { width: 1280, height: 800 } as const;

/** Page contexts: the e2e viewport; bypassCSP so in-page probes (strings) may be evaluated under script-src self. */
export const CONTEXT = { viewport: VIEWPORT, bypassCSP: true } as const;
