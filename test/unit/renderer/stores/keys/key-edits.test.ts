// The keys store's actions on their own: a saved key replaces its row, a new key is highlighted, and a change the
// saved list cannot follow (create, status, delete) drops that list so the next search asks the server.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type KeyView } from '../../../../../src-shared/contract';
import { useKeyEdits } from '../../../../../src-renderer/src/stores/keys/key-edits';
import { fake } from '../../fake-keydesk';
import { keyView } from '../../../../support/key-view';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const FIELDS = {
  name: 'n',
  remainQuota: 1,
  unlimitedQuota: false,
  expiredTime: -1,
  group: '',
  modelLimitsEnabled: false,
  modelLimits: [],
  allowIps: '',
};

function edits() {
  const replaced: KeyView[] = [];
  const highlighted: string[] = [];
  let forgotten = 0;
  const e = useKeyEdits({
    replaceRow: (k) => replaced.push(k),
    forgetListed: () => forgotten++,
    highlight: (key) => highlighted.push(key),
  });
  return { e, replaced, highlighted, forgotten: () => forgotten };
}

beforeEach(() => {
  fake.reset();
});

describe('key edits', () => {
  it('replaces the row with the key as saved, and leaves it on a refusal', async () => {
    const t = edits();
    const saved = keyView({ id: 2, name: 'renamed' });
    fake.override('keys:update', () => Promise.resolve(ok({ key: saved, changed: ['name'], mismatches: [] })));
    await t.e.update({ accountId: 'a', id: 2, edits: { name: 'renamed' } });
    fake.override('keys:extendAndEnable', () => Promise.resolve(ok(keyView({ id: 3 }))));
    await t.e.extendAndEnable({ accountId: 'a', id: 3, expiredTime: -1 });
    fake.override('keys:addQuota', () => Promise.resolve(fail({ code: 'validation', retryable: false })));
    expect((await t.e.addQuota({ accountId: 'a', id: 4, incrementUnits: 1 })).ok).toBe(false);
    expect(t.replaced.map((k) => k.id)).toEqual([2, 3]);
    expect(t.forgotten()).toBe(0);
  });

  it('highlights a created key and drops the saved list; an unknown new key highlights nothing', async () => {
    const t = edits();
    fake.override('keys:create', () => Promise.resolve(ok(keyView({ id: 9, accountId: 'b' }))));
    await t.e.create('b', FIELDS);
    fake.override('keys:create', () => Promise.resolve(ok(null)));
    await t.e.create('b', FIELDS);
    expect(t.highlighted).toEqual(['b:9']);
    expect(t.forgotten()).toBe(2);
  });

  it('drops the saved list before a status change or a deletion, which the screen follows with a reload', async () => {
    const t = edits();
    fake.override('keys:setStatus', () => Promise.resolve(ok({ succeeded: [1], failed: [] })));
    fake.override('keys:delete', () => Promise.resolve(ok({ succeeded: [1], failed: [] })));
    await t.e.setStatus({ accountId: 'a', ids: [1], isEnabled: false });
    await t.e.remove({ accountId: 'a', ids: [1] });
    expect(t.forgotten()).toBe(2);
    expect(fake.callsTo('keys:delete')).toEqual([{ accountId: 'a', ids: [1] }]);
  });
});
