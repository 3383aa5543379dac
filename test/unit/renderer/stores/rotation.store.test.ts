// @vitest-environment happy-dom
// The rotation store against a fake bridge: a rotation whose steps need no request (an agent's, left to the user) is
// reported by rotation:changed before rotation:start answers; the answer, the rotation as it began, must not replace
// what the events said.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type RotationView } from '../../../../src-shared/contract';
import { useRotationStore } from '../../../../src-renderer/src/stores/rotation.store';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const began: RotationView = {
  id: 'rot-1',
  accountId: 'a',
  oldKeyId: 4,
  oldKeyName: 'main',
  newKeyId: null,
  newKeyName: 'main',
  startedAt: 1_000,
  idleMinutes: 60,
  deleteAfterDays: 3,
  state: 'running',
  steps: [],
  oldKeyLastUseSeenAt: null,
  oldKeyReadAt: null,
  disableAt: null,
  oldKeyDisabledAt: null,
  deleteOfferAt: null,
  finishedAt: null,
  error: null,
};

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

describe('the rotation store', () => {
  it('keeps what rotation:changed said when the start’s answer comes after it', async () => {
    const store = useRotationStore();
    fake.override('rotation:start', () => {
      fake.emit('rotation:changed', { ...began, state: 'watching', newKeyId: 21 });
      return Promise.resolve(ok(began));
    });
    expect((await store.start('a', 4, 60)).ok).toBe(true);
    expect(store.byId('rot-1')).toMatchObject({ state: 'watching', newKeyId: 21 });
  });

  it('keeps the start’s answer when no event came before it', async () => {
    const store = useRotationStore();
    fake.override('rotation:start', () => Promise.resolve(ok(began)));
    await store.start('a', 4, 60);
    expect(store.byId('rot-1')?.state).toBe('running');
  });
});
