// Locking the vault puts every credential out of reach: the keys held for health checks are forgotten with it, and a
// check afterwards sends nothing (the key is not held any more).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { VaultStatus } from '../../../../../src-shared/contract';
import { EventBus } from '../../../../../src-main/bridge/events';
import type { Core } from '../../../../../src-main/core';
import type { AccountDirectory } from '../../../../../src-main/features/accounts/account-directory';
import { HeldKeys } from '../../../../../src-main/features/health/held-keys';
import { createHealthFeature } from '../../../../../src-main/features/health/health.feature';
import { confStoreEngine } from '../../../../../src-main/platform/node/conf.engine';
import { FakeClock } from '../../../../support/fake-clock';
import { memoryLogger } from '../../../../support/memory-logger';

let dir = '';
afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('held keys and the vault', () => {
  it('forgets every held key when the vault locks, and keeps them while it is unlocked', async () => {
    dir = await mkdtemp(join(tmpdir(), 'keydesk-health-'));
    const events = new EventBus();
    const clock = new FakeClock();
    const directory = { list: () => [], onChange: () => () => undefined } as unknown as AccountDirectory;
    const core = {
      dataDir: dir,
      log: memoryLogger().log,
      events,
      platform: { clock, storeEngine: confStoreEngine() },
    } as unknown as Core;
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
