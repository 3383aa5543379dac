// A backup's decrypted body read back: its accounts are checked one by one with a turn of the event loop offered after
// each (a restore of thousands must not hold main for the whole parse), and one record that is not an account still
// makes the whole body unreadable, as the single parse did.
import { describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../../../../src-main/features/accounts/account-records';
import {
  decodePayload,
  encodePayload,
  PAYLOAD_FORMAT,
  type BackupPayload,
} from '../../../../../src-main/features/backup/backup-payload';
import { idRecordOf } from '../../../../../src-main/id-record';

const minimal = (i: number) => ({
  id: `file-${i}`,
  label: `Team ${i}`,
  kind: 'access_token',
  baseUrl: 'https://gateway.example',
  apiUrl: 'https://gateway.example',
});

const body = (accounts: readonly unknown[]): Uint8Array =>
  encodePayload({
    format: PAYLOAD_FORMAT,
    createdAt: 1,
    appVersion: '9.9.9',
    settings: {},
    accounts: { accounts: accounts as AccountRecord[], activeId: null },
    credentials: idRecordOf([['file-0', { accessToken: 'fake-token' }]]),
  } satisfies BackupPayload);

describe('decodePayload', () => {
  it('checks the accounts one by one, awaiting its boundary after each, with the defaults filled in', async () => {
    const order: string[] = [];
    const payload = await decodePayload(body([minimal(0), minimal(1), minimal(2)]), () => {
      order.push('turn');
      return Promise.resolve();
    });
    expect(order).toEqual(['turn', 'turn', 'turn']);
    expect(payload?.accounts.accounts.map((a) => [a.id, a.isHidden, a.thresholds])).toEqual([
      ['file-0', false, { warnUnits: null, criticalUnits: null }],
      ['file-1', false, { warnUnits: null, criticalUnits: null }],
      ['file-2', false, { warnUnits: null, criticalUnits: null }],
    ]);
    expect(payload?.credentials?.['file-0']).toEqual({ accessToken: 'fake-token' });
  });

  it('reads no body whose one record is not an account, nor one with a field it does not know', async () => {
    expect(await decodePayload(body([minimal(0), { ...minimal(1), kind: 'cookie' }]))).toBeNull();
    const withExtra = new TextEncoder().encode(
      JSON.stringify({ ...JSON.parse(new TextDecoder().decode(body([minimal(0)]))), extra: 1 }),
    );
    expect(await decodePayload(withExtra)).toBeNull();
    expect(await decodePayload(new TextEncoder().encode('{not json'))).toBeNull();
  });

  it('stops where its boundary throws (the file was discarded while it was read)', async () => {
    let turns = 0;
    const reading = decodePayload(body([minimal(0), minimal(1), minimal(2)]), () => {
      turns += 1;
      return turns === 2 ? Promise.reject(new Error('cancelled')) : Promise.resolve();
    });
    await expect(reading).rejects.toThrow('cancelled');
    expect(turns).toBe(2);
  });
});
