// The site-money cache: the right currency at once on start (from disk, no request), a re-read after a day and on
// demand, a failed read keeping what was known; and old account records with the removed `units` override.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../../../../src-main/gateway/http';
import { accountsDocumentSchema } from '../../../../../src-main/features/accounts/account-records';
import { accountMoney } from '../../../../../src-main/features/site/account-money';
import {
  EMPTY_SITE_MONEY,
  SITE_MONEY_MAX_AGE_MS,
  SITE_MONEY_RETRY_MS,
  SiteMoneyService,
  siteMoneyDocumentSchema,
  withSiteMoney,
} from '../../../../../src-main/features/site/site-money.service';
import { ConfigStore } from '../../../../../src-main/vault/config.store';
import { okEnvelope, recordingLogger, settle, stubFetch, type Route } from '../../gateway/fakes';
import { FakeClock } from '../../../../support/fake-clock';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'keydesk-money-')), 'data');
});
afterEach(() => {
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

const USD_STATUS = { quota_per_unit: 500000, quota_display_type: 'USD', price: 7.3 };

function open(route: Route, clock = new FakeClock()) {
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const service = new SiteMoneyService({
    store: new ConfigStore({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: dir,
      name: 'site-money',
      schema: siteMoneyDocumentSchema,
      defaults: EMPTY_SITE_MONEY,
    }),
    transport: new HttpTransport({ fetch, clock, logger, maxRetries: 0 }),
    log: logger,
    clock,
  });
  return { service, fetch, clock, run: <T>(p: Promise<T>) => settle(clock, p) };
}

/** What Node's fetch throws when the host cannot be reached: a TypeError whose cause has the system's code. */
const offline = (): TypeError => new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });

describe('SiteMoneyService', () => {
  it('shows the cached currency at once after a restart, without asking the site', async () => {
    const first = open(() => okEnvelope(USD_STATUS));
    await first.run(first.service.refresh('https://gw.example/'));
    const second = open(() => {
      throw new Error('no request expected on start');
    });
    expect(second.service.get('https://gw.example')?.money).toMatchObject({ displayType: 'USD', price: '7.3' });
    expect(accountMoney(second.service.get('https://gw.example'), null)).toMatchObject({
      origin: 'site',
      yuanPerUsd: '7.3',
      yuanRateSource: 'site_price',
    });
    expect(second.fetch.sent).toHaveLength(0);
  });

  it('re-reads a site only once its settings are a day old', async () => {
    let type = 'USD';
    const { service, fetch, clock, run } = open(() => okEnvelope({ ...USD_STATUS, quota_display_type: type }));
    await run(service.refreshStale(['https://gw.example']));
    type = 'CNY';
    clock.time += SITE_MONEY_MAX_AGE_MS - 1;
    await run(service.refreshStale(['https://gw.example/']));
    expect(fetch.sent).toHaveLength(1);
    clock.time += 1;
    await run(service.refreshStale(['https://gw.example/']));
    expect(fetch.sent).toHaveLength(2);
    expect(service.get('https://gw.example')?.money?.displayType).toBe('CNY');
  });

  it('keeps what it knew when a read fails, and tells listeners only of reads that landed', async () => {
    let isDown = false;
    const { service, run } = open(() => (isDown ? Promise.reject(offline()) : okEnvelope(USD_STATUS)));
    let changes = 0;
    service.onChange(() => changes++);
    await run(service.refresh('https://gw.example'));
    isDown = true;
    const failed = await run(service.refresh('https://gw.example'));
    expect(failed.ok).toBe(false);
    expect(service.get('https://gw.example')?.money?.displayType).toBe('USD');
    expect(changes).toBe(1);
  });

  it('does not ask a site that just failed again on every background check, but does on demand', async () => {
    const { service, fetch, clock, run } = open(() => Promise.reject(offline()));
    await run(service.refreshStale(['https://down.example']));
    await run(service.refreshStale(['https://down.example']));
    expect(fetch.sent).toHaveLength(1);
    await run(service.refresh('https://down.example'));
    expect(fetch.sent).toHaveLength(2);
    clock.time += SITE_MONEY_RETRY_MS;
    await run(service.refreshStale(['https://down.example']));
    expect(fetch.sent).toHaveLength(3);
  });

  it('remembers a site that says nothing as the spec’s yuan, and the user rate wins over the site price', async () => {
    const { service, run } = open(() => new Response('404 page not found', { status: 404 }));
    await run(service.refresh('https://spec.example'));
    expect(accountMoney(service.get('https://spec.example'), null)).toMatchObject({
      origin: 'spec',
      site: { displayType: 'CNY', symbol: '¥', quotaPerUnit: 500000 },
    });
    const usd = {
      money: { displayType: 'USD', quotaPerUnit: 500000, rate: '1', symbol: '$', price: '7.3' },
      fetchedAt: 1,
    } as const;
    expect(accountMoney(usd, '0.85')).toMatchObject({ yuanPerUsd: '0.85', yuanRateSource: 'user' });
  });
});

describe('the site cache under keys such as constructor', () => {
  const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty'] as const;

  it('finds nothing under a name it never read, and keeps a file’s entries under any key across a restart', async () => {
    const first = open(() => okEnvelope(USD_STATUS));
    // An account record of an older data folder could hold any text as its address: a miss, never Object's own.
    for (const name of NAMES) expect(first.service.get(name)).toBeUndefined();
    await first.run(first.service.refresh('https://gw.example/'));
    // A cache file holding such keys (written by hand, or by a build that kept any address) reads back whole.
    const path = join(dir, 'site-money.json');
    const text = readFileSync(path, 'utf8');
    const entry = JSON.stringify((JSON.parse(text) as { sites: Record<string, unknown> }).sites['https://gw.example']);
    const sites = NAMES.map((name) => `${JSON.stringify(name)}:${entry}`).join(',');
    writeFileSync(path, text.replace(/"sites": ?\{/, `"sites":{${sites},`));
    const second = open(() => {
      throw new Error('no request expected on start');
    });
    expect(second.service.get('https://gw.example')?.money?.displayType).toBe('USD');
    for (const name of NAMES) expect(second.service.get(name)?.money?.displayType).toBe('USD');
    expect(second.service.get('valueOf')).toBeUndefined();
  });
});

describe('connection test', () => {
  it('carries the site money beside the tested balance, read at the normalised base address', async () => {
    const { service, fetch, run } = open(() => okEnvelope(USD_STATUS));
    const check = { displayName: 'alice', balanceUnits: 500_000 };
    const answer = await run(withSiteMoney(check, 'https://gw.example/api/', service));
    expect(answer.ok && answer.value.money).toMatchObject({ displayType: 'USD', symbol: '$' });
    expect(fetch.sent[0]?.url.href).toBe('https://gw.example/api/status');
  });

  it('answers the test unchanged when the site cannot be read', async () => {
    const { service, run } = open(() => Promise.reject(offline()));
    const check = { displayName: 'alice', balanceUnits: 1 };
    expect(await run(withSiteMoney(check, 'https://gw.example', service))).toEqual({ ok: true, value: check });
  });
});

describe('account records', () => {
  it('still load when written with the old integer `units` override, which is dropped for the site’s own', () => {
    const old = {
      accounts: [
        {
          id: 'a1',
          label: 'Old',
          kind: 'access_token',
          baseUrl: 'https://gw.example',
          apiUrl: 'https://gw.example',
          units: { quotaPerUnit: 1000, currency: 'USD', symbol: '$' },
        },
      ],
      activeId: 'a1',
    };
    const parsed = accountsDocumentSchema.parse(old);
    expect(parsed.accounts[0]).not.toHaveProperty('units');
    expect(parsed.accounts[0]?.yuanPerUsd).toBeNull();
  });

  it('keep a user rate as the decimal typed, and drop a broken one rather than the account', () => {
    const base = { id: 'a', label: 'A', kind: 'api_key', baseUrl: 'https://x', apiUrl: 'https://x' };
    const doc = (yuanPerUsd: unknown) =>
      accountsDocumentSchema.parse({ accounts: [{ ...base, yuanPerUsd }], activeId: null });
    expect(doc('7.3').accounts[0]?.yuanPerUsd).toBe('7.3');
    expect(doc(7.3).accounts[0]?.yuanPerUsd).toBeNull();
    expect(doc('0').accounts[0]?.yuanPerUsd).toBeNull();
  });
});
