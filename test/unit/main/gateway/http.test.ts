import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../../src-main/gateway/errors';
import { HttpTransport, type HttpMethod } from '../../../../src-main/gateway/http';
import { hang, jsonResponse, recordingLogger, settle, stubFetch, type Route } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

function setup(route: Route, options: { randoms?: number[] } = {}) {
  const clock = new FakeClock();
  if (options.randoms) clock.randoms = options.randoms;
  const fetch = stubFetch(route, clock);
  const transport = new HttpTransport({ fetch, clock, logger: recordingLogger() });
  const send = (method: HttpMethod = 'GET', url = 'https://gw.example/api/x') =>
    settle(clock, transport.send({ method, url }));
  return { clock, fetch, transport, send };
}

const sequence = (...responses: (() => Response | Promise<Response>)[]): Route => {
  let i = 0;
  return () => (responses[Math.min(i++, responses.length - 1)] ?? (() => jsonResponse({})))();
};

const err = async (p: Promise<unknown>): Promise<GatewayError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof GatewayError) return e;
    throw e;
  }
  throw new Error('expected a GatewayError');
};

describe('HTTP transport', () => {
  it('retries a read after 429 no earlier than Retry-After', async () => {
    const { fetch, send } = setup(
      sequence(
        () => new Response(null, { status: 429, headers: { 'Retry-After': '3' } }),
        () => jsonResponse({ ok: 1 }),
      ),
      { randoms: [0] },
    );
    const res = await send();
    expect(res.status).toBe(200);
    expect(fetch.sent.map((r) => r.at)).toEqual([0, 3000]);
  });

  it('backs off exponentially with full jitter, at most twice, then returns the last answer', async () => {
    const { fetch, send } = setup(() => jsonResponse({ success: false }, 503), { randoms: [0.5, 0.5] });
    const res = await send();
    expect(res.status).toBe(503);
    // base 500 ms: attempt 1 waits 0.5 × 500, attempt 2 waits 0.5 × 1000
    expect(fetch.sent.map((r) => r.at)).toEqual([0, 250, 750]);
  });

  it('jitter is drawn from [0, cap): a random of 0.999 waits just under the full step', async () => {
    const { fetch, send } = setup(
      sequence(
        () => jsonResponse({}, 502),
        () => jsonResponse({}),
      ),
      { randoms: [0.999] },
    );
    await send();
    expect(fetch.sent[1]?.at).toBeCloseTo(499.5);
  });

  it('retries reads on network errors and 408', async () => {
    const { fetch, send } = setup(
      sequence(
        () => Promise.reject(new TypeError('fetch failed')),
        () => new Response(null, { status: 408 }),
        () => jsonResponse({ fine: true }),
      ),
    );
    expect((await send()).json).toEqual({ fine: true });
    expect(fetch.sent).toHaveLength(3);
  });

  it('never retries writes, whatever happened', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const a = setup(() => jsonResponse({}, 503));
      expect((await a.send(method)).status).toBe(503);
      expect(a.fetch.sent).toHaveLength(1);
      const b = setup(() => new Response(null, { status: 429, headers: { 'Retry-After': '1' } }));
      expect((await b.send(method)).status).toBe(429);
      expect(b.fetch.sent).toHaveLength(1);
      const c = setup(() => Promise.reject(new TypeError('fetch failed')));
      expect((await err(c.send(method))).code).toBe('network');
      expect(c.fetch.sent).toHaveLength(1);
    }
  });

  it('does not start a wait for Retry-After that outlasts the 30 s budget', async () => {
    const { fetch, send } = setup(() => new Response(null, { status: 429, headers: { 'Retry-After': '60' } }));
    const res = await send();
    expect(res.status).toBe(429);
    expect(res.retryAfterMs).toBe(60_000);
    expect(fetch.sent).toHaveLength(1);
  });

  it('times an attempt out after 10 s and the whole call after 30 s', async () => {
    const { clock, fetch, send } = setup(() => hang(), { randoms: [0] });
    const e = await err(send());
    expect(e.code).toBe('timeout');
    expect(fetch.sent.map((r) => r.at)).toEqual([0, 10_000, 20_000]);
    expect(clock.now()).toBe(30_000);
  });

  it('a write that hangs times out after one attempt', async () => {
    const { clock, fetch, send } = setup(() => hang());
    expect((await err(send('POST'))).code).toBe('timeout');
    expect(fetch.sent).toHaveLength(1);
    expect(clock.now()).toBe(10_000);
  });

  it('a caller that cancels gets no retries', async () => {
    const clock = new FakeClock();
    const fetch = stubFetch(() => hang(), clock);
    const transport = new HttpTransport({ fetch, clock, logger: recordingLogger() });
    const controller = new AbortController();
    const pending = transport.send({ method: 'GET', url: 'https://gw.example/a', signal: controller.signal });
    await new Promise((r) => setImmediate(r));
    controller.abort();
    const e = await err(pending);
    expect(e.code).toBe('network');
    expect(e.message).toMatch(/cancel/);
    expect(fetch.sent).toHaveLength(1);
  });

  it('keeps at most two requests in flight per host', async () => {
    const clock = new FakeClock();
    const gates: (() => void)[] = [];
    let inFlight = 0;
    let peak = 0;
    const fetch = stubFetch(async (req) => {
      if (req.url.host !== 'gw.example') return jsonResponse({});
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise<void>((r) => gates.push(r));
      inFlight--;
      return jsonResponse({});
    }, clock);
    const transport = new HttpTransport({ fetch, clock, logger: recordingLogger() });
    const all = Array.from({ length: 5 }, () => transport.send({ method: 'GET', url: 'https://gw.example/a' }));
    await new Promise((r) => setImmediate(r));
    expect(inFlight).toBe(2);
    // Another host is not held up by this one.
    await transport.send({ method: 'GET', url: 'https://other.example/a' });
    while (gates.length > 0 || inFlight > 0) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(all);
    expect(peak).toBe(2);
    expect(fetch.sent.filter((r) => r.url.host === 'gw.example')).toHaveLength(5);
  });

  it('follows a same-origin redirect keeping method and body, and refuses another origin', async () => {
    const { fetch, transport, clock } = setup((req) =>
      req.url.pathname === '/api/token'
        ? new Response(null, { status: 301, headers: { Location: '/api/token/' } })
        : req.url.pathname === '/away'
          ? new Response(null, { status: 307, headers: { Location: 'https://elsewhere.example/api/' } })
          : jsonResponse({ success: true }),
    );
    const res = await settle(
      clock,
      transport.send({ method: 'PUT', url: 'https://gw.example/api/token', body: { id: 1 } }),
    );
    expect(res.status).toBe(200);
    expect(fetch.sent.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['PUT', '/api/token', { id: 1 }],
      ['PUT', '/api/token/', { id: 1 }],
    ]);
    const e = await err(settle(clock, transport.send({ method: 'GET', url: 'https://gw.example/away' })));
    expect(e.code).toBe('wrong_base_address');
    expect(e.details).toMatchObject({ reason: 'address.redirects', params: { target: 'https://elsewhere.example' } });
    expect(fetch.sent.some((r) => r.url.host === 'elsewhere.example')).toBe(false);
  });

  it('reads HTML and broken JSON as text without a parsed body', async () => {
    const { send } = setup(
      sequence(() => new Response('<html></html>', { status: 502, headers: { 'Content-Type': 'text/html' } })),
    );
    const res = await send('POST');
    expect(res.json).toBeUndefined();
    expect(res.text).toContain('<html>');
  });
});
