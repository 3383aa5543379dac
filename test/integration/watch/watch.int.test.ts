// Which key can call a model, against the emulator: real key lists, groups and models of two accounts, the order
// by group ratio, and a group's ratio raised on the site reordering the answer once it is read again.
import { describe, expect, it, vi } from 'vitest';
import { AppErrorException } from '../../../src-main/errors';
import { AccountInfoService } from '../../../src-main/features/account/account.service';
import { KeysService } from '../../../src-main/features/keys/keys.service';
import { WatchService } from '../../../src-main/features/watch/watch.service';
import { WATCH_CHECK_MS, WATCH_FIRST_CHECK_MS, assembleWatch } from '../../../src-main/features/watch/watch.feature';
import { FakeClock } from '../../support/fake-clock';
import { memoryLogger } from '../../support/memory-logger';
import type { AlertDraft } from '../../../src-shared/contract';
import { EMPTY_SEEN_RATIOS, type PriceChange, type SeenRatios } from '../../../src-main/features/watch/price-watch';
import type { DocumentStore } from '../../../src-main/vault/config.store';
import type { Gateway } from '../../gateway/index';
import { recordingLogger } from '../../unit/main/gateway/fakes';
import { emulatorClock } from '../../support/emulator';
import { admin, readLog, value, useSeededGateway } from '../gateway/setup';
import { EmulatorDirectory } from '../keys/setup';

const seeded = useSeededGateway();

/** The emulator's accounts, one of them signed out (its management client throws, as the accounts service's does). */
class SignedOutDirectory extends EmulatorDirectory {
  constructor(
    gw: Gateway,
    private readonly signedOut: string | null,
  ) {
    super(gw);
  }
  override management(accountId: string) {
    if (accountId === this.signedOut) {
      return Promise.reject(new AppErrorException({ code: 'auth.needs_sign_in' }));
    }
    return super.management(accountId);
  }
}

/** A document store in memory, as the app's group-ratios.json. */
function memoryStore<T>(initial: T): DocumentStore<T> {
  let value = initial;
  return {
    read: () => value,
    write: (next) => {
      value = next;
    },
  };
}

/** Only alice's account, as a directory of one. */
class AliceOnly extends EmulatorDirectory {
  override list() {
    return super.list().filter((a) => a.id === 'alice');
  }
}

function watchOver(
  accountIds: readonly string[],
  signedOut: string | null = null,
  seen: DocumentStore<SeenRatios> = memoryStore(EMPTY_SEEN_RATIOS),
) {
  const directory = new SignedOutDirectory(seeded.gw, signedOut);
  const clock = emulatorClock(seeded.gw);
  const keys = new KeysService({ directory, clock, log: recordingLogger() });
  const info = new AccountInfoService({ directory, clock });
  return new WatchService(
    {
      accounts: () => directory.list().filter((a) => accountIds.includes(a.id)),
      keys: (id) => keys.listAll(id),
      groups: (id) => info.groups(id),
      self: (id) => info.self(id),
      models: (id, group) => info.models(id, group),
      subscription: (id) => info.subscription(id),
      expiringWithinDays: () => 7,
    },
    clock,
    seen,
  );
}

const order = (answer: { matches: readonly { key: { accountId: string; id: number }; ratio: number | null }[] }) =>
  answer.matches.map((m) => `${m.key.accountId}/${m.key.id}@${m.ratio}`);

describe('which key can call a model', () => {
  it('lists the usable keys whose group serves the model, cheapest group first', async () => {
    const watch = watchOver(['alice']);
    const mini = value(await watch.whoCanCall('gpt-4o-mini'));
    // Keys 4 (unlimited) and 6 (allow list gpt-4o-mini) are in the user's default group (×1); key 1 is in vip (×2).
    // Key 2 is expired, 3 disabled and exhausted, 5 in a group alice may not use.
    expect(order(mini)).toEqual(['alice/4@1', 'alice/6@1', 'alice/1@2']);
    expect(mini.failures).toEqual([]);
    expect(mini.knownModels).toContain('gpt-4o');

    // gpt-4o: only vip serves it (key 6's own list would not allow it anyway).
    expect(order(value(await watch.whoCanCall('gpt-4o')))).toEqual(['alice/1@2']);
  });

  it('reorders after the site changes a group ratio, once read again', async () => {
    const watch = watchOver(['alice']);
    expect(order(value(await watch.whoCanCall('gpt-4o-mini')))[0]).toBe('alice/4@1');
    await admin(seeded.gw, 'PUT', '/groups/vip/ratio', { ratio: 0.5 });
    // Within a minute the cached catalog answers; a fresh read sees the new price.
    expect(order(value(await watch.whoCanCall('gpt-4o-mini')))[0]).toBe('alice/4@1');
    expect(order(value(await watch.whoCanCall('gpt-4o-mini', true)))).toEqual([
      'alice/1@0.5',
      'alice/4@1',
      'alice/6@1',
    ]);
  });

  it('reads no model lists and reveals no key for the expiring list; the model search then asks what groups serve', async () => {
    const watch = watchOver(['alice']);
    const before = (await readLog(seeded.gw)).length;
    value(await watch.expiring());
    const expiringCalls = (await readLog(seeded.gw)).slice(before);
    expect(expiringCalls.length).toBeGreaterThan(0);
    expect(expiringCalls.filter((e) => e.listener === 'api' || /\/key$|\/keys$|\/v1\//.test(e.path))).toEqual([]);
    // The cached catalog lacks what groups serve, so the model search reads it rather than answering empty.
    expect(order(value(await watch.whoCanCall('gpt-4o-mini')))).toEqual(['alice/4@1', 'alice/6@1', 'alice/1@2']);
  });

  it('answers with the accounts it could read and names the one it could not', async () => {
    const watch = watchOver(['alice', 'bob'], 'bob');
    const answer = value(await watch.whoCanCall('gpt-4o-mini'));
    expect(answer.matches.some((m) => m.key.accountId === 'alice')).toBe(true);
    expect(answer.failures.map((f) => [f.accountId, f.error.code])).toEqual([['bob', 'auth.needs_sign_in']]);
  });

  it('tells of a changed group ratio once, naming the affected keys; a restart with the store is not first sight', async () => {
    const store = memoryStore(EMPTY_SEEN_RATIOS);
    const changes: PriceChange[] = [];
    const first = watchOver(['alice'], null, store);
    first.onPriceChange((c) => changes.push(c));
    value(await first.whoCanCall('gpt-4o'));
    expect(changes).toEqual([]); // first sight

    await admin(seeded.gw, 'PUT', '/groups/vip/ratio', { ratio: 2.5 });
    // A second service on the same store: what the app is after a restart.
    const second = watchOver(['alice'], null, store);
    second.onPriceChange((c) => changes.push(c));
    value(await second.whoCanCall('gpt-4o', true));
    value(await second.whoCanCall('gpt-4o', true));
    expect(changes).toEqual([
      { accountId: 'alice', group: 'vip', oldRatio: 2, newRatio: 2.5, keys: [{ id: 1, name: 'main' }] },
    ]);
  });

  it('raises one expiring alert per key and end, and one price_change alert per ratio change', async () => {
    const directory = new EmulatorDirectory(seeded.gw);
    const clock = emulatorClock(seeded.gw);
    const drafts: AlertDraft[] = [];
    const alerts = { raiseAlert: (_account: unknown, draft: AlertDraft) => (drafts.push(draft), null) };
    const now = Math.floor(clock.now() / 1000);
    // Key 1 ends in 3 days; nothing else of alice's ends within a week.
    const m = await directory.management('alice');
    value(await m.updateKey(1, { expired_time: now + 3 * 86_400 }));
    const feature = assembleWatch({
      directory: new AliceOnly(seeded.gw),
      keys: new KeysService({ directory, clock, log: recordingLogger() }),
      info: new AccountInfoService({ directory, clock }),
      clock,
      expiringWithinDays: () => 7,
      alerts,
      seenRatios: memoryStore(EMPTY_SEEN_RATIOS),
    });
    value(await feature.service.expiring());
    value(await feature.service.expiring(true));
    const expiring = drafts.filter((d) => d.kind === 'expiring');
    expect(expiring.map((d) => d.episodeKey)).toEqual([
      `expiring:alice:key:1:${now + 3 * 86_400}`,
      `expiring:alice:key:1:${now + 3 * 86_400}`,
    ]); // the same episode both times: the alert centre keeps one

    await admin(seeded.gw, 'PUT', '/groups/vip/ratio', { ratio: 4 });
    value(await feature.service.expiring(true));
    const prices = drafts.filter((d) => d.kind === 'price_change');
    expect(prices).toEqual([
      {
        kind: 'price_change',
        accountId: 'alice',
        episodeKey: 'price:alice:vip:2->4',
        group: 'vip',
        oldRatio: 2,
        newRatio: 4,
        affectedKeyNames: ['main'],
      },
    ]);
    await feature.dispose();
  });

  it('raises expiring and price alerts on its hourly schedule with no screen open, once per episode', async () => {
    const directory = new EmulatorDirectory(seeded.gw);
    const clock = emulatorClock(seeded.gw);
    const schedule = new FakeClock({ start: Date.UTC(2026, 10, 24, 8) });
    const drafts: AlertDraft[] = [];
    const episodes = new Set<string>();
    // As the alert centre does: a second draft of a known episode raises nothing.
    const alerts = {
      raiseAlert: (_account: unknown, draft: AlertDraft) => {
        if (!episodes.has(draft.episodeKey)) drafts.push(draft);
        episodes.add(draft.episodeKey);
        return null;
      },
    };
    const now = Math.floor(clock.now() / 1000);
    value(await (await directory.management('alice')).updateKey(1, { expired_time: now + 2 * 86_400 }));
    const feature = assembleWatch({
      directory: new AliceOnly(seeded.gw),
      keys: new KeysService({ directory, clock, log: recordingLogger() }),
      info: new AccountInfoService({ directory, clock }),
      clock,
      expiringWithinDays: () => 7,
      alerts,
      seenRatios: memoryStore(EMPTY_SEEN_RATIOS),
      schedule: { clock: schedule, log: memoryLogger().log },
    });
    // Each scheduled check, seen from outside: the schedule calls the service's checkAccount.
    const checks = vi.spyOn(feature.service, 'checkAccount');
    const before = (await readLog(seeded.gw)).length;
    await schedule.advance(WATCH_FIRST_CHECK_MS - 1_000);
    expect(checks).not.toHaveBeenCalled(); // nothing in the first minutes after start
    expect((await readLog(seeded.gw)).length).toBe(before);
    /** Lets the schedule's next check run and waits until that check has finished (its answers read). */
    const nextCheck = async (ms: number): Promise<void> => {
      const seen = checks.mock.results.length;
      await schedule.advance(ms);
      expect(checks.mock.results.length).toBe(seen + 1);
      await Promise.all(checks.mock.results.slice(seen).map((result) => result.value as Promise<unknown>));
    };
    await nextCheck(1_000);
    expect(drafts.map((d) => d.episodeKey)).toEqual([`expiring:alice:key:1:${now + 2 * 86_400}`]);

    await admin(seeded.gw, 'PUT', '/groups/vip/ratio', { ratio: 3 });
    await nextCheck(WATCH_CHECK_MS);
    await nextCheck(WATCH_CHECK_MS);
    expect(drafts.map((d) => d.kind)).toEqual(['expiring', 'price_change']);
    expect(drafts[1]).toMatchObject({ group: 'vip', oldRatio: 2, newRatio: 3, affectedKeyNames: ['main'] });
    // At most one check an hour: half an hour more sends nothing.
    const quiet = (await readLog(seeded.gw)).length;
    await schedule.advance(WATCH_CHECK_MS / 2);
    expect(checks).toHaveBeenCalledTimes(3);
    expect((await readLog(seeded.gw)).length).toBe(quiet);
    await feature.dispose();
  });
});
