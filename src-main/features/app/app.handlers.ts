// Handlers of the app: and settings: channels. Thin: validate (schemas), call the service, wrap in Result.
import { ok, type AppInfo } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import { settingsPatchSchema, type SettingsService } from './settings.service';

export function registerAppHandlers(router: Router, info: AppInfo, settings: SettingsService): void {
  router
    .handle('app:info', noArgs, () => ok(info))
    .handle('settings:get', noArgs, () => ok(settings.get()))
    .handle('settings:update', settingsPatchSchema, (patch) => ok(settings.update(patch)));
}
