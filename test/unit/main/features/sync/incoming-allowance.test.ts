// The one gate of a synced allowance: what an allowance set here may not be (an amount the site cannot hold, a time
// zone this system does not know, an id no Keydesk makes), a synced one may not be either; and the running machine's
// own bookkeeping (a pending refill, a cap's count) never arrives from the folder.
import { describe, expect, it } from 'vitest';
import { admitSyncedAllowance } from '../../../../../src-main/features/sync/incoming-allowance';

const ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const ACCOUNT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const good = {
  accountId: ACCOUNT,
  keyId: 7,
  keyName: 'ci',
  period: 'day',
  mode: 'refill',
  amountUnits: 1_000_000,
  timeZone: 'Asia/Shanghai',
  createdAt: 1,
  updatedAt: 2,
  stopped: null,
  lastPeriodStart: null,
  expectedTotal: null,
  history: [],
  runsOn: '11111111-2222-4333-8444-555555555555',
};

const EVENT = { at: 3, periodStart: 0, kind: 'refill', fromUnits: 5, toUnits: 1_000_000 };

describe('admitSyncedAllowance', () => {
  it('admits an allowance as Keydesk stores it, with the machine that runs it', () => {
    expect(admitSyncedAllowance(ID, good)).toEqual({ ...good, id: ID });
  });

  it('admits a history up to its bound', () => {
    expect(admitSyncedAllowance(ID, { ...good, history: Array.from({ length: 60 }, () => EVENT) })).not.toBeNull();
  });

  it.each([
    ['an id that is not Keydesk’s', 'allowance-1', good],
    ['an account id that is not Keydesk’s', ID, { ...good, accountId: 'alice' }],
    ['no amount', ID, { ...good, amountUnits: 0 }],
    ['an amount past what the site holds', ID, { ...good, amountUnits: 2_147_483_648 }],
    ['a period Keydesk does not know', ID, { ...good, period: 'hour' }],
    ['a time zone no system knows', ID, { ...good, timeZone: 'Mars/Olympus_Mons' }],
    ['a pending refill (the runner’s own)', ID, { ...good, pending: null }],
    ['a cap’s count (the runner’s own)', ID, { ...good, cap: null }],
    ['no runner', ID, { ...good, runsOn: null }],
    ['a change before its making', ID, { ...good, createdAt: 5, updatedAt: 4 }],
    ['a history past its bound', ID, { ...good, history: Array.from({ length: 61 }, () => EVENT) }],
  ])('refuses %s', (_, id, body) => {
    expect(admitSyncedAllowance(id, body)).toBeNull();
  });
});
