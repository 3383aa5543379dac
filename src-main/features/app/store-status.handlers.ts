// Handler of app:storeProblems: the data files found damaged at start, for the renderer's banner.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { StoreStatus } from './store-status.service';

export function registerStoreStatusHandlers(router: Router, status: StoreStatus): void {
  router.handle('app:storeProblems', noArgs, () => ok(status.problems()));
}
