// @vitest-environment happy-dom
// The wait for a site's rate limit: counted down in both languages, the action run again by itself when the time
// is up (reveal) or only announced (copy), cancelled on demand; anything but a rate limit with a wait is not a wait.
import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import ErrorAlert from '../../../src-renderer/src/components/ErrorAlert.vue';
import RateLimitWait from '../../../src-renderer/src/components/RateLimitWait.vue';
import { useRateWait, waitParts } from '../../../src-renderer/src/composables/use-rate-wait';
import { createAppI18n } from '../../../src-renderer/src/i18n';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useRateWait', () => {
  it('counts down and runs the action again when the wait is over', () => {
    const scope = effectScope();
    const wait = scope.run(() => useRateWait());
    if (!wait) throw new Error('no scope');
    const retry = vi.fn();
    expect(wait.start({ code: 'rate_limited', retryAfterMs: 130_000, isLocalLimit: true }, retry)).toBe(true);
    expect(wait.isAutoRetry.value).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(wait.remainingMs.value).toBe(120_000);
    expect(retry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(120_000);
    expect(retry).toHaveBeenCalledOnce();
    expect(wait.until.value).toBeNull();
    scope.stop();
  });

  it('a cancelled wait never runs the action', () => {
    const scope = effectScope();
    const wait = scope.run(() => useRateWait());
    if (!wait) throw new Error('no scope');
    const retry = vi.fn();
    wait.start({ code: 'rate_limited', retryAfterMs: 5_000 }, retry);
    wait.cancel();
    vi.advanceTimersByTime(10_000);
    expect(retry).not.toHaveBeenCalled();
    scope.stop();
  });

  it('is not a wait without a rate limit and a time to wait for', () => {
    const scope = effectScope();
    const wait = scope.run(() => useRateWait());
    if (!wait) throw new Error('no scope');
    expect(wait.start({ code: 'network' }, vi.fn())).toBe(false);
    expect(wait.start({ code: 'rate_limited' }, vi.fn())).toBe(false);
    expect(wait.until.value).toBeNull();
    scope.stop();
  });

  it('rounds the wait up to whole seconds', () => {
    expect(waitParts(130_000)).toEqual({ m: 2, s: 10 });
    expect(waitParts(59_001)).toEqual({ m: 1, s: 0 });
    expect(waitParts(400)).toEqual({ m: 0, s: 1 });
  });
});

describe('RateLimitWait', () => {
  it('says why and how long, in both languages', () => {
    const en = mount(RateLimitWait, {
      props: { remainingMs: 130_000, isAutoRetry: true },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(en.text()).toContain('20 sign-ins and key reveals per 20 minutes');
    expect(en.text()).toContain('next in 2 min 10 s');
    expect(en.find('[data-testid=rate-wait-cancel]').exists()).toBe(true);
    const zh = mount(RateLimitWait, {
      props: { remainingMs: 9_000, isAutoRetry: false },
      global: { plugins: [createAppI18n('zh-CN')] },
    });
    expect(zh.text()).toContain('9 秒');
    expect(zh.text()).toContain('每 20 分钟');
    expect(zh.find('[data-testid=rate-wait-cancel]').exists()).toBe(false);
  });
});

describe('ErrorAlert for a rate limit', () => {
  it('says how long to wait when the wait is known', () => {
    const w = mount(ErrorAlert, {
      props: { error: { code: 'rate_limited', retryAfterMs: 130_000, isLocalLimit: true } },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(w.get('[data-testid=error-wait]').text()).toContain('next in 2 min 10 s');
    const zh = mount(ErrorAlert, {
      props: {
        error: { code: 'rate_limited', retryAfterMs: 5_000, isLocalLimit: true, serverMessage: 'English detail' },
      },
      global: { plugins: [createAppI18n('zh-CN')] },
    });
    expect(zh.get('[data-testid=error-wait]').text()).toContain('5 秒');
    expect(zh.text()).not.toContain('English detail');
    const unknown = mount(ErrorAlert, {
      props: { error: { code: 'rate_limited' } },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(unknown.find('[data-testid=error-wait]').exists()).toBe(false);
  });
});
