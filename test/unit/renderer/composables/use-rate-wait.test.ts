// @vitest-environment happy-dom
// The wait for a rate limit: counted down in both languages, the action run again by itself when the time is up
// (reveal) or only announced (copy), cancelled on demand; anything but a rate limit with a wait is not a wait. Each
// limit is said as what it is: Keydesk's own share is not "the gateway is limiting requests", a known wait is not
// "wait a moment", and a search refusal quotes the search rule, not the sign-in rule.
import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import ErrorAlert from '../../../../src-renderer/src/components/ErrorAlert.vue';
import RateLimitWait from '../../../../src-renderer/src/components/RateLimitWait.vue';
import { useRateWait, waitParts } from '../../../../src-renderer/src/composables/use-rate-wait';
import { createAppI18n } from '../../../../src-renderer/src/i18n';

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
  it('says whose limit, its rule and how long, in both languages', () => {
    const en = mount(RateLimitWait, {
      props: { remainingMs: 130_000, isAutoRetry: true, reason: 'rate.site_critical', subject: 'Show key “ci-bot”' },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(en.text()).toContain('Waiting for the site’s rate limit');
    expect(en.text()).toContain('20 sign-ins, key reveals and key-usage reads per 20 minutes');
    expect(en.get('[data-testid=rate-wait-subject]').text()).toBe('Show key “ci-bot”: waiting.');
    expect(en.get('[data-testid=rate-wait-next]').text()).toBe(
      'Next in 2 min 10 s. Keydesk will try again on its own when the time is up.',
    );
    expect(en.find('[data-testid=rate-wait-cancel]').exists()).toBe(true);
    const zh = mount(RateLimitWait, {
      props: { remainingMs: 9_000, isAutoRetry: false, reason: 'rate.site_critical' },
      global: { plugins: [createAppI18n('zh-CN')] },
    });
    expect(zh.get('[data-testid=rate-wait-next]').text()).toBe('9 秒后可继续。请在时间到后重试。');
    expect(zh.text()).toContain('每 20 分钟');
    expect(zh.find('[data-testid=rate-wait-cancel]').exists()).toBe(false);
  });

  it('a search waiting for Keydesk’s own cap quotes the search rule, not the sign-in rule', () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      const w = mount(RateLimitWait, {
        props: { remainingMs: 20_000, isAutoRetry: false, reason: 'rate.search_budget' },
        global: { plugins: [createAppI18n(language)] },
      });
      const text = w.text();
      expect(text).toContain(language === 'en-US' ? '10 key searches a minute' : '每分钟允许 10 次密钥搜索');
      expect(text).not.toMatch(/sign-in|登录/);
      expect(text).toContain(language === 'en-US' ? 'Waiting to stay within the site’s limit' : '以免超出');
    }
  });
});

describe('ErrorAlert for a rate limit', () => {
  it('says how long to wait when the wait is known, and not “wait a moment” beside it', () => {
    const w = mount(ErrorAlert, {
      props: { error: { code: 'rate_limited', retryAfterMs: 19 * 60_000, reason: 'rate.site_critical' } },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(w.get('[data-testid=error-wait]').text()).toBe('Next in 19 min 0 s.');
    expect(w.text()).not.toContain('Wait a moment');
    expect(w.text()).toContain('The gateway is limiting requests.');
    // A 429 that names no bucket still gets no "wait a moment" beside its wait.
    const plain = mount(ErrorAlert, {
      props: { error: { code: 'rate_limited', retryAfterMs: 130_000 } },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(plain.text()).not.toContain('Wait a moment');
    expect(plain.text()).toContain('Try again when the time is up.');
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

  it('Keydesk’s own limit is said as Keydesk’s, not as the gateway limiting requests, in both languages', () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      const w = mount(ErrorAlert, {
        props: {
          error: { code: 'rate_limited', retryAfterMs: 60_000, isLocalLimit: true, reason: 'rate.local_budget' },
        },
        global: { plugins: [createAppI18n(language)] },
      });
      expect(w.text()).not.toMatch(/The gateway is limiting requests|网关正在限制请求频率/);
      expect(w.text()).toContain(language === 'en-US' ? 'Keydesk held this back' : 'Keydesk 暂缓发送');
    }
  });

  it('a search refusal by the site quotes the search rule', () => {
    const w = mount(ErrorAlert, {
      props: { error: { code: 'rate_limited', retryAfterMs: 30_000, reason: 'rate.site_search' } },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(w.text()).toContain('10 key searches a minute');
    expect(w.text()).not.toContain('sign-in');
  });
});
