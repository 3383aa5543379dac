// Bridge calls made from inside the page, exactly as the renderer makes them (its HttpOnly session cookie).
import type { Page } from '@playwright/test';

/** Calls a bridge channel as the page does (the browser sends the session cookie); answers the Result. */
export interface BridgeResult {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: { readonly code: string; readonly reason?: string; readonly serverMessage?: string };
}

export async function invokeBridge(page: Page, channel: string, args: unknown): Promise<BridgeResult> {
  // The page swaps its launch code for the session cookie asynchronously after load: a call made right after
  // page.goto may beat it. Wait for that, as the renderer's own calls do (they await the session first).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const result = await callOnce(page, channel, args);
    const isBeforeSession = result.error?.code === 'forbidden' && result.error.reason === 'bridge.no_session';
    if (!isBeforeSession || Date.now() > deadline) return result;
    await page.waitForTimeout(100);
  }
}

function callOnce(page: Page, channel: string, args: unknown): Promise<BridgeResult> {
  return page.evaluate(
    async ({ channel, args }) => {
      const response = await fetch(`/bridge/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ args }),
      });
      return (await response.json()) as BridgeResult;
    },
    { channel, args },
  );
}
