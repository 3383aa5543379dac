// Handlers of the allowance: channels. Thin: the input schema, then the service.
import { ok } from '../../../src-shared/contract';
import type { Router } from '../../bridge/router';
import {
  allowanceAccountSchema,
  allowanceKeySchema,
  allowanceListSchema,
  setAllowanceSchema,
} from './allowance.schema';
import type { AllowanceService } from './allowance.service';

export function registerAllowanceHandlers(router: Router, service: AllowanceService): void {
  router
    .handle('allowance:list', allowanceListSchema, (a) => ok(service.list(a.accountId)))
    .handle('allowance:support', allowanceAccountSchema, async (a) => ok(await service.support(a.accountId)))
    .handle('allowance:set', setAllowanceSchema, async (a) => ok(await service.set(a)))
    .handle('allowance:remove', allowanceKeySchema, (a) => ok(service.remove(a.accountId, a.keyId)))
    .handle('allowance:runHere', allowanceKeySchema, (a) => ok(service.runHere(a.accountId, a.keyId)));
}
