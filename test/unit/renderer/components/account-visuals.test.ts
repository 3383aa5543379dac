// The state an account is shown in beside its balance: "Connected" only while the site answers; a credential that
// works on a site that stopped answering reads "No response", with the reason in words.
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../src-shared/contract';
import {
  STATE_TAG_TYPES,
  fixedBySignIn,
  shownState,
  stateHint,
  stateLabelKey,
  tokenRefusal,
} from '../../../../src-renderer/src/components/account-visuals';
import { errorSentence } from '../../../../src-renderer/src/components/error-text';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { accountView } from '../account-fixtures';

const refused: AppError = {
  code: 'network',
  reason: 'network.refused',
  params: { address: 'https://gw.example.com', cause: 'ECONNREFUSED' },
};

function words(language: 'en-US' | 'zh-CN') {
  const i18n = createAppI18n(language).global;
  return {
    t: (key: string, named?: Record<string, unknown>) => i18n.t(key, named ?? {}),
    te: (key: string) => i18n.te(key),
  };
}

describe('shownState', () => {
  it('is the sign-in state while the last balance check was answered, or failed for another reason', () => {
    const ok = accountView({ id: 'a' });
    expect(shownState(ok, null)).toBe('ok');
    expect(shownState(ok, { code: 'auth.unauthorized' })).toBe('ok');
    expect(shownState(ok, { code: 'rate_limited' })).toBe('ok');
    expect(shownState(ok, { code: 'protocol' })).toBe('ok');
  });

  it('is "no response" when the site refused, timed out or failed the last check', () => {
    const ok = accountView({ id: 'a' });
    for (const code of ['network', 'timeout', 'server'] as const) expect(shownState(ok, { code })).toBe('no_response');
    expect(STATE_TAG_TYPES.no_response).toBe('warning');
  });

  it('never hides a sign-in problem behind it', () => {
    const locked = accountView({ id: 'a', state: 'needs_sign_in' });
    expect(shownState(locked, refused)).toBe('needs_sign_in');
  });
});

describe('stateHint for a site that does not respond', () => {
  it('says the credential works and why the site failed, in English', () => {
    const { t, te } = words('en-US');
    expect(t('accounts.states.no_response')).toBe('No response');
    expect(stateHint(t, accountView({ id: 'a' }), te, refused)).toBe(
      'The credential works, but the site failed the last balance check: Could not connect. https://gw.example.com ' +
        'refused the connection: nothing is listening at that address and port (ECONNREFUSED).',
    );
  });

  it('and in Chinese', () => {
    const { t, te } = words('zh-CN');
    expect(t('accounts.states.no_response')).toBe('站点无响应');
    const hint = stateHint(t, accountView({ id: 'a' }), te, refused);
    // Chinese punctuation carries its own space: none is added after ： or 。.
    expect(hint).toBe(
      '凭据有效，但站点在上一次余额查询时出错：无法连接。https://gw.example.com 拒绝了连接：该地址和端口上没有服务在监听（ECONNREFUSED）。',
    );
  });

  it('a working site keeps the usual hint', () => {
    const { t, te } = words('en-US');
    expect(stateHint(t, accountView({ id: 'a' }), te, null)).toBe('The credential works.');
  });
});

describe('needs sign-in says why', () => {
  it('a password account whose day’s automatic sign-in is spent: why, and when the next one is allowed', () => {
    const spent = accountView({
      id: 'p',
      kind: 'password',
      state: 'needs_sign_in',
      stateError: { code: 'auth.needs_sign_in', reason: 'account.auto_sign_in_spent', params: { hours: 5 } },
    });
    const en = words('en-US');
    expect(stateHint(en.t, spent, en.te)).toContain('at most once a day');
    expect(stateHint(en.t, spent, en.te)).toContain('in 5 h');
    const zh = words('zh-CN');
    expect(stateHint(zh.t, spent, zh.te)).toContain('5 小时后');
    for (const reason of ['account.password_not_remembered', 'account.signed_out', 'account.no_credential'] as const) {
      const account = accountView({
        id: 'q',
        state: 'needs_sign_in',
        stateError: { code: 'auth.needs_sign_in', reason },
      });
      expect(stateHint(en.t, account, en.te)).not.toBe(
        stateHint(en.t, accountView({ id: 'r', state: 'needs_sign_in' }), en.te),
      );
    }
  });
});

describe('an access token the site stopped taking', () => {
  const retired: AppError = {
    code: 'auth.token_retired',
    serverMessage: 'Legacy access tokens have been retired. Create a new access token in security settings',
  };
  const account = accountView({ id: 't', state: 'needs_sign_in', stateError: retired });

  it('says the token no longer works, why and how to replace it, never a bare "refused", in both languages', () => {
    const en = words('en-US');
    const hint = stateHint(en.t, account, en.te);
    expect(hint).toContain('The access token no longer works');
    expect(hint).toContain('retired access tokens of the old kind');
    expect(hint).toContain('Edit → New access token');
    expect(hint).toContain('“Legacy access tokens have been retired');
    expect(hint).not.toContain('refused these credentials');
    expect(en.t(stateLabelKey(account, 'needs_sign_in'))).toBe('Needs a new token');
    const zh = words('zh-CN');
    expect(stateHint(zh.t, account, zh.te)).toContain('编辑 → 新访问令牌');
    expect(zh.t(stateLabelKey(account, 'needs_sign_in'))).toBe('需要新令牌');
  });

  it('shows the refusal in full where the account is listed, and offers the credential again', () => {
    expect(tokenRefusal(account)).toBe(retired);
    expect(
      tokenRefusal(accountView({ id: 'p', kind: 'password', state: 'needs_sign_in', stateError: retired })),
    ).toBeNull();
    expect(tokenRefusal(accountView({ id: 'ok' }))).toBeNull();
    expect(fixedBySignIn(retired)).toBe(true);
    expect(fixedBySignIn({ code: 'auth.token_expired' })).toBe(true);
    // A password account still reads as one that needs signing in.
    expect(stateLabelKey(accountView({ id: 'p', kind: 'password' }), 'needs_sign_in')).toBe(
      'accounts.states.needs_sign_in',
    );
  });

  it('words a missing scope with what Keydesk does with it', () => {
    const en = words('en-US');
    const error: AppError = {
      code: 'auth.scope_denied',
      reason: 'auth.scope_missing',
      params: { scope: 'api_key:reveal' },
    };
    expect(errorSentence(en.t, en.te, error)).toBe(
      'The access token lacks a permission this needs. It lacks api_key:reveal, which Keydesk uses for showing, copying and exporting whole keys; what its other permissions allow keeps working.',
    );
    const zh = words('zh-CN');
    expect(errorSentence(zh.t, zh.te, { ...error, params: { scope: 'future:scope' } })).toContain(
      '它缺少 future:scope，Keydesk 用它来完成此操作',
    );
  });
});
