// Full keys where the server has no reveal endpoint (early new-api, one-api): reveal, copy, export and the key test
// fall back to the whole keys a fresh list or detail read carries, and no KeyView ever holds one.
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../../src-shared/contract';
import { HttpTransport, KeyClient, ManagementClient, DEFAULT_UNITS } from '../../../../../src-main/gateway';
import type { AccountDirectory, AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { ClipboardGuard } from '../../../../../src-main/features/keys/clipboard-guard';
import { KeySecretsService } from '../../../../../src-main/features/keys/key-secrets.service';
import { toKeyView } from '../../../../../src-main/features/keys/key-view';
import { jsonResponse, okEnvelope, recordingLogger, settle, stubFetch, type Route } from '../../gateway/fakes';
import { FakeClock } from '../../../../support/fake-clock';

const BASE = 'https://old.example';
// Obviously fake keys, 48 characters like real ones.
const FULL = (id: number) => `fakefullkey${String(id).padStart(4, '0')}${'x'.repeat(33)}`;

const record = (id: number, key: string) => ({
  id,
  user_id: 1,
  key,
  status: 1,
  name: `k${String(id)}`,
  created_time: 1_700_000_000,
  accessed_time: 1_700_000_000,
  expired_time: -1,
  remain_quota: 1000,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: null,
  used_quota: 0,
  group: '',
});

const invalidUrl: Route = (req) =>
  jsonResponse({ error: { message: `Invalid URL (${req.method} ${req.url.pathname})`, type: 'new_api_error' } }, 404);

/** An early new-api: no reveal endpoints, lists and details carry whole keys (bare arrays, 0-based pages). */
const earlyServer =
  (ids: readonly number[], masked = false): Route =>
  (req) => {
    const key = (id: number) => (masked ? 'abcd**********wxyz' : FULL(id));
    const path = req.url.pathname;
    if (path.endsWith('/key') || path === '/api/token/batch/keys') return invalidUrl(req);
    const byId = /^\/api\/token\/(\d+)$/.exec(path);
    if (byId) return okEnvelope(record(Number(byId[1]), key(Number(byId[1]))));
    if (path === '/api/token/')
      return okEnvelope(req.url.searchParams.get('p') === '0' ? ids.map((id) => record(id, key(id))) : []);
    if (path === '/v1/models') return jsonResponse({ object: 'list', data: [{ id: 'gpt-4o' }] });
    return new Response('404 page not found', { status: 404 });
  };

function setup(route: Route) {
  const clock = new FakeClock();
  clock.time = 1_780_000_000_000;
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const transport = new HttpTransport({ fetch, clock, logger });
  const management = new ManagementClient({ transport, logger, clock, baseUrl: BASE, accessToken: 'fake-token' });
  const handle: AccountHandle = {
    id: 'old',
    kind: 'access_token',
    label: 'Old site',
    units: DEFAULT_UNITS,
    isDisabled: false,
    isHidden: false,
    thresholds: {} as AccountHandle['thresholds'],
  };
  const usedKeys: string[] = [];
  const directory = {
    list: () => [handle],
    get: () => handle,
    management: () => Promise.resolve(management),
    keyClient: (_: string, apiKey?: string) => {
      usedKeys.push(apiKey ?? '');
      return Promise.resolve(new KeyClient({ transport, logger, apiUrl: BASE, baseUrl: BASE, apiKey: apiKey ?? '' }));
    },
    activeId: () => 'old',
    switch: () => undefined,
    onChange: () => () => undefined,
  } satisfies AccountDirectory;
  const board = {
    isAvailable: true,
    text: '',
    readText: () => Promise.resolve(board.text),
    writeText: (t: string) => {
      board.text = t;
      return Promise.resolve();
    },
    clear: () => void (board.text = ''),
  };
  const clipboard = new ClipboardGuard(
    board,
    () => clock.now(),
    30_000,
    () => () => undefined,
  );
  const saved: string[] = [];
  const files = { save: (_: string, contents: string) => (saved.push(contents), Promise.resolve('/tmp/export.json')) };
  const service = new KeySecretsService({ directory, clipboard, files, clock });
  const run = <T>(p: Promise<Result<T>>) => settle(clock, p);
  return { service, fetch, run, board, saved, usedKeys };
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
};

describe('KeySecretsService on a server without reveal', () => {
  it('reveals from a fresh detail read, then stops asking reveal for that account', async () => {
    const { service, fetch, run } = setup(earlyServer([5, 6]));
    expect(value(await run(service.reveal('old', 5))).key).toBe(`sk-${FULL(5)}`);
    expect(value(await run(service.reveal('old', 6))).key).toBe(`sk-${FULL(6)}`);
    const reveals = fetch.sent.filter((r) => r.url.pathname.endsWith('/key'));
    expect(reveals).toHaveLength(1);
  });

  it('copies and exports the whole keys a list read carries', async () => {
    const { service, run, board, saved } = setup(earlyServer([5, 6, 7]));
    expect(value(await run(service.copy('old', [5, 7, 9])))).toMatchObject({ copied: 2, missing: [9] });
    expect(board.text).toBe(`sk-${FULL(5)}\nsk-${FULL(7)}`);
    expect(value(await run(service.export('old', [6], 'json')))).toMatchObject({ count: 1, missing: [] });
    expect(saved[0]).toContain(`sk-${FULL(6)}`);
  });

  it('tests the key with its whole key from the detail read', async () => {
    const { service, run, usedKeys } = setup(earlyServer([5]));
    expect(value(await run(service.test('old', 5))).modelCount).toBe(1);
    expect(usedKeys).toEqual([`sk-${FULL(5)}`]);
  });

  it('still says unsupported when the reads are masked too: nothing to fall back on', async () => {
    const { service, run } = setup(earlyServer([5], true));
    const r = await run(service.reveal('old', 5));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'unsupported', feature: 'reveal' });
  });

  it('never puts a whole listed key in a KeyView', () => {
    const view = toKeyView('old', { ...record(5, `sk-${FULL(5)}`), isMasked: false }, 1_780_000_000);
    expect(JSON.stringify(view)).not.toContain(FULL(5));
    expect(view.maskedKey).toMatch(/^sk-fake\*+xxxx$/);
  });
});
