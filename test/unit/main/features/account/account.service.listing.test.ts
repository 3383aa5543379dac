// A group's models from the site's own lists: new-api's pricing (enable_groups, the `auto` group, `all`), its model
// list when the pricing does not say, one-api's available models for the account's own group, one pricing read
// shared by every group, a failed read tried again, and the key only where the site lists nothing.
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../../src-shared/contract';
import { DEFAULT_UNITS, HttpTransport, KeyClient, ManagementClient } from '../../../../../src-main/gateway';
import type { AccountDirectory, AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { AccountInfoService } from '../../../../../src-main/features/account/account.service';
import { pricedGroupModels } from '../../../../../src-main/features/account/group-listing';
import { jsonResponse, okEnvelope, recordingLogger, settle, stubFetch, type Route } from '../../gateway/fakes';
import { FakeClock } from '../../../../support/fake-clock';

const BASE = 'https://gw.example';

const item = (model_name: string, enable_groups: string[] | null, extra: Record<string, unknown> = {}) => ({
  model_name,
  quota_type: 0,
  model_ratio: 1,
  owner_by: '',
  completion_ratio: 1,
  ...(enable_groups === null ? {} : { enable_groups }),
  ...extra,
});
const PRICING = {
  success: true,
  data: [
    item('gpt-4o-mini', ['default', 'vip'], { supported_endpoint_types: ['openai'] }),
    item('gpt-4o', ['vip']),
    item('claude-sonnet-4', ['claude']),
    item('text-embedding-3-small', ['all']),
  ],
  group_ratio: { default: 1, vip: 2 },
  usable_group: { default: '', vip: '' },
  auto_groups: ['vip', 'claude'],
};
const invalidUrl = (path: string) => jsonResponse({ error: { message: `Invalid URL (GET ${path})` } }, 404);

function setup(route: Route) {
  const clock = new FakeClock();
  clock.time = 1_780_000_000_000;
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const transport = new HttpTransport({ fetch, clock, logger });
  const management = new ManagementClient({ transport, logger, clock, baseUrl: BASE, accessToken: 'fake-token' });
  const handle = { id: 'a', kind: 'access_token', units: DEFAULT_UNITS } as AccountHandle;
  const directory = {
    list: () => [handle],
    get: () => handle,
    management: () => Promise.resolve(management),
    keyClient: (_: string, apiKey?: string) =>
      Promise.resolve(new KeyClient({ transport, logger, apiUrl: BASE, baseUrl: BASE, apiKey: apiKey ?? '' })),
    activeId: () => 'a',
    switch: () => undefined,
    onChange: () => () => undefined,
  } satisfies AccountDirectory;
  const service = new AccountInfoService({ directory, clock });
  const run = <T>(p: Promise<Result<T>>) => settle(clock, p);
  const paths = () => fetch.sent.map((r) => `${r.url.pathname}${r.url.search}`);
  return { service, run, paths, clock };
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
};
const ids = (r: Result<{ models: readonly { id: string }[] }>) => value(r).models.map((m) => m.id);

describe('a group’s models from new-api’s pricing', () => {
  it('are the models whose enable_groups name the group, plus those open to all; no key, no reveal', async () => {
    const { service, run, paths } = setup((req) =>
      req.url.pathname === '/api/pricing' ? jsonResponse(PRICING) : new Response('', { status: 500 }),
    );
    const vip = value(await run(service.models('a', 'vip')));
    expect(vip).toMatchObject({ source: 'listing' });
    expect(vip.models.map((m) => m.id)).toEqual(['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small']);
    expect(vip.models[0]).toEqual({ id: 'gpt-4o-mini', ownedBy: '', created: null, endpointTypes: ['openai'] });
    // A second group is answered from the same read.
    expect(ids(await run(service.models('a', 'claude')))).toEqual(['claude-sonnet-4', 'text-embedding-3-small']);
    expect(paths()).toEqual(['/api/pricing']);
  });

  it('the account’s own group is the one /api/user/self names; `auto` is every group it tries', async () => {
    const { service, run, paths } = setup((req) =>
      req.url.pathname === '/api/pricing'
        ? jsonResponse(PRICING)
        : okEnvelope({ id: 1, username: 'u', role: 1, status: 1, group: 'vip', quota: 0, used_quota: 0 }),
    );
    expect(ids(await run(service.models('a')))).toEqual(['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small']);
    expect(ids(await run(service.models('a', 'auto')))).toEqual([
      'gpt-4o-mini',
      'gpt-4o',
      'claude-sonnet-4',
      'text-embedding-3-small',
    ]);
    expect(paths()).toEqual(['/api/pricing', '/api/user/self']);
  });

  it('when the pricing does not say which groups serve a model, asks the site’s model list for the group', async () => {
    const silent = { ...PRICING, data: [item('gpt-4o', null)] };
    const { service, run, paths } = setup((req) =>
      req.url.pathname === '/api/pricing' ? jsonResponse(silent) : okEnvelope(['gpt-4o', 'o3']),
    );
    expect(ids(await run(service.models('a', 'vip')))).toEqual(['gpt-4o', 'o3']);
    expect(paths()).toEqual(['/api/pricing', '/api/user/models?group=vip']);
  });

  it('a failed pricing read is said, and tried again next time rather than remembered', async () => {
    let isDown = true;
    const { service, run, paths } = setup((req) =>
      req.url.pathname === '/api/pricing' && isDown
        ? jsonResponse({ success: false, message: 'database is down' })
        : jsonResponse(PRICING),
    );
    const first = await run(service.models('a', 'vip'));
    expect(first.ok ? null : first.error).toMatchObject({ code: 'server', serverMessage: 'database is down' });
    isDown = false;
    expect(ids(await run(service.models('a', 'vip')))).toContain('gpt-4o');
    expect(paths()).toEqual(['/api/pricing', '/api/pricing']);
  });
});

describe('a group’s models where there is no pricing', () => {
  it('one-api: its available models, for the account’s own group (its keys have no group)', async () => {
    const { service, run, paths } = setup((req) =>
      req.url.pathname === '/api/user/available_models'
        ? okEnvelope(['gpt-4o-mini', 'gpt-3.5-turbo'])
        : invalidUrl(req.url.pathname),
    );
    const own = value(await run(service.models('a', '')));
    expect(own).toMatchObject({ source: 'listing' });
    expect(own.models.map((m) => m.id)).toEqual(['gpt-4o-mini', 'gpt-3.5-turbo']);
    expect(paths()).toEqual(['/api/pricing', '/api/user/available_models']);
  });

  it('a site with no list at all (the spec’s) falls back to a key, and only then lists the keys', async () => {
    const { service, run, paths } = setup((req) =>
      req.url.pathname === '/api/token/'
        ? okEnvelope({ page: 1, page_size: 100, total: 0, items: [] })
        : new Response('404 page not found', { status: 404 }),
    );
    const r = await run(service.models('a', 'vip'));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'not_found', reason: 'models.no_probe_key_in_group' });
    expect(paths()).toEqual(['/api/pricing', '/api/user/models?group=vip', '/api/token/?p=1&size=100']);
  });
});

describe('pricedGroupModels', () => {
  it('answers null, not a short list, when any model is listed without its groups', () => {
    const pricing = {
      models: [
        { id: 'a', ownedBy: '', endpointTypes: [], groups: ['vip'] },
        { id: 'b', ownedBy: '', endpointTypes: [], groups: null },
      ],
      autoGroups: [],
    };
    expect(pricedGroupModels(pricing, 'vip')).toBeNull();
    expect(pricedGroupModels({ ...pricing, models: pricing.models.slice(0, 1) }, 'default')).toEqual([]);
  });
});
