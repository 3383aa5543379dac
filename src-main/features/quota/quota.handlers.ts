// Handlers of the quota: channels. Thin: validate, call the monitor, wrap.
import { z } from 'zod';
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { QuotaMonitor } from './quota.monitor';

const accountId = z.string().min(1).max(200);

export function registerQuotaHandlers(router: Router, monitor: QuotaMonitor): void {
  router
    .handle('quota:snapshot', noArgs, () => ok(monitor.snapshot()))
    .handle(
      'quota:refresh',
      z.union([z.strictObject({ accountId: accountId.optional() }), noArgs.transform(() => ({}))]),
      async ({ accountId: id }) => ok(await monitor.refresh(id, 'manual')),
    )
    .handle('quota:history', z.strictObject({ accountId }), ({ accountId: id }) => ok(monitor.history(id)));
}
