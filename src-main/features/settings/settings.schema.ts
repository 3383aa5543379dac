// The settings' schemas: the stored document (a value out of range falls back to its default) and a patch from the
// renderer (refused when out of range), both on the bounds in src-shared/rules/settings-rules.ts.
import { z } from 'zod';
import { LANGUAGES, THEMES, TRAY_TITLES } from '../../../src-shared/contract';
import {
  MAX_REFRESH_MINUTES,
  MAX_SETTING_DAYS,
  MIN_REFRESH_MINUTES,
  MIN_SETTING_DAYS,
} from '../../../src-shared/rules/settings-rules';

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

export type SettingsDocument = z.infer<typeof settingsSchema>;
