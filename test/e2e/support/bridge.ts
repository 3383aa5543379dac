// Bridge calls made from inside the page, exactly as the renderer makes them (its HttpOnly session cookie).
import type { Page } from '@playwright/test';

/** Calls a bridge channel as the page does (the browser sends the session cookie); answers the Result. */
export interface BridgeResult {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: { readonly code: string; readonly message?: string };
}

export async function invokeBridge(page: Page, channel: string, args: unknown): Promise<BridgeResult> {
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
