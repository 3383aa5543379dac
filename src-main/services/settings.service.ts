// User settings (language, theme): read from and written to the config store; every change is pushed as
// settings:changed so every window follows.
import { z } from 'zod';
import { LANGUAGES, THEMES, type Settings, type SettingsPatch } from '../../src-preload/contract';
import type { EventBus } from '../bridge/events';
import type { DocumentStore } from '../vault/config.store';

export const settingsSchema = z.object({
  language: z.enum(LANGUAGES).nullable().catch(null),
  theme: z.enum(THEMES).catch('system'),
});

export const settingsPatchSchema = z.strictObject({
  language: z.enum(LANGUAGES).nullable().optional(),
  theme: z.enum(THEMES).optional(),
});

export const DEFAULT_SETTINGS: Settings = { language: null, theme: 'system' };

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
