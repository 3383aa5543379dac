// What the first frame draws, for the start (main.ts): the settings, accounts and balances, from the page when main
// put them there (browser mode), else from one app:firstFrame call. Either way the stores take them as their first
// load, so the shell's first paint waits on at most one request, and in browser mode on none.
import type { Pinia } from 'pinia';
import type { FirstFrame } from '../../../src-shared/contract';
import { keydesk } from '../bridge';
import { pageFirstFrame } from '../page-first-frame';
import { useAccountsStore } from './accounts.store';
import { useQuotaStore } from './quota.store';
import { useSettingsStore } from './settings.store';

export interface StartFrame {
  /** Whether it came with the page: events sent between serving the page and the event stream opening were missed. */
  readonly isFromPage: boolean;
}

/**
 * Hydrates the settings, accounts and quota stores with the first frame. Bounded: after `waitMs` without an answer the
 * start goes on, and the stores hydrate themselves when their views ask.
 */
export async function hydrateFirstFrame(pinia: Pinia, waitMs: number): Promise<StartFrame> {
  const apply = (frame: FirstFrame): void => {
    useSettingsStore(pinia).hydrateWith(frame.settings);
    useAccountsStore(pinia).hydrateWith(frame.accounts);
    useQuotaStore(pinia).hydrateWith(frame.balances);
  };
  if (pageFirstFrame !== null) {
    apply(pageFirstFrame);
    return { isFromPage: true };
  }
  const asked = keydesk.app.firstFrame().then((result) => {
    if (result.ok) apply(result.value);
  });
  await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  return { isFromPage: false };
}

/** After a start from the page: reads the three again, for whatever changed before the event stream was open. */
export function catchUpFirstFrame(pinia: Pinia): void {
  void useSettingsStore(pinia).reload();
  void useAccountsStore(pinia).reload();
  void useQuotaStore(pinia).reload();
}
