// Times on the keys screen that do not mislead: a key whose last use is its creation (or 0, or ahead of now) was never
// used, a past event never reads as the future, and an expiry a month away reads as its date.
import { describe, expect, it } from 'vitest';
import { expiryText, isNeverUsed, pastTime } from '../../../../../src-renderer/src/components/keys/relative-date';

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const NOW = NOW_MS / 1000;

describe('times that do not mislead', () => {
  it('a key whose last use is its creation, 0, or ahead of now was never used', () => {
    expect(isNeverUsed(NOW + 2, NOW + 2, NOW_MS)).toBe(true);
    expect(isNeverUsed(NOW - 60, NOW - 60, NOW_MS)).toBe(true);
    expect(isNeverUsed(0, NOW - 60, NOW_MS)).toBe(true);
    expect(isNeverUsed(NOW + 5, NOW - 60, NOW_MS)).toBe(true);
    expect(isNeverUsed(NOW - 30, NOW - 60, NOW_MS)).toBe(false);
  });

  it('a past event never reads as the future, and a month-away expiry reads as its date', () => {
    expect(pastTime(NOW + 2, NOW_MS, 'en-US')).toBe('now');
    expect(pastTime(NOW - 120, NOW_MS, 'en-US')).toBe('2 minutes ago');
    const inAMonth = NOW + 30 * 86_400;
    expect(expiryText(inAMonth, NOW_MS, 'en-US')).not.toMatch(/month/);
    expect(expiryText(inAMonth, NOW_MS, 'en-US')).toMatch(/2026/);
    expect(expiryText(NOW + 3 * 86_400, NOW_MS, 'en-US')).toBe('in 3 days');
  });
});
