// Sets a daily refill allowance through the router, as the drawer does, and waits for the first refill that setting
// starts: the set-up the backup and sync record tests share.
import type { App } from '../../src-main/app';
import type { RouterCalls } from './router-calls';

export async function setDailyRefill(
  k: Pick<RouterCalls, 'value'> & { readonly app: Pick<App, 'allowances'> },
  at: { readonly accountId: string; readonly keyId: number; readonly amountUnits: number },
): Promise<void> {
  await k.value('allowance:set', { ...at, period: 'day', mode: 'refill', timeZone: 'Asia/Shanghai' });
  // Setting it starts its first refill; this waits for that one to finish.
  await k.app.allowances.runDue();
}
