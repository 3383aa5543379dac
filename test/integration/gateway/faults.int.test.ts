// Resilience against the emulator's fault injection: 429 + Retry-After, 503, hangs, malformed JSON, HTML pages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/index';
import { SEED, addFault, failure, makeClients, readLog, reset, value } from './setup';
import { startEmulator } from '../../support/emulator';

let gw: Gateway;
beforeAll(async () => {
  // A running clock: the request log's times must move for the Retry-After check.
  gw = await startEmulator({ seed: SEED, isClockRunning: true });
});
afterAll(() => gw.close());
beforeEach(() => reset(gw, { isClockRunning: true }));

const entriesFor = async (path: string) => (await readLog(gw)).filter((e) => e.path === path);

describe('faults', () => {
  it('retries a read after 429 only once Retry-After has passed (emulator clock)', async () => {
    await addFault(gw, { match: '/api/token/', method: 'GET', kind: 'rate_limit', retry_after_s: 2, times: 1 });
    const { management } = makeClients(gw, { transportOptions: { totalTimeoutMs: 10_000 } });
    expect(value(await management.listKeys()).items.length).toBeGreaterThan(0);
    const [limited, retried] = await entriesFor('/api/token/');
    expect(limited).toMatchObject({ status: 429, fault: 'rate_limit' });
    expect(retried?.status).toBe(200);
    // Whole seconds: two requests less than 2 s apart can never be logged 2 apart.
    expect((retried?.time ?? 0) - (limited?.time ?? 0)).toBeGreaterThanOrEqual(2);
  });

  it('does not retry a rate-limited write and reports the delay', async () => {
    await addFault(gw, { match: '/api/token/batch/keys', kind: 'rate_limit', retry_after_s: 7 });
    const e = failure(await makeClients(gw).management.revealKeys([1]));
    expect(e).toMatchObject({ code: 'rate_limited', retryAfterMs: 7000, retryable: true });
    expect(await entriesFor('/api/token/batch/keys')).toHaveLength(1);
  });

  it('retries a read through two 503s, then succeeds', async () => {
    await addFault(gw, { match: '/api/user/self', kind: 'status', status: 503, times: 2 });
    expect(value(await makeClients(gw).management.getSelf()).id).toBe(1);
    expect((await entriesFor('/api/user/self')).map((e) => e.status)).toEqual([503, 503, 200]);
  });

  it('gives up after two retries with server', async () => {
    await addFault(gw, { match: '/api/user/self', kind: 'status', status: 503 });
    expect(failure(await makeClients(gw).management.getSelf()).code).toBe('server');
    expect(await entriesFor('/api/user/self')).toHaveLength(3);
  });

  it('never retries a write that got 503, and the update is not half-done', async () => {
    await addFault(gw, { match: '/api/token/', method: 'PUT', kind: 'status', status: 503 });
    const { management } = makeClients(gw);
    expect(failure(await management.updateKey(1, { name: 'x' })).code).toBe('server');
    expect((await readLog(gw)).filter((e) => e.method === 'PUT')).toHaveLength(1);
  });

  it('times out a hanging read after its retries, and a hanging write after one attempt', async () => {
    await addFault(gw, { match: '/api/user/self/groups', kind: 'hang' });
    await addFault(gw, { match: '/api/token/1', method: 'DELETE', kind: 'hang' });
    const { management } = makeClients(gw);
    const read = failure(await management.getGroups());
    expect(read).toMatchObject({ code: 'timeout', retryable: true });
    expect((await entriesFor('/api/user/self/groups')).length).toBeGreaterThanOrEqual(2);
    expect(failure(await management.deleteKey(1)).code).toBe('timeout');
    expect(await entriesFor('/api/token/1')).toHaveLength(1);
  });

  it('reads malformed JSON as protocol (unknown), never as an empty or zero value', async () => {
    await addFault(gw, {
      match: '/v1/dashboard/billing/usage',
      kind: 'malformed_json',
      body: '{"object":"list","total_usage":',
    });
    await addFault(gw, { match: '/api/token/', method: 'GET', kind: 'malformed_json' });
    const { management, keyClient } = makeClients(gw);
    expect(failure(await keyClient(6).getBalance()).code).toBe('protocol');
    expect(failure(await management.listKeys()).code).toBe('protocol');
  });

  it('reads an HTML error page as server, retrying reads, and a 200 HTML page as server too', async () => {
    await addFault(gw, { match: '/api/subscription/self', kind: 'html', status: 502 });
    await addFault(gw, { match: '/v1/models', kind: 'html', status: 200, body: '<!DOCTYPE html><html>login</html>' });
    const { management, keyClient } = makeClients(gw);
    const e = failure(await management.getSubscription());
    expect(e.code).toBe('server');
    expect(await entriesFor('/api/subscription/self')).toHaveLength(3);
    expect(failure(await keyClient(1).listModels()).code).toBe('server');
  });
});
