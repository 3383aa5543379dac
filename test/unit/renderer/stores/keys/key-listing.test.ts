// The keys store's listing on its own, with the selection it is given: switching account clears the selection, and
// accounts leaving All keys take their rows and selected rows with them — unless a load is on its way, whose answers
// were asked for those accounts too (then the caller loads again).
import { createPinia, setActivePinia } from 'pinia';
import { effectScope } from 'vue';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_MODEL_LIMITS, ok, type KeyListChunk, type Result } from '../../../../../src-shared/contract';
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts.store';
import { useKeyListing } from '../../../../../src-renderer/src/stores/keys/key-listing';
import { accountView, snapshotOf } from '../../account-fixtures';
import { deferred, fake } from '../../fake-keydesk';
import { keyView } from '../../../../support/key-view';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const chunkOf = (accountId: string, ids: readonly number[]): KeyListChunk => ({
  items: ids.map((id) => keyView({ id, accountId })),
  next: null,
});

async function listing() {
  fake.override('accounts:list', () =>
    Promise.resolve(ok(snapshotOf([accountView({ id: 'a' }), accountView({ id: 'b' })]))),
  );
  await useAccountsStore().hydrate();
  const calls = { cleared: 0, kept: [] as string[][] };
  const l = effectScope().run(() =>
    useKeyListing({
      clearSelection: () => calls.cleared++,
      keepSelectedOf: (accounts) => calls.kept.push([...accounts]),
    }),
  );
  if (!l) throw new Error('no scope');
  return { l, calls };
}

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

describe('key listing', () => {
  it('holds one shared empty model list for every key without limits, and each limited key its own', async () => {
    const { l } = await listing();
    fake.override('keys:listChunk', (args) => {
      const { accountId } = args as { accountId: string };
      const items = [1, 2, 3].map((id) =>
        keyView({ id, accountId, modelLimits: id === 3 ? ['gpt-4o'] : [], modelLimitsEnabled: id === 3 }),
      );
      return Promise.resolve(ok({ items, next: null }));
    });
    await l.load();
    const empty = l.items.value.filter((k) => k.id !== 3);
    expect(empty).toHaveLength(4);
    for (const k of empty) expect(k.modelLimits).toBe(NO_MODEL_LIMITS);
    expect(l.items.value.filter((k) => k.id === 3).map((k) => k.modelLimits)).toEqual([['gpt-4o'], ['gpt-4o']]);
  });

  it('clears the selection when the account changes, not when it stays', async () => {
    const { l, calls } = await listing();
    l.setAccount('a');
    l.setAccount('a');
    l.setAccount(null);
    expect(calls.cleared).toBe(2);
  });

  it('drops a leaving account’s rows and selection with no request, but not while a load is on its way', async () => {
    const { l, calls } = await listing();
    fake.override('keys:listChunk', (args) => {
      const { accountId } = args as { accountId: string };
      return Promise.resolve(ok(chunkOf(accountId, accountId === 'a' ? [1, 2] : [3])));
    });
    await l.load();
    expect(l.items.value.map((k) => `${k.accountId}:${String(k.id)}`)).toEqual(['a:1', 'a:2', 'b:3']);
    const requests = fake.calls.length;
    expect(l.dropAccounts(new Set(['a']))).toBe(true);
    expect(l.items.value.map((k) => k.accountId)).toEqual(['a', 'a']);
    expect(l.loads.value.map((x) => x.accountId)).toEqual(['a']);
    expect(calls.kept).toEqual([['a']]);
    expect(fake.calls.length).toBe(requests);

    const slow = deferred<Result<KeyListChunk>>();
    fake.override('keys:listChunk', () => slow.promise);
    const loading = l.load();
    expect(l.dropAccounts(new Set())).toBe(false);
    expect(calls.kept).toHaveLength(1);
    slow.resolve(ok(chunkOf('a', [1])));
    await loading;
  });
});
