// The backup service on fake ports: a backup holds the vault's text secrets (a locked entry is left out and
// counted), never shows a secret in its preview, a chosen file is forgotten after HELD_FOR_MS or on discard,
// browser mode has no picker of its own, and a locked vault refuses a restore with credentials before anything
// is written.
import { describe, expect, it } from 'vitest';
import type { AppError, Settings } from '../../../../../src-shared/contract';
import { AppErrorException } from '../../../../../src-main/errors';
import type { AccountRecord, AccountsDocument } from '../../../../../src-main/features/accounts/account-records';
import { DEFAULT_SETTINGS } from '../../../../../src-main/features/settings/settings.service';
import { BackupService, HELD_FOR_MS } from '../../../../../src-main/features/backup/backup.service';
import type { SecretRead } from '../../../../../src-main/vault/secret.store';
import { FakeClock } from '../../../../support/fake-clock';
import { memoryLogger } from '../../../../support/memory-logger';

const CHEAP = { N: 2 ** 14, r: 8, p: 1 };
const PASSPHRASE = 'fake passphrase 123';

const record = (id: string): AccountRecord => ({
  id,
  label: `Label ${id}`,
  kind: 'access_token',
  baseUrl: 'https://gateway.example',
  apiUrl: 'https://gateway.example',
  username: null,
  userId: null,
  isPasswordRemembered: false,
  tokenExpiresAt: null,
  keyHint: null,
  accessTokenExpiresAt: null,
  lastAutoLoginAt: null,
  isHidden: false,
  isDisabled: false,
  yuanPerUsd: null,
  thresholds: { warnUnits: 1, criticalUnits: null },
  createdAt: 0,
});

async function refusal(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppErrorException) return error.appError;
    throw error;
  }
  throw new Error('not refused');
}

function setUp(options: { isLocked?: boolean } = {}) {
  const clock = new FakeClock({ start: Date.UTC(2026, 10, 23) });
  const saved: Uint8Array[] = [];
  const restored: unknown[] = [];
  const settingsUpdates: Settings[] = [];
  let settingsHere: Settings = DEFAULT_SETTINGS;
  const doc: AccountsDocument = { accounts: [record('a'), record('b')], activeId: 'a' };
  const reads: Record<string, SecretRead> = {
    a: { status: 'ok', secrets: { accessToken: 'fake-token-a', flag: true } },
    b: { status: 'locked', backend: 'passphrase', reason: 'vault.passphrase_not_entered' },
  };
  const service = new BackupService({
    accounts: {
      document: () => doc,
      restore: (next) => {
        restored.push(next);
        return Promise.resolve({ accounts: [], activeId: null });
      },
    },
    settings: {
      get: () => settingsHere,
      update: (next) => {
        settingsHere = { ...settingsHere, ...next };
        settingsUpdates.push(settingsHere);
        return settingsHere;
      },
    },
    vault: {
      get: (id) => Promise.resolve(reads[id] ?? { status: 'missing' }),
      status: () => ({ isLocked: options.isLocked ?? false }),
    },
    files: {
      save: (name, contents) => {
        saved.push(typeof contents === 'string' ? new TextEncoder().encode(contents) : contents);
        return Promise.resolve(`/backups/${name}`);
      },
    },
    picker: null,
    clock,
    version: '9.9.9',
    language: () => 'en-US',
    log: memoryLogger().log,
    scrypt: CHEAP,
  });
  const receive = (bytes: Uint8Array) => service.receiveFile('b.keydesk', Buffer.from(bytes).toString('base64'));
  const setSettings = (next: Settings) => {
    settingsHere = next;
  };
  return { service, clock, saved, restored, receive, setSettings, settingsUpdates };
}

describe('backup service', () => {
  it('backs up readable text secrets only, and its preview shows none of them', async () => {
    const { service, saved, receive } = setUp();
    expect(await service.create(PASSPHRASE, true)).toEqual({
      path: '/backups/keydesk-backup-2026-11-23.keydesk',
      accounts: 2,
      credentials: 1,
    });
    const file = saved[0] ?? new Uint8Array();
    const preview = await service.preview(receive(file).fileId, PASSPHRASE);
    expect(preview.accounts.map((a) => [a.label, a.change, a.hasCredentials])).toEqual([
      ['Label a', 'replace', true],
      ['Label b', 'replace', false],
    ]);
    expect(JSON.stringify(preview)).not.toContain('fake-token-a');
  });

  it('forgets a chosen file after a while or when discarded; browser mode has no picker of its own', async () => {
    const { service, clock, saved, receive } = setUp();
    await service.create(PASSPHRASE, false);
    const file = saved[0] ?? new Uint8Array();
    const late = receive(file);
    await clock.advance(HELD_FOR_MS);
    expect((await refusal(() => service.preview(late.fileId, PASSPHRASE))).reason).toBe('backup.expired');
    const dropped = receive(file);
    service.discard(dropped.fileId);
    expect((await refusal(() => service.preview(dropped.fileId, PASSPHRASE))).reason).toBe('backup.expired');
    expect((await refusal(() => service.chooseFile())).code).toBe('unavailable');
    expect((await refusal(() => receive(new TextEncoder().encode('name,base_url')))).reason).toBe('backup.not_backup');
  });

  it('restores the settings this version can take and keeps the rest as they are here', async () => {
    const { service, saved, receive, setSettings, settingsUpdates } = setUp();
    // A newer Keydesk's backup: a theme this version does not know, beside settings it does.
    setSettings({
      ...DEFAULT_SETTINGS,
      theme: 'sepia',
      alertSound: true,
      expiringWithinDays: 30,
    } as unknown as Settings);
    await service.create(PASSPHRASE, false);
    setSettings({ ...DEFAULT_SETTINGS, theme: 'dark' });
    const preview = await service.preview(receive(saved[0] ?? new Uint8Array()).fileId, PASSPHRASE);
    expect(preview.settings.map((change) => change.name).sort()).toEqual(['alertSound', 'expiringWithinDays']);
    await service.restore(preview.restoreId, 'merge');
    expect(settingsUpdates.at(-1)).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      alertSound: true,
      expiringWithinDays: 30,
    });
  });

  it('refuses a restore with credentials into a locked vault before writing anything', async () => {
    const { service, saved, restored, receive } = setUp({ isLocked: true });
    await service.create(PASSPHRASE, true);
    const preview = await service.preview(receive(saved[0] ?? new Uint8Array()).fileId, PASSPHRASE);
    // The reason says the passphrase is awaited, so the dialog offers the unlock itself.
    expect(await refusal(() => service.restore(preview.restoreId, 'merge'))).toMatchObject({
      code: 'vault.locked',
      reason: 'vault.passphrase_not_entered',
    });
    expect(restored).toEqual([]);
  });
});
