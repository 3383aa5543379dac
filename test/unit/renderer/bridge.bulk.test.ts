// @vitest-environment happy-dom
// Browser mode's bridge under a burst: All keys lists twenty accounts at once, but no more than BULK_AT_ONCE of those
// listings hold a connection, so an invoke a click makes (or a view's code) is not stuck behind them all.
import { describe, expect, it, vi } from 'vitest';
import { BULK_AT_ONCE, createLoopbackApi } from '../../../src-renderer/src/bridge';

// The module builds its own bridge on import; a stand-in preload global keeps that one from calling out.
vi.hoisted(() => {
  (globalThis as Record<string, unknown>).keydesk = {};
});

/** A main that answers nothing until told: each request waits for its own release. */
function heldMain() {
  const held: { url: string; release: () => void }[] = [];
  const fetchImpl = ((url: string) =>
    new Promise<Response>((resolve) => {
      held.push({ url, release: () => resolve(new Response('{"ok":true,"value":[]}')) });
    })) as unknown as typeof fetch;
  const sent = (channel: string) => held.filter((h) => h.url.includes(encodeURIComponent(channel))).length;
  return { held, fetchImpl, sent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('bulk invokes in browser mode', () => {
  it('sends at most BULK_AT_ONCE listings at a time, the next as one answers, and every one in the end', async () => {
    const main = heldMain();
    const api = createLoopbackApi(Promise.resolve(true), main.fetchImpl);
    const answers = Array.from({ length: 20 }, (_, i) => api.keys.listAll({ accountId: `acc-${String(i)}` }));
    await settle();
    expect(main.sent('keys:listAll')).toBe(BULK_AT_ONCE);

    main.held[0]?.release();
    await settle();
    expect(main.sent('keys:listAll')).toBe(BULK_AT_ONCE + 1); // one answered, the next one sent

    for (let sent = 0; sent < 20; sent++) {
      for (const h of main.held) h.release();
      await settle();
    }
    expect(main.sent('keys:listAll')).toBe(20);
    await expect(Promise.all(answers)).resolves.toHaveLength(20);
  });

  it('sends any other invoke at once, whatever listings wait', async () => {
    const main = heldMain();
    const api = createLoopbackApi(Promise.resolve(true), main.fetchImpl);
    for (let i = 0; i < 20; i++) void api.keys.listAll({ accountId: `acc-${String(i)}` });
    void api.keys.reveal({ accountId: 'acc-0', id: 1 });
    await settle();
    expect(main.sent('keys:reveal')).toBe(1);
    expect(main.sent('keys:listAll')).toBe(BULK_AT_ONCE);
  });
});
