// Handlers of the handoff: channels. Thin: the input schema, then the service.
import { ok } from '../../../src-shared/contract';
import type { Router } from '../../bridge/router';
import { handoffKeySchema, handoffRefSchema, handoffSendSchema } from './handoff.schema';
import type { HandoffService } from './handoff.service';

export function registerHandoffHandlers(router: Router, service: HandoffService): void {
  router
    .handle('handoff:preview', handoffRefSchema, (a) => service.preview(a.accountId, a.id, a.target))
    .handle('handoff:send', handoffSendSchema, (a) => service.send(a.accountId, a.id, a.target, a.document, a.via))
    .handle('handoff:records', handoffKeySchema, (a) => ok(service.records(a.accountId, a.keyId)));
}
