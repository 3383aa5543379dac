// User settings (language, theme): read from and written to the config store; every change is pushed as
// settings:changed so every window follows.
import type { Settings, SettingsPatch } from '../../../src-shared/contract';
import type { EventBus } from '../../event-bus';
import type { DocumentStore } from '../../vault/config.store';
import type { SettingsDocument } from './settings.schema';

export const DEFAULT_SETTINGS: Settings = {
  language: null,
  theme: 'system',
  refreshIntervalMinutes: 5,
  closeToTray: true,
  launchAtLogin: false,
  alertSound: false,
  expiringWithinDays: 7,
  deleteExportsAfterDays: null,
  // The tray says the number where the platform can: the total, which needs no choice of account.
  trayTitle: 'total',
};

export class SettingsService {
  constructor(
    private readonly store: DocumentStore<SettingsDocument>,
    private readonly events: EventBus,
  ) {}

  get(): Settings {
    return { ...DEFAULT_SETTINGS, ...this.store.read() };
  }

  update(patch: SettingsPatch): Settings {
    const next: Settings = { ...this.get(), ...patch };
    this.store.write(next);
    this.events.emit('settings:changed', next);
    return next;
  }
}
