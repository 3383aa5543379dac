// Handlers of the updates: channels. Thin: validate, call the update service, wrap; expected refusals are thrown
// as AppErrorException by the service and become Results in the router.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import { configureInput } from './updates.schema';
import type { UpdatesService } from './updates.service';

export function registerUpdatesHandlers(router: Router, updates: UpdatesService): void {
  router
    .handle('updates:status', noArgs, () => ok(updates.status()))
    .handle('updates:check', noArgs, async () => ok(await updates.check()))
    .handle('updates:download', noArgs, () => ok(updates.download()))
    .handle('updates:install', noArgs, () => ok(updates.install()))
    .handle('updates:configure', configureInput, (patch) => ok(updates.configure(patch)));
}
