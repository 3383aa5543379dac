// Handlers of the settings: channels. Thin: validate (schemas), call the service, wrap in Result.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import { settingsPatchSchema } from './settings.schema';
import type { SettingsService } from './settings.service';

export function registerSettingsHandlers(router: Router, settings: SettingsService): void {
  router
    .handle('settings:get', noArgs, () => ok(settings.get()))
    .handle('settings:update', settingsPatchSchema, (patch) => ok(settings.update(patch)));
}
