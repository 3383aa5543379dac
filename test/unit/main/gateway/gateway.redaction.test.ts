// Canaries: random secrets planted in credentials, request bodies, response headers, bodies and error messages
// of every kind of client call must never reach the logger — checked before any redaction happens.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/log/logger';
import { HttpTransport } from '../../../../src-main/gateway/http';
import { KeyClient } from '../../../../src-main/gateway/key.client';
import { ManagementClient } from '../../../../src-main/gateway/management.client';
import { NOW_SEC } from './arbitraries';
import { jsonResponse, okEnvelope, recordingLogger, settle, stubFetch, type Route } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

const canary = fc.stringMatching(/^[A-Za-z0-9]{10,20}$/).map((s) => `cnry${s}`);
const mode = fc.constantFrom(
  'ok',
  'fail401',
  'fail403',
  'business',
  'html500',
  'malformed',
  'expired',
  'hang',
  'network',
);

function keyRecord(id: number, name: string, key: string) {
  return {
    id,
    key,
    status: 1,
    name,
    created_time: NOW_SEC,
    expired_time: -1,
    remain_quota: 10,
    unlimited_quota: false,
    model_limits_enabled: false,
    model_limits: '',
    allow_ips: '',
    used_quota: 0,
    group: '',
  };
}

function route(c: string, failure: string): Route {
  const headers = { 'Set-Cookie': `session=${c}`, 'X-Debug': c };
  return (req) => {
    if (failure === 'fail401')
      return jsonResponse({ success: false, code: 'AUTH_UNAUTHORIZED', message: `bad ${c}` }, 401, headers);
    if (failure === 'fail403')
      return jsonResponse({ error: { message: `group ${c} not permitted`, code: 'x' } }, 403, headers);
    if (failure === 'business')
      return jsonResponse({ success: false, code: false, message: `refused ${c}` }, 200, headers);
    if (failure === 'html500')
      return new Response(`<html>${c}</html>`, { status: 500, headers: { 'Content-Type': 'text/html', ...headers } });
    if (failure === 'malformed') return new Response(`{"success": true, "data": "${c}`, { status: 200, headers });
    if (failure === 'expired')
      return jsonResponse({ success: false, code: 'AUTH_TOKEN_EXPIRED', message: c }, 401, headers);
    if (failure === 'hang') return new Promise<Response>(() => undefined);
    if (failure === 'network')
      return Promise.reject(new TypeError(`connect ECONNREFUSED ${c}`, { cause: { code: c } }));
    const p = req.url.pathname;
    if (p === '/api/user/login') return okEnvelope({ access_token: c, user: { id: 1 } });
    if (p.endsWith('/key')) return okEnvelope({ key: c });
    if (p === '/api/token/batch/keys') return okEnvelope({ keys: { 1: c } });
    if (/^\/api\/token\/\d+$/.test(p)) return okEnvelope(keyRecord(1, c, c));
    if (p === '/api/token/' || p === '/api/token/search')
      return okEnvelope({ page: 1, page_size: 10, total: 1, items: [keyRecord(1, c, c)] });
    if (p === '/api/usage/token/') return jsonResponse({ code: true, message: c, data: { name: c } }, 200, headers);
    return okEnvelope({ [c]: { desc: c, ratio: c } });
  };
}

async function exercise(c: string, failure: string, logger: ReturnType<typeof recordingLogger>) {
  const clock = new FakeClock();
  clock.time = NOW_SEC * 1000;
  const transport = new HttpTransport({ fetch: stubFetch(route(c, failure), clock), clock, logger });
  const m = new ManagementClient({
    transport,
    logger,
    clock,
    baseUrl: 'https://gw.example',
    saved: { credential: { kind: 'login_token', token: c, expiresAt: null, sid: null }, cookies: '', userId: 1 },
    userId: 1,
    reauthenticate: () => Promise.resolve(),
  });
  const k = new KeyClient({
    transport,
    logger,
    apiUrl: 'https://api.example',
    baseUrl: 'https://gw.example',
    apiKey: `sk-${c}`,
  });
  const calls: Promise<unknown>[] = [
    m.login(c, c),
    m.getSelf(),
    m.getGroups(),
    m.getSubscription(),
    m.listKeys(),
    m.searchKeys({ keyword: c, token: `sk-${c}` }),
    m.getKey(1),
    m.revealKey(1),
    m.revealKeys([1]),
    m.createKey({ name: c, remain_quota: 1, unlimited_quota: false, expired_time: -1, allow_ips: c }),
    m.updateKey(1, { name: c, model_limits: c }),
    m.setKeyStatus(1, true),
    m.extendAndEnable(1, { expired_time: -1 }),
    m.deleteKey(1),
    k.getBalance(),
    k.listModels(),
    k.getTokenUsage(),
    k.testChat(c),
  ];
  await settle(clock, Promise.all(calls), 5000);
}

describe('redaction canaries', () => {
  it('no planted secret reaches the logger, on success or on any failure', async () => {
    await fc.assert(
      fc.asyncProperty(canary, mode, async (c, failure) => {
        const logger = recordingLogger();
        await exercise(c, failure, logger);
        expect(logger.calls.length).toBeGreaterThan(0);
        expect(JSON.stringify(logger.calls)).not.toContain(c);
      }),
      { numRuns: 60 },
    );
  });

  it('the recorder would have caught a leak (the test can fail)', () => {
    const logger = recordingLogger();
    logger.info('oops', { token: 'cnryLeak' });
    expect(JSON.stringify(logger.calls)).toContain('cnryLeak');
  });

  it('and through the app logger the output stays clean too', async () => {
    const lines: string[] = [];
    const appLogger = createLogger({ now: Date.now, level: 'debug', sink: (line) => lines.push(line) });
    const c = 'cnryAppLoggerCheck42';
    const clock = new FakeClock();
    const transport = new HttpTransport({ fetch: stubFetch(route(c, 'fail401'), clock), clock, logger: appLogger });
    const m = new ManagementClient({
      transport,
      logger: appLogger,
      clock,
      baseUrl: 'https://gw.example',
      accessToken: c,
    });
    await settle(clock, m.getSelf());
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(c);
  });
});
