// Handlers of the app: channels that say what Keydesk is. Thin: validate (schemas), wrap in Result.
import { ok, type AppInfo } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';

export function registerAppHandlers(router: Router, info: AppInfo): void {
  router.handle('app:info', noArgs, () => ok(info));
}
