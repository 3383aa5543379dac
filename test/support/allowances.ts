// Allowances for tests: a stored record as the allowance file holds it, and a daily refill set through the router as
// the drawer sets it (waiting for the first refill that setting starts), the set-up the backup and sync tests share.
import type { App } from '../../src-main/app';
import type { AllowanceRecord } from '../../src-main/features/allowance/allowance.schema';
import type { RouterCalls } from './router-calls';

export async function setDailyRefill(
  k: Pick<RouterCalls, 'value'> & { readonly app: Pick<App, 'allowances'> },
  at: { readonly accountId: string; readonly keyId: number; readonly amountUnits: number },
): Promise<void> {
  await k.value('allowance:set', { ...at, period: 'day', mode: 'refill', timeZone: 'Asia/Shanghai' });
  // Setting it starts its first refill; this waits for that one to finish.
  await k.app.allowances.runDue();
}

/** A stored daily refill of 1,000 units for alice's key 7, never run; tests set what they look at. */
export const allowanceRecord = (over: Partial<AllowanceRecord> = {}): AllowanceRecord => ({
  id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeee1',
  accountId: 'acc',
  keyId: 7,
  keyName: 'ci',
  period: 'day',
  mode: 'refill',
  amountUnits: 1_000,
  timeZone: 'UTC',
  createdAt: 1,
  updatedAt: 1,
  stopped: null,
  lastPeriodStart: null,
  pending: null,
  expectedTotal: null,
  cap: null,
  history: [],
  runsOn: null,
  ...over,
});
