// User settings (language, theme): read from and written to the config store; every change is pushed as
// settings:changed so every window follows.
import { z } from 'zod';
import { LANGUAGES, THEMES, TRAY_TITLES, type Settings, type SettingsPatch } from '../../../src-shared/contract';
import {
  MAX_REFRESH_MINUTES,
  MAX_SETTING_DAYS,
  MIN_REFRESH_MINUTES,
  MIN_SETTING_DAYS,
} from '../../../src-shared/rules/settings-rules';
import type { EventBus } from '../../event-bus';
import type { DocumentStore } from '../../vault/config.store';

const refreshMinutes = z.number().int().min(MIN_REFRESH_MINUTES).max(MAX_REFRESH_MINUTES);
const settingDays = z.number().int().min(MIN_SETTING_DAYS).max(MAX_SETTING_DAYS);

export const settingsSchema = z.object({
  language: z.enum(LANGUAGES).nullable().catch(null),
  theme: z.enum(THEMES).catch('system'),
  refreshIntervalMinutes: refreshMinutes.catch(5),
  closeToTray: z.boolean().catch(true),
  launchAtLogin: z.boolean().catch(false),
  alertSound: z.boolean().catch(false),
  expiringWithinDays: settingDays.catch(7),
  deleteExportsAfterDays: settingDays.nullable().catch(null),
  trayTitle: z.enum(TRAY_TITLES).catch('total'),
});

export const settingsPatchSchema = z.strictObject({
  language: z.enum(LANGUAGES).nullable().optional(),
  theme: z.enum(THEMES).optional(),
  refreshIntervalMinutes: refreshMinutes.optional(),
  closeToTray: z.boolean().optional(),
  launchAtLogin: z.boolean().optional(),
  alertSound: z.boolean().optional(),
  expiringWithinDays: settingDays.optional(),
  deleteExportsAfterDays: settingDays.nullable().optional(),
  trayTitle: z.enum(TRAY_TITLES).optional(),
});

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

export type SettingsDocument = z.infer<typeof settingsSchema>;

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
