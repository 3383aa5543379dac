// Settings as synced records, one per group the user chose to sync (appearance: language and theme; monitoring:
// the polling interval, the alert sound, the expiring window). Desktop behaviour (tray, start at login) stays per
// machine. A group not chosen here is neither taken nor written.
import { z } from 'zod';
import type { Settings, SyncSettingGroup } from '../../../../src-shared/contract';
import type { EventBus } from '../../../event-bus';
import { settingsPatchSchema } from '../../settings/settings.schema';
import type { SettingsService } from '../../settings/settings.service';
import type { SyncRecordKind } from '../record-kind';

const GROUPS = {
  appearance: ['language', 'theme'],
  monitoring: ['refreshIntervalMinutes', 'alertSound', 'expiringWithinDays'],
} as const satisfies Record<SyncSettingGroup, readonly (keyof Settings)[]>;

const groupSchemas = {
  appearance: settingsPatchSchema.pick({ language: true, theme: true }).required().strict(),
  monitoring: settingsPatchSchema
    .pick({ refreshIntervalMinutes: true, alertSound: true, expiringWithinDays: true })
    .required()
    .strict(),
} satisfies Record<SyncSettingGroup, z.ZodType>;

const isGroup = (id: string): id is SyncSettingGroup => Object.hasOwn(GROUPS, id);

export interface SettingsKindDeps {
  readonly settings: Pick<SettingsService, 'get' | 'update'>;
  readonly events: Pick<EventBus, 'on'>;
  /** The groups this device syncs, as chosen now. */
  readonly groups: () => readonly SyncSettingGroup[];
}

export function settingsKind(deps: SettingsKindDeps): SyncRecordKind {
  const bodyOf = (group: SyncSettingGroup): Record<string, unknown> => {
    const settings = deps.settings.get();
    return Object.fromEntries(GROUPS[group].map((name) => [name, settings[name]]));
  };
  const owns = (id: string): boolean => isGroup(id) && deps.groups().includes(id);
  return {
    kind: 'settings',
    owns,
    local() {
      return Promise.resolve(new Map(deps.groups().map((group) => [group, bodyOf(group)])));
    },
    localOf(id) {
      return Promise.resolve(owns(id) && isGroup(id) ? bodyOf(id) : null);
    },
    admit(id, body) {
      if (!isGroup(id)) return null;
      const parsed = groupSchemas[id].safeParse(body);
      return parsed.success ? parsed.data : null;
    },
    apply(changes) {
      for (const [id, body] of changes) {
        // A group's record is never deleted on purpose: a tombstone leaves the settings as they are here.
        if (!owns(id) || !isGroup(id) || body === null) continue;
        const parsed = groupSchemas[id].safeParse(body);
        if (parsed.success) deps.settings.update(parsed.data);
      }
      return Promise.resolve();
    },
    describe(body) {
      const fields = Object.entries((body ?? {}) as Record<string, unknown>).map(([name, value]) => ({
        name,
        value:
          typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '',
      }));
      return { title: '', fields };
    },
    onChange: (listener) =>
      deps.events.on('settings:changed', () => {
        listener();
      }),
  };
}
