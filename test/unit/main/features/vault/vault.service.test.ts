// The vault service and its handlers over a real SecretStore (memory backend, cheap scrypt): each passphrase action
// answers the new status, announces vault:changed then the re-read accounts; a refusal changes and announces nothing
// and crosses the bridge as vault.locked with the vault's reason.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountsSnapshot, EventMap } from '../../../../../src-shared/contract';
import { Router } from '../../../../../src-main/bridge/router';
import { registerVaultHandlers } from '../../../../../src-main/features/vault/vault.handlers';
import { VaultRefusedError, VaultService } from '../../../../../src-main/features/vault/vault.service';
import { clearRegisteredSecrets } from '../../../../../src-main/log/redact';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';
import { SecretStore } from '../../../../../src-main/vault/secret.store';
import { memoryLogger } from '../../../../support/memory-logger';
import { CHEAP_SCRYPT, unreachableKeyring } from '../../vault/fakes';

const context = { transport: 'test' } as const;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydesk-vault-service-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  clearRegisteredSecrets();
});

type Emitted = { [E in keyof EventMap]: { event: E; payload: EventMap[E] } }[keyof EventMap];

async function setup() {
  const vault = await SecretStore.open({
    now: Date.now,
    engine: atomicFileEngine(),
    dataDir: dir,
    sources: { keyring: unreachableKeyring('DBus error: no session bus'), platform: 'linux' },
    scrypt: CHEAP_SCRYPT,
  });
  const emitted: Emitted[] = [];
  let reads = 0;
  // The accounts' state is whatever the last init read: the snapshot names the read, so the test sees the order.
  const accounts = {
    init: () => {
      reads += 1;
      return Promise.resolve();
    },
    snapshot: (): AccountsSnapshot => ({ accounts: [], activeId: `read-${reads}` }),
  };
  const events = {
    emit<E extends keyof EventMap>(event: E, payload: EventMap[E]) {
      emitted.push({ event, payload } as Emitted);
    },
  };
  const service = new VaultService({ vault, accounts, events });
  const router = new Router(memoryLogger().log);
  registerVaultHandlers(router, service);
  return { vault, service, router, emitted, reads: () => reads };
}

describe('VaultService', () => {
  it('tells a memory-only vault apart and suggests a passphrase', async () => {
    const { service } = await setup();
    expect(service.status()).toMatchObject({
      backend: 'memory',
      isPersistent: false,
      isLocked: false,
      hasPassphrase: false,
      isPassphraseSuggested: true,
      problems: [],
    });
  });

  it('sets a passphrase: answers the new status, then announces it and the accounts read again', async () => {
    const { service, emitted, reads } = await setup();
    const status = await service.setPassphrase('correct horse battery');
    expect(status).toMatchObject({ backend: 'passphrase', isPersistent: true, hasPassphrase: true, isLocked: false });
    expect(status.isPassphraseSuggested).toBe(false);
    expect(reads()).toBe(1);
    expect(emitted).toEqual([
      { event: 'vault:changed', payload: status },
      { event: 'accounts:changed', payload: { accounts: [], activeId: 'read-1' } },
    ]);
  });

  it('locks and unlocks; a wrong passphrase is refused with the reason and changes or announces nothing', async () => {
    const { service, emitted, reads } = await setup();
    await service.setPassphrase('correct horse battery');
    expect((await service.lock()).isLocked).toBe(true);
    emitted.length = 0;
    const refused = service.unlock('wrong passphrase');
    await expect(refused).rejects.toBeInstanceOf(VaultRefusedError);
    await expect(refused).rejects.toMatchObject({ code: 'vault.locked' });
    expect(service.status().isLocked).toBe(true);
    expect(emitted).toEqual([]);
    expect(reads()).toBe(2);
    expect((await service.unlock('correct horse battery')).isLocked).toBe(false);
    expect(emitted.map((e) => e.event)).toEqual(['vault:changed', 'accounts:changed']);
  });

  it('changes the passphrase only with the current one, and the new one then opens the vault', async () => {
    const { service } = await setup();
    await service.setPassphrase('first passphrase');
    await expect(service.changePassphrase('not the current', 'second passphrase')).rejects.toBeInstanceOf(
      VaultRefusedError,
    );
    await service.changePassphrase('first passphrase', 'second passphrase');
    await service.lock();
    await expect(service.unlock('first passphrase')).rejects.toBeInstanceOf(VaultRefusedError);
    expect((await service.unlock('second passphrase')).isLocked).toBe(false);
  });

  it('refuses a second first passphrase as a refusal (the vault’s own words stay in main)', async () => {
    const { service } = await setup();
    await service.setPassphrase('first passphrase');
    await expect(service.setPassphrase('another passphrase')).rejects.toMatchObject({
      name: 'VaultRefusedError',
      reason: 'vault.refused',
    });
  });

  it('lists file problems among the status problems, not an account only waiting for the passphrase', async () => {
    writeFileSync(join(dir, 'vault.json'), '{ not json');
    const { vault, service } = await setup();
    await service.setPassphrase('correct horse battery');
    await vault.set('acc-1', { password: 'hunter2-secret' });
    await service.lock();
    const status = service.status();
    expect(status.isLocked).toBe(true);
    const problems = status.problems;
    expect(problems.filter((p) => p.kind === 'locked_account')).toEqual([]);
    const file = problems.find((p) => p.kind === 'file_kept');
    // The kept copy's path, beside the damaged file; the renderer words the notice.
    expect(file?.detail).toMatch(/vault\.json\.corrupt-/);
  });
});

describe('vault handlers', () => {
  it('answer the status, and a refusal as vault.locked with the vault’s reason', async () => {
    const { router, service } = await setup();
    await expect(router.dispatch('vault:status', undefined, context)).resolves.toEqual({
      ok: true,
      value: service.status(),
    });
    await service.setPassphrase('correct horse battery');
    await service.lock();
    const refused = await router.dispatch('vault:unlock', { passphrase: 'wrong one' }, context);
    expect(refused).toMatchObject({ ok: false, error: { code: 'vault.locked' } });
    const opened = await router.dispatch('vault:unlock', { passphrase: 'correct horse battery' }, context);
    expect(opened).toMatchObject({ ok: true, value: { isLocked: false, hasPassphrase: true } });
  });

  it('check the input before the service: a new passphrase of under 8 characters never reaches the vault', async () => {
    const { router, emitted, service } = await setup();
    const result = await router.dispatch('vault:setPassphrase', { passphrase: 'short' }, context);
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', field: 'passphrase' } });
    expect(service.status().hasPassphrase).toBe(false);
    expect(emitted).toEqual([]);
    const extra = await router.dispatch('vault:lock', { unexpected: true }, context);
    expect(extra).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
