// The keys store's one revealed key: shown once main hands it over, masked again at the time main set (on the fake
// clock, whatever the screen does), replaced by the next reveal, hidden at once on request, and not kept on failure.
import { effectScope } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../../../src-shared/contract';
import { useKeyReveal } from '../../../../../src-renderer/src/stores/keys/key-reveal';
import { fake } from '../../fake-keydesk';
import { keyView } from '../../../../support/key-view';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const NOW = Date.UTC(2026, 10, 28, 9, 0, 0);
const FAKE_KEY = 'sk-test-not-a-real-key-0001';

beforeEach(() => {
  fake.reset();
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('key reveal', () => {
  it('shows the one key until the time main set, then masks it again', async () => {
    const scope = effectScope();
    const r = scope.run(useKeyReveal);
    if (!r) throw new Error('no scope');
    fake.override('keys:reveal', () => Promise.resolve(ok({ id: 7, key: FAKE_KEY, hideAt: NOW + 30_000 })));
    const k = keyView({ id: 7, accountId: 'a' });
    expect((await r.reveal(k)).ok).toBe(true);
    expect(r.revealed.value).toEqual({ id: 7, key: FAKE_KEY, hideAt: NOW + 30_000, accountId: 'a' });
    expect(r.isRevealed(k)).toBe(true);
    expect(r.isRevealed(keyView({ id: 7, accountId: 'b' }))).toBe(false);
    vi.advanceTimersByTime(29_999);
    expect(r.revealed.value).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(r.revealed.value).toBeNull();
    scope.stop();
  });

  it('a second reveal replaces the first and its own time counts; hide masks at once', async () => {
    const scope = effectScope();
    const r = scope.run(useKeyReveal);
    if (!r) throw new Error('no scope');
    fake.override('keys:reveal', () => Promise.resolve(ok({ id: 1, key: FAKE_KEY, hideAt: NOW + 10_000 })));
    await r.reveal(keyView({ id: 1 }));
    vi.advanceTimersByTime(5_000);
    fake.override('keys:reveal', () => Promise.resolve(ok({ id: 2, key: `${FAKE_KEY}-2`, hideAt: NOW + 35_000 })));
    await r.reveal(keyView({ id: 2 }));
    // The first key's time passes: the second stays.
    vi.advanceTimersByTime(10_000);
    expect(r.revealed.value?.id).toBe(2);
    r.hide();
    expect(r.revealed.value).toBeNull();
    scope.stop();
  });

  it('keeps nothing when main refuses, and stops its timer with the store', async () => {
    const scope = effectScope();
    const r = scope.run(useKeyReveal);
    if (!r) throw new Error('no scope');
    fake.override('keys:reveal', () => Promise.resolve(fail({ code: 'rate_limited', retryable: true })));
    expect((await r.reveal(keyView({ id: 1 }))).ok).toBe(false);
    expect(r.revealed.value).toBeNull();
    fake.override('keys:reveal', () => Promise.resolve(ok({ id: 1, key: FAKE_KEY, hideAt: NOW + 10_000 })));
    await r.reveal(keyView({ id: 1 }));
    scope.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
