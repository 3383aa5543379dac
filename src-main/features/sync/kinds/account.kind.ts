// Accounts as synced records: each account (password, access token or watched key) with its label, addresses,
// thresholds, money rate and flags, and its credential (the remembered password, the token, the key) read from the
// vault in main. A login session never syncs: each machine signs in itself, once, with the synced credential.
import { createHmac } from 'node:crypto';
import type { AccountsService } from '../../accounts/accounts.service';
import type { AccountRecord } from '../../accounts/account-records';
import type { SecretRead } from '../../../vault/secret.store';
import { admitSyncedAccount, type SyncedAccount } from '../incoming-account';
import type { SummaryField, SyncRecordKind } from '../record-kind';

export interface AccountKindDeps {
  readonly accounts: Pick<AccountsService, 'document' | 'applySynced' | 'remove' | 'onChange'>;
  readonly vault: { get(accountId: string): Promise<SecretRead> };
  /** A key for the credential's fingerprint in the conflict view (so two copies can be told apart, not read). */
  readonly fingerprintKey: () => Uint8Array;
}

function credentialOf(record: AccountRecord, read: SecretRead): SyncedAccount['credential'] | undefined {
  if (read.status === 'locked') return undefined;
  const secrets = read.status === 'ok' ? read.secrets : {};
  const text = (name: string) => (typeof secrets[name] === 'string' && secrets[name] !== '' ? secrets[name] : null);
  if (record.kind === 'password') {
    const password = text('password');
    return password === null ? null : { password };
  }
  const value = text(record.kind === 'access_token' ? 'accessToken' : 'apiKey');
  if (value === null) return null;
  return record.kind === 'access_token' ? { accessToken: value } : { apiKey: value };
}

export function bodyOf(record: AccountRecord, credential: SyncedAccount['credential']): SyncedAccount {
  return {
    label: record.label,
    kind: record.kind,
    baseUrl: record.baseUrl,
    apiUrl: record.apiUrl,
    username: record.username,
    userId: record.userId,
    isHidden: record.isHidden,
    isDisabled: record.isDisabled,
    yuanPerUsd: record.yuanPerUsd,
    thresholds: { warnUnits: record.thresholds.warnUnits, criticalUnits: record.thresholds.criticalUnits },
    createdAt: record.createdAt,
    accessTokenExpiresAt: record.accessTokenExpiresAt,
    credential,
  };
}

export function accountKind(deps: AccountKindDeps): SyncRecordKind {
  const local = async (id: string): Promise<unknown> => {
    const record = deps.accounts.document().accounts.find((r) => r.id === id);
    if (record === undefined) return null;
    const credential = credentialOf(record, await deps.vault.get(id));
    return credential === undefined ? undefined : bodyOf(record, credential);
  };
  return {
    kind: 'account',
    owns: () => true,
    async local() {
      const bodies = new Map<string, unknown>();
      for (const record of deps.accounts.document().accounts) bodies.set(record.id, await local(record.id));
      return bodies;
    },
    localOf: local,
    admit(id, body) {
      return admitSyncedAccount(id, body)?.body ?? null;
    },
    async apply(changes) {
      for (const [id, body] of changes) {
        if (body === null) {
          if (deps.accounts.document().accounts.some((r) => r.id === id)) await deps.accounts.remove(id);
          continue;
        }
        const admitted = admitSyncedAccount(id, body);
        if (admitted !== null) await deps.accounts.applySynced(admitted.record, admitted.secrets);
      }
    },
    describe(body) {
      const parsed = admitSyncedAccount('00000000-0000-4000-8000-000000000000', body)?.body;
      if (parsed === undefined) return { title: '', fields: [] };
      const credential = parsed.credential === null ? '' : Object.values(parsed.credential)[0];
      const fields: SummaryField[] = [
        { name: 'label', value: parsed.label },
        { name: 'baseUrl', value: parsed.baseUrl },
        { name: 'warnUnits', value: String(parsed.thresholds.warnUnits ?? '') },
        { name: 'criticalUnits', value: String(parsed.thresholds.criticalUnits ?? '') },
        { name: 'yuanPerUsd', value: parsed.yuanPerUsd ?? '' },
        {
          name: 'credential',
          value:
            credential === undefined || credential === ''
              ? ''
              : createHmac('sha256', deps.fingerprintKey()).update(credential).digest('hex').slice(0, 6),
        },
      ];
      return { title: parsed.label, fields };
    },
    onChange: (listener) => deps.accounts.onChange(listener),
  };
}
