// Handlers of the quota: and alerts: channels. Thin: validate, call the monitor or the alerts service, wrap.
import { z } from 'zod';
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { AlertsService } from './alerts.service';
import type { QuotaMonitor } from './quota.monitor';

const accountId = z.string().min(1).max(200);

export function registerQuotaHandlers(router: Router, monitor: QuotaMonitor, alerts: AlertsService): void {
  router
    .handle('quota:snapshot', noArgs, () => ok(monitor.snapshot()))
    .handle(
      'quota:refresh',
      z.union([z.strictObject({ accountId: accountId.optional() }), noArgs.transform(() => ({}))]),
      async ({ accountId: id }) => ok(await monitor.refresh(id, 'manual')),
    )
    .handle('quota:history', z.strictObject({ accountId }), ({ accountId: id }) => ok(monitor.history(id)))
    .handle('alerts:list', noArgs, () => ok(alerts.list()))
    .handle(
      'alerts:acknowledge',
      z.strictObject({ ids: z.array(z.string().min(1).max(200)).max(1000).optional() }),
      ({ ids }) => ok(alerts.acknowledge(ids)),
    )
    .handle(
      'alerts:resolveRunaway',
      z.strictObject({ id: z.string().min(1).max(200), action: z.enum(['disable', 'dismiss']) }),
      ({ id, action }) => alerts.resolveRunaway(id, action),
    );
}
