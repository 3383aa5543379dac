import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../../src-shared/contract';
import {
  GatewayError,
  classifyResponse,
  parseRetryAfter,
  whereSupported,
  type FailureContext,
} from '../../../../src-main/gateway/errors';

const mgmt: FailureContext = {
  audience: 'management',
  baseLabel: 'base_url',
  baseUrl: 'https://gw.example',
  scope: 'api_key:read',
  businessFailure: 'validation',
};
const key: FailureContext = {
  audience: 'key',
  baseLabel: 'api_url',
  baseUrl: 'https://api.example',
  businessFailure: 'server',
};

const facts = (
  status: number,
  body: unknown,
  extra: { text?: string; contentType?: string; retryAfterMs?: number } = {},
) => ({
  status,
  json: body,
  text: extra.text ?? (body === undefined ? '' : JSON.stringify(body)),
  contentType: extra.contentType ?? 'application/json',
  ...(extra.retryAfterMs === undefined ? {} : { retryAfterMs: extra.retryAfterMs }),
});

describe('error taxonomy', () => {
  it('maps each situation of spec 7 to its code, keeping the server message', () => {
    const cases: [ReturnType<typeof facts>, FailureContext, string][] = [
      [facts(401, { success: false, code: 'AUTH_UNAUTHORIZED', message: 'bad token' }), mgmt, 'auth.unauthorized'],
      [facts(401, { success: false, code: 'AUTH_TOKEN_EXPIRED', message: 'expired' }), mgmt, 'auth.expired'],
      [facts(403, { success: false, code: 'ACCESS_TOKEN_SCOPE_DENIED', message: 'no' }), mgmt, 'auth.scope_denied'],
      [facts(200, { success: false, message: 'record not found' }), mgmt, 'not_found'],
      [facts(200, { success: false, message: 'token name is too long' }), mgmt, 'validation'],
      [facts(404, undefined, { text: '404 page not found', contentType: 'text/plain' }), mgmt, 'wrong_base_address'],
      [facts(401, { error: { message: 'invalid token', code: 'invalid_api_key' } }), key, 'key.invalid'],
      [facts(401, { code: false, message: 'token has expired', data: null }), key, 'key.invalid'],
      [
        facts(403, { error: { message: 'access to group vip is not permitted', code: 'group_not_permitted' } }),
        key,
        'key.group_denied',
      ],
      [
        facts(503, { error: { message: 'no channel', type: 'server_error', code: 'model_not_found' } }),
        key,
        'model_not_found',
      ],
      [facts(429, undefined, { retryAfterMs: 2000 }), mgmt, 'rate_limited'],
      [facts(503, { success: false, message: 'down' }), mgmt, 'server'],
      [
        facts(502, undefined, { text: '<html><body>Bad Gateway</body></html>', contentType: 'text/html' }),
        mgmt,
        'server',
      ],
      [facts(200, undefined, { text: '{"success": true, "data": [' }), mgmt, 'protocol'],
      [facts(408, undefined), mgmt, 'timeout'],
      [
        facts(404, { error: { message: 'Invalid URL (GET /api/token/)', type: 'new_api_error' } }),
        mgmt,
        'wrong_base_address',
      ],
      [facts(200, { code: false, message: 'usage failed' }), key, 'server'],
    ];
    for (const [response, ctx, code] of cases) {
      const error = classifyResponse(response, ctx);
      expect(error?.code, JSON.stringify(response)).toBe(code);
      expect(ERROR_CODES).toContain(code);
      const server = (response.json as { message?: string } | undefined)?.message;
      if (server) expect(error?.serverMessage).toContain(server);
    }
  });

  it('reads a group refusal with an empty code, in Chinese or English, as key.group_denied', () => {
    // Real servers: HTTP 403, empty code, message in Chinese only.
    const refusals = [
      { error: { message: '无权访问 vip 分组', type: 'new_api_error', code: '' } },
      { error: { message: '无权访问 企业 分组', type: 'new_api_error' } },
      { success: false, message: '无权访问 vip 分组' },
      { error: { message: 'access to group vip is not permitted', type: 'new_api_error', code: '' } },
      { error: { message: 'No permission to access this group', type: 'new_api_error', code: '' } },
    ];
    for (const body of refusals) {
      const error = classifyResponse(facts(403, body), key);
      expect(error?.code, JSON.stringify(body)).toBe('key.group_denied');
    }
    // A 403 about something else on a key stays key.invalid.
    const model = { error: { message: '该令牌无权访问模型 gpt-4o', type: 'new_api_error', code: '' } };
    expect(classifyResponse(facts(403, model), key)?.code).toBe('key.invalid');
  });

  it('reads the JSON "Invalid URL" 404 as unsupported where the endpoint is version-dependent', async () => {
    const invalid = facts(404, { error: { message: 'Invalid URL (POST /api/token/5/key)', type: 'new_api_error' } });
    const fail = (response: ReturnType<typeof facts>) => () =>
      Promise.reject(classifyResponse(response, mgmt) ?? new Error('no failure'));
    const error = await whereSupported('reveal', fail(invalid)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).toAppError()).toMatchObject({ code: 'unsupported', feature: 'reveal' });
    // Gin's text 404 is a wrong address even there; other failures pass through untouched.
    const text = facts(404, undefined, { text: '404 page not found', contentType: 'text/plain' });
    expect(await whereSupported('reveal', fail(text)).catch((e: unknown) => (e as GatewayError).code)).toBe(
      'wrong_base_address',
    );
    // An endpoint the spec does not define: the spec's server answers its text 404 there, and that is "not offered".
    expect(
      await whereSupported('usage_logs', fail(text), true).catch((e: unknown) => (e as GatewayError).toAppError()),
    ).toMatchObject({ code: 'unsupported', feature: 'usage_logs' });
    const notFound = facts(200, { success: false, message: 'record not found' });
    expect(await whereSupported('reveal', fail(notFound)).catch((e: unknown) => (e as GatewayError).code)).toBe(
      'not_found',
    );
  });

  it('lets a success envelope through to its schema', () => {
    expect(classifyResponse(facts(200, { success: true, message: '', data: {} }), mgmt)).toBeUndefined();
    expect(classifyResponse(facts(200, { code: true, message: 'ok', data: {} }), key)).toBeUndefined();
    expect(classifyResponse(facts(200, { data: [], object: 'list' }), key)).toBeUndefined();
  });

  it('names the missing scope, from the message or from the endpoint', () => {
    const named = classifyResponse(
      facts(403, {
        success: false,
        code: 'ACCESS_TOKEN_SCOPE_DENIED',
        message: 'access token lacks the required scope api_key:reveal',
      }),
      mgmt,
    );
    expect(named?.toAppError().scope).toBe('api_key:reveal');
    const unnamed = classifyResponse(
      facts(403, { success: false, code: 'ACCESS_TOKEN_SCOPE_DENIED', message: 'denied' }),
      mgmt,
    );
    expect(unnamed?.toAppError().scope).toBe('api_key:read');
  });

  it('gives each refusal of new-api rc.41’s scoped access tokens its own code, never a bare "refused"', () => {
    const refusal = (status: number, code: string, message: string) =>
      classifyResponse(facts(status, { success: false, code, message }), mgmt)?.toAppError();
    expect(refusal(401, 'ACCESS_TOKEN_LEGACY_RETIRED', 'Legacy access tokens have been retired')).toMatchObject({
      code: 'auth.token_retired',
      serverMessage: 'Legacy access tokens have been retired',
    });
    expect(refusal(401, 'ACCESS_TOKEN_EXPIRED', 'expired')?.code).toBe('auth.token_expired');
    expect(refusal(403, 'ACCESS_TOKEN_ROUTE_UNDECLARED', 'not for tokens')?.code).toBe('auth.route_undeclared');
    expect(refusal(403, 'AUTH_SESSION_REQUIRED', 'browser only')?.code).toBe('auth.session_required');
    expect(refusal(401, 'AUTH_USER_DISABLED', 'banned')).toMatchObject({
      code: 'auth.unauthorized',
      reason: 'auth.user_disabled',
    });
    // The scope refusal names the scope as a value our sentence words (what Keydesk does with it).
    expect(
      refusal(403, 'ACCESS_TOKEN_SCOPE_DENIED', 'The access token lacks the required permission: usage:read'),
    ).toMatchObject({
      code: 'auth.scope_denied',
      scope: 'usage:read',
      reason: 'auth.scope_missing',
      params: { scope: 'usage:read' },
    });
  });

  it('says which base address is wrong', () => {
    const text404 = facts(404, undefined, { text: '404 page not found', contentType: 'text/plain' });
    expect(classifyResponse(text404, mgmt)?.toAppError()).toMatchObject({
      reason: 'address.base_url_not_management',
      params: { address: 'https://gw.example' },
    });
    expect(classifyResponse(text404, key)?.toAppError()).toMatchObject({
      reason: 'address.api_url_not_models',
      params: { address: 'https://api.example' },
    });
  });

  it('carries Retry-After and marks transient failures retryable', () => {
    const limited = classifyResponse(facts(429, undefined, { retryAfterMs: 3000 }), mgmt)?.toAppError();
    expect(limited).toMatchObject({ code: 'rate_limited', retryAfterMs: 3000, retryable: true });
    expect(classifyResponse(facts(200, { success: false, message: 'x' }), mgmt)?.toAppError().retryable).toBe(false);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
