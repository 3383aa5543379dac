// @vitest-environment happy-dom
// The vault store: status hydrated once and kept current by vault:changed; passphrase actions go to main and
// leave the store as main answered (a refusal changes nothing).
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type VaultStatus } from '../../../../src-shared/contract';
import { useVaultStore } from '../../../../src-renderer/src/stores/vault.store';
import { fake, MEMORY_VAULT } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const PASSPHRASE_VAULT: VaultStatus = {
  ...MEMORY_VAULT,
  backend: 'passphrase',
  isPersistent: true,
  hasPassphrase: true,
  isPassphraseSuggested: false,
  reasons: [{ note: 'passphrase_set' }],
};

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

describe('vault store', () => {
  it('hydrates once and follows vault:changed', async () => {
    const store = useVaultStore();
    await Promise.all([store.hydrate(), store.hydrate()]);
    expect(fake.callsTo('vault:status')).toHaveLength(1);
    expect(store.status?.backend).toBe('memory');
    fake.emit('vault:changed', { ...PASSPHRASE_VAULT, isLocked: true });
    expect(store.status?.isLocked).toBe(true);
  });

  it('sets, unlocks, changes and locks through main', async () => {
    const store = useVaultStore();
    await store.hydrate();
    fake.override('vault:setPassphrase', () => Promise.resolve(ok(PASSPHRASE_VAULT)));
    fake.override('vault:lock', () => Promise.resolve(ok({ ...PASSPHRASE_VAULT, isLocked: true })));
    fake.override('vault:unlock', () => Promise.resolve(ok(PASSPHRASE_VAULT)));
    fake.override('vault:changePassphrase', () => Promise.resolve(ok(PASSPHRASE_VAULT)));

    await store.setPassphrase('correct horse');
    expect(store.status?.backend).toBe('passphrase');
    await store.lock();
    expect(store.status?.isLocked).toBe(true);
    await store.unlock('correct horse');
    expect(store.status?.isLocked).toBe(false);
    await store.changePassphrase('correct horse', 'battery staple');
    expect(fake.calls.map((call) => call.channel).filter((c) => c !== 'vault:status')).toEqual([
      'vault:setPassphrase',
      'vault:lock',
      'vault:unlock',
      'vault:changePassphrase',
    ]);
    expect(fake.callsTo('vault:changePassphrase')).toEqual([{ current: 'correct horse', next: 'battery staple' }]);
  });

  it('answers a refusal as a value and keeps the status', async () => {
    fake.override('vault:status', () => Promise.resolve(ok({ ...PASSPHRASE_VAULT, isLocked: true })));
    const store = useVaultStore();
    await store.hydrate();
    fake.failWith('vault:unlock', 'vault.locked', 'wrong passphrase');
    const result = await store.unlock('nope');
    expect(result).toEqual(fail({ code: 'vault.locked', serverMessage: 'wrong passphrase' }));
    expect(store.status?.isLocked).toBe(true);
    expect(store.isWorking).toBe(false);
  });
});
