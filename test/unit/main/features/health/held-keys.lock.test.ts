// Locking the vault puts every credential out of reach: the keys held for health checks are forgotten with it, and a
// check afterwards sends nothing (the key is not held any more).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { VaultStatus } from '../../../../../src-shared/contract';
import type { AccountDirectory } from '../../../../../src-main/features/accounts/account-directory';
import { HeldKeys } from '../../../../../src-main/features/health/held-keys';
import { createHealthFeature } from '../../../../../src-main/features/health/health.feature';
import { FakeClock } from '../../../../support/fake-clock';
import { testCore } from '../../../../support/test-core';

let dir = '';
afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('held keys and the vault', () => {
  it('forgets every held key when the vault locks, and keeps them while it is unlocked', async () => {
    dir = await mkdtemp(join(tmpdir(), 'keydesk-health-'));
    const core = await testCore(dir, { platform: { clock: new FakeClock() } });
    const { events } = core;
    const directory = { list: () => [], onChange: () => () => undefined } as unknown as AccountDirectory;
    const held = new HeldKeys(() => 0);
    const keys = { listAll: () => Promise.reject(new Error('unused')), get: () => Promise.reject(new Error('unused')) };
    const feature = createHealthFeature(core, { directory, keys, held });
    held.fullKey('a', 1, 'sk-fakeheldbeforelockxxxxxxxxxxxxxxxx');
    events.emit('vault:changed', { isLocked: false } as VaultStatus);
    expect(held.keyOf('a', 1)).toBeDefined();
    events.emit('vault:changed', { isLocked: true } as VaultStatus);
    expect(held.keyOf('a', 1)).toBeUndefined();
    await feature.dispose();
  });
});
