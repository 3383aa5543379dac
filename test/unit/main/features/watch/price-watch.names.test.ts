// Group ratios remembered under any name a site may give a group, and any id an older data folder may give an
// account (`constructor`, `toString`, `__proto__`, `hasOwnProperty`): written to group-ratios.json, read back by a new
// service (a restart), and compared group by group, so only a real change of price is told, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSelfView, GroupView, KeyView, Result } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import type { AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import {
  EMPTY_SEEN_RATIOS,
  seenRatiosSchema,
  type PriceChange,
  type SeenRatios,
} from '../../../../../src-main/features/watch/price-watch';
import { WatchService } from '../../../../../src-main/features/watch/watch.service';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';
import { ConfigStore } from '../../../../../src-main/vault/config.store';
import { fakeKey } from './fakes';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty'] as const;
const ACCOUNT_IDS = ['constructor', '__proto__'] as const;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const account = (id: string): AccountHandle => ({
  id,
  kind: 'access_token',
  label: `Old ${id}`,
  units: SPEC_MONEY,
  isDisabled: false,
  isHidden: false,
  thresholds: { warnUnits: null, criticalUnits: null },
});

/** The site: a key in each group, and the groups' ratios as /api/user/self/groups answers them now. */
function site() {
  const ratios = new Map<string, number>([...NAMES.map((name) => [name, 1] as const), ['default', 1]]);
  const keys = (accountId: string): KeyView[] =>
    NAMES.map((group, i) => fakeKey({ id: i + 1, accountId, name: `key-${group}`, group }));
  const groups = (): GroupView[] => [...ratios].map(([name, ratio]) => ({ name, desc: '', ratio }));
  return { ratios, keys, groups };
}

function watchOver(dataDir: string, server: ReturnType<typeof site>) {
  const store = new ConfigStore<SeenRatios>({
    now: Date.now,
    engine: atomicFileEngine(),
    dataDir,
    name: 'group-ratios',
    schema: seenRatiosSchema,
    defaults: EMPTY_SEEN_RATIOS,
  });
  const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
  const watch = new WatchService(
    {
      accounts: () => ACCOUNT_IDS.map(account),
      keys: (id) => ok(server.keys(id)),
      groups: () => ok(server.groups()),
      self: () => ok({ group: 'default' } as AccountSelfView),
      models: () => Promise.resolve({ ok: false, error: { code: 'unsupported' } }),
      subscription: () => Promise.resolve({ ok: false, error: { code: 'unsupported' } }),
      expiringWithinDays: () => 7,
    },
    { now: () => 1_800_000_000_000 },
    store,
  );
  const changes: PriceChange[] = [];
  watch.onPriceChange((change) => changes.push(change));
  return { watch, changes };
}

describe('group ratios under names such as constructor or __proto__', () => {
  it('are remembered across a restart, and only a real change is told, once per account', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keydesk-ratios-'));
    dirs.push(dataDir);
    const server = site();
    const first = watchOver(dataDir, server);
    await first.watch.expiring(true);
    expect(first.changes).toEqual([]); // first sight

    // The site raises one group's price and adds a group named like another of Object's own.
    server.ratios.set('__proto__', 2);
    server.ratios.set('valueOf', 3);
    const second = watchOver(dataDir, server);
    await second.watch.expiring(true);
    await second.watch.expiring(true);
    expect(second.changes.map((c) => [c.accountId, c.group, c.oldRatio, c.newRatio, c.keys])).toEqual(
      ACCOUNT_IDS.map((id) => [id, '__proto__', 1, 2, [{ id: 3, name: 'key-__proto__' }]]),
    );

    // What the next start finds: every group of every account, at its last ratio.
    const third = watchOver(dataDir, server);
    await third.watch.expiring(true);
    expect(third.changes).toEqual([]);
  });
});
