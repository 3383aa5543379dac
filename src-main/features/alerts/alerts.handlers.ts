// Handlers of the alerts: channels (the alert centre). Thin: validate, call the alerts service, wrap.
import { z } from 'zod';
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { AlertsService } from './alerts.service';

export function registerAlertsHandlers(router: Router, alerts: AlertsService): void {
  router
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
