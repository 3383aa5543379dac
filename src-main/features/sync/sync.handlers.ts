// Handlers of the sync: channels. Thin: the input schema, then the service.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import { syncGroupsSchema, syncNoticeSchema, syncResolveSchema, syncSetupSchema } from './sync.schema';
import type { SyncService } from './sync.service';

export function registerSyncHandlers(router: Router, service: SyncService): void {
  router
    .handle('sync:status', noArgs, async () => ok(await service.status()))
    .handle('sync:setUp', syncSetupSchema, async (args) => ok(await service.setUp(args)))
    .handle('sync:now', noArgs, async () => ok(await service.syncNow()))
    .handle('sync:setGroups', syncGroupsSchema, async (args) => ok(await service.setGroups(args.groups)))
    .handle('sync:resolve', syncResolveSchema, async (args) => ok(await service.resolve(args.conflictId, args.copyId)))
    .handle('sync:dismissNotice', syncNoticeSchema, async (args) => ok(await service.dismissNotice(args.id)))
    .handle('sync:removeDevice', noArgs, async () => ok(await service.removeDevice()));
}
