// A refusal of a login's second step, worded for what it is about. new-api answers every case with HTTP 200 and
// success:false (controller/twofa.go, Verify2FALogin), so the site's words are the only sign; these are its own.
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../../src-shared/contract';
import { secondFactorRefusal } from '../../../../../src-main/features/accounts/account-sign-in';

const refused = (serverMessage: string): AppError => ({ code: 'auth.unauthorized', serverMessage, retryable: false });

describe('secondFactorRefusal', () => {
  it.each(['验证码或备用码错误，请重试', 'invalid verification code', '参数错误'])(
    'names “%s” a refused code',
    (said) => {
      expect(secondFactorRefusal(refused(said))).toEqual({ ...refused(said), code: 'auth.code_rejected' });
    },
  );

  it.each(['会话已过期，请重新登录', 'login flow is missing or expired; log in again'])(
    'names “%s” a step the site ended: the sign-in starts again',
    (said) => {
      const error = secondFactorRefusal(refused(said));
      expect(error.code).toBe('auth.expired');
      expect(error.reason).toBe('account.sign_in_step_expired');
      expect(error.serverMessage).toBe(said);
    },
  );

  it.each(['用户已被禁用', '用户不存在', '用户未启用2FA'])('leaves “%s” the credential’s refusal', (said) => {
    expect(secondFactorRefusal(refused(said))).toEqual(refused(said));
  });

  it('leaves other failures as they are', () => {
    const offline: AppError = { code: 'network', reason: 'network.refused', retryable: true };
    expect(secondFactorRefusal(offline)).toBe(offline);
  });
});
