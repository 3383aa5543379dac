// Per-IP rate limits of the real servers: the shared critical bucket (login, 2FA, refresh, logout, reveal,
// batch reveal, /api/usage/*), search, the global /api bucket, admin counts, and the off switch.
/* eslint-disable @typescript-eslint/no-unsafe-member-access --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { CLIENT_IP_HEADER } from '../auth';
import { bindProfile, smallSeed, startProfile } from './profile-helpers';

let gw: Gateway;
let h: ReturnType<typeof bindProfile>;
const TOKEN = 'fake-system-token-erin';

beforeAll(async () => {
  gw = await startProfile('new-api', smallSeed());
  h = bindProfile(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

const badLogin = (ip = '10.1.1.1') =>
  h.base('/api/user/login', { body: { username: 'erin', password: 'wrong' }, headers: { [CLIENT_IP_HEADER]: ip } });

describe('critical bucket', () => {
  it('is one bucket of 20 per 20 minutes shared by login, reveal and key usage', async () => {
    const ip = { [CLIENT_IP_HEADER]: '10.1.1.1' };
    for (let i = 0; i < 10; i++) expect((await badLogin()).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await h.base('/api/token/1/key', { method: 'POST', token: TOKEN, headers: ip })).status).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      expect((await h.base('/api/usage/token/', { token: `sk-${h.keyOf(1)}`, headers: ip })).status).toBe(200);
    }
    const refused = await badLogin();
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('');
    expect(Number(refused.headers.get('Retry-After'))).toBe(1200);
    // Another client IP has its own bucket; the refused IP recovers after the window.
    expect((await badLogin('10.2.2.2')).status).toBe(200);
    await h.advance(1200);
    expect((await badLogin()).status).toBe(200);
  });

  it('admin counts critical requests per client IP', async () => {
    await badLogin('10.3.3.3');
    await badLogin('10.3.3.3');
    await h.base('/api/token/', { token: TOKEN, headers: { [CLIENT_IP_HEADER]: '10.3.3.3' } });
    const r = await h.admin('/rate-limits');
    expect(r.body.counts.critical).toEqual({ '10.3.3.3': 2 });
    expect(r.body.counts.global).toEqual({ '10.3.3.3': 3 });
    expect(r.body.buckets.critical).toEqual({ max: 20, windowS: 1200 });
    await h.admin('/rate-limits', { method: 'DELETE' });
    expect((await h.admin('/rate-limits')).body.counts.critical).toEqual({});
  });

  it('rate_limit_enabled false stops refusing but keeps counting', async () => {
    await h.patchSettings({ rate_limit_enabled: false });
    for (let i = 0; i < 25; i++) expect((await badLogin()).status).toBe(200);
    expect((await h.admin('/rate-limits')).body.counts.critical).toEqual({ '10.1.1.1': 25 });
  });
});

describe('search and global buckets', () => {
  it('search allows 10 per minute', async () => {
    const search = () => h.base('/api/token/search?keyword=first', { token: TOKEN });
    for (let i = 0; i < 10; i++) expect((await search()).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    await h.advance(60);
    expect((await search()).status).toBe(200);
  });

  it('all of /api shares 360 per 3 minutes', async () => {
    const status = () => h.base('/api/status');
    for (let i = 0; i < 360; i++) await status();
    expect((await status()).status).toBe(429);
  });

  it('the spec profile has no limits', async () => {
    const g = await startProfile('spec', smallSeed());
    try {
      const b = bindProfile(g);
      for (let i = 0; i < 25; i++) {
        expect((await b.base('/api/user/login', { body: { username: 'erin', password: 'x' } })).status).toBe(200);
      }
    } finally {
      await g.close();
    }
  });
});
