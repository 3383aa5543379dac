// `keydesk status` from hand-written cache files: money as the app formats it (a USD site with its top-up price),
// an account with no cached balance and one whose cache file is unreadable shown as unknown, never 0; hidden
// accounts left out; nothing in the data folder changed by reading it.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { status } from '../../../../../src-main/features/status/status.command';

let dir: string;
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const account = (id: string, label: string, baseUrl: string, extra: Record<string, unknown> = {}) => ({
  id,
  label,
  kind: 'access_token',
  baseUrl,
  apiUrl: baseUrl,
  thresholds: { warnUnits: null, criticalUnits: 1_000_000 },
  ...extra,
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-status-cache-'));
  await writeFile(
    join(dir, 'accounts.json'),
    JSON.stringify({
      version: 1,
      activeId: 'a',
      accounts: [
        account('a', 'US site', 'https://us.example'),
        account('b', '中文站', 'https://cn.example'),
        account('c', 'Hidden', 'https://h.example', { isHidden: true }),
        account('d', 'Low one', 'https://cn.example'),
      ],
    }),
  );
  await writeFile(
    join(dir, 'quota-cache.json'),
    JSON.stringify({
      version: 1,
      arming: {},
      balances: {
        a: {
          remainingUnits: 6_170_000,
          usedUnits: 0,
          isUnlimited: false,
          softLimitUnits: null,
          hardLimitUnits: null,
          fetchedAt: NOW - 3 * 60_000,
        },
        d: {
          remainingUnits: 250_000,
          usedUnits: 0,
          isUnlimited: false,
          softLimitUnits: null,
          hardLimitUnits: null,
          fetchedAt: NOW - 5 * 3_600_000,
        },
      },
    }),
  );
  await writeFile(
    join(dir, 'site-money.json'),
    JSON.stringify({
      version: 1,
      sites: {
        'https://us.example': {
          money: { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' },
          fetchedAt: NOW,
        },
      },
    }),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...args: string[]) {
  let out = '';
  let err = '';
  const code = await status(
    args,
    (t) => (out += t),
    (t) => (err += t),
    { dataDir: dir, now: () => NOW },
  );
  return { out, err, code };
}

describe('keydesk status from the cache', () => {
  it('prints balances as the app does and unknown as unknown', async () => {
    const before = await readdir(dir);
    const { out, code } = await run('--cache', '--lang', 'en-US');
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      'Keydesk balances (from its cache; Keydesk is not running)',
      expect.stringMatching(/^US site\s+\$12\.34 ≈ ¥90\.08\s+OK, not current\s+3 min ago$/),
      expect.stringMatching(/^中文站\s+unknown\s+Unknown\s+never$/),
      expect.stringMatching(/^Low one\s+¥0\.50\s+Critical, not current\s+5 h ago$/),
      '',
    ]);
    expect(out).not.toContain('Hidden');
    expect(await readdir(dir)).toEqual(before);
    const json = JSON.parse((await run('--json')).out) as { accounts: Record<string, unknown>[] };
    expect(json.accounts[1]).toMatchObject({
      label: '中文站',
      remainingUnits: null,
      state: 'unknown',
      ageSeconds: null,
    });
    expect((await run('--line', '--lang', 'zh-CN')).out).toBe(
      'US site $12.34 · 中文站 未知 · Low one ¥0.50 告急 (缓存，5 小时前)\n',
    );
  });

  it('keeps every balance unknown when the cache file is damaged, says so on stderr, and changes nothing', async () => {
    await writeFile(join(dir, 'quota-cache.json'), '{ not json');
    const { out, err } = await run('--json');
    const json = JSON.parse(out) as { accounts: { remainingUnits: unknown; balance: string }[] };
    expect(json.accounts.map((a) => a.remainingUnits)).toEqual([null, null, null]);
    expect(json.accounts.every((a) => !/\d/.test(a.balance))).toBe(true);
    expect(err).toContain('quota-cache.json could not be read');
    expect(await readFile(join(dir, 'quota-cache.json'), 'utf8')).toBe('{ not json');
  });

  it('refuses two formats at once and an unknown language', async () => {
    expect((await run('--json', '--line')).code).toBe(2);
    await expect(run('--lang', 'fr')).rejects.toThrow('--lang');
  });
});
