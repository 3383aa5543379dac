// Bridge calls made from inside the page, exactly as the renderer makes them (with the launch token it keeps).
import type { Page } from '@playwright/test';

/** Calls a bridge channel as the page does (the launch token it keeps in sessionStorage); answers the Result. */
export interface BridgeResult {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: { readonly code: string; readonly message?: string };
}

export async function invokeBridge(page: Page, channel: string, args: unknown): Promise<BridgeResult> {
  return page.evaluate(
    async ({ channel, args }) => {
      // Runs in the page; this file is type-checked without the DOM library.
      const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
        .sessionStorage;
      const token = storage.getItem('keydesk.bridge-token') ?? '';
      const response = await fetch(`/bridge/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ args }),
      });
      return (await response.json()) as BridgeResult;
    },
    { channel, args },
  );
}
