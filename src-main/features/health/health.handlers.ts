// Handlers of the health: channels. Thin: the arguments are checked, the service answers.
import { z } from 'zod';
import { HEALTH_INTERVALS_HOURS, ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { HealthService } from './health.service';

const accountId = z.string().min(1).max(200);
const keyRef = { accountId, keyId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) };
const model = z.string().trim().min(1).max(200);

export function registerHealthHandlers(router: Router, health: HealthService): void {
  router.handle('health:list', noArgs, () => ok(health.list()));
  router.handle('health:check', z.strictObject(keyRef), (a) => health.check(a.accountId, a.keyId));
  router.handle('health:checkAccount', z.strictObject({ accountId }), (a) => health.checkAccount(a.accountId));
  router.handle('health:quote', z.strictObject({ ...keyRef, model }), (a) =>
    health.quote(a.accountId, a.keyId, a.model),
  );
  router.handle('health:call', z.strictObject({ ...keyRef, model }), (a) => health.call(a.accountId, a.keyId, a.model));
  router.handle('health:settings', noArgs, () => ok(health.settings()));
  router.handle(
    'health:setSchedule',
    z.strictObject({ intervalHours: z.union(HEALTH_INTERVALS_HOURS.map((h) => z.literal(h))) }),
    (a) => ok(health.setSchedule(a.intervalHours)),
  );
}
