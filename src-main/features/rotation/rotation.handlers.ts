// Handlers of the rotation: channels. Thin: the input schema, then the service.
import { ok } from '../../../src-shared/contract';
import type { Router } from '../../bridge/router';
import {
  rotationIdSchema,
  rotationKeySchema,
  rotationListSchema,
  rotationRepeatSchema,
  rotationStartSchema,
} from './rotation.schema';
import type { RotationService } from './rotation.service';

export function registerRotationHandlers(router: Router, service: RotationService): void {
  router
    .handle('rotation:plan', rotationKeySchema, (a) => service.plan(a.accountId, a.keyId))
    .handle('rotation:start', rotationStartSchema, (a) => service.start(a.accountId, a.keyId, a.idleMinutes))
    .handle('rotation:list', rotationListSchema, (a) => ok(service.list(a.accountId)))
    .handle('rotation:stop', rotationIdSchema, (a) => service.stop(a.id))
    .handle('rotation:repeatStep', rotationRepeatSchema, (a) => service.repeatStep(a.id, a.stepId, a.via))
    .handle('rotation:deleteOld', rotationIdSchema, (a) => service.deleteOld(a.id));
}
