// The sync status Settings shows, built from what the service holds: the folder and this device, the last run and
// what waits, the devices, each conflict's copies as the kinds describe them (never a secret), notices, refusals.
import type { AppError, SyncConflict, SyncStatus } from '../../../src-shared/contract';
import { entryOf } from '../../id-record';
import { parseVersion, versionText } from './hlc';
import type { Alternative } from './merge';
import type { SyncRecordKind } from './record-kind';
import type { SyncState } from './sync-state';

export interface StatusInputs {
  readonly state: SyncState;
  readonly conflicts: ReadonlyMap<string, readonly Alternative[]>;
  readonly kinds: readonly SyncRecordKind[];
  readonly isSyncing: boolean;
  readonly lastError: AppError | null;
  readonly waiting: number;
  readonly nextRunAt: number | null;
}

export async function statusView(inputs: StatusInputs): Promise<SyncStatus> {
  const { state } = inputs;
  const { config } = state;
  return {
    isConfigured: config !== null,
    url: config?.url ?? null,
    username: config?.username ?? null,
    deviceName: config?.deviceName ?? null,
    groups: config?.groups ?? [],
    isSyncing: inputs.isSyncing,
    lastSyncAt: state.lastSyncAt,
    lastError: inputs.lastError,
    nextRunAt: config === null ? null : inputs.nextRunAt,
    waiting: inputs.waiting,
    devices: state.devices
      .map((device) => ({
        id: device.id,
        name: device.name,
        isThisDevice: device.id === config?.deviceId,
        // This device's own entry is rewritten hourly; its last run is the fresher answer.
        lastSyncAt: device.id === config?.deviceId ? (state.lastSyncAt ?? device.lastSyncAt) : device.lastSyncAt,
      }))
      .sort((a, b) => Number(b.isThisDevice) - Number(a.isThisDevice) || a.name.localeCompare(b.name)),
    conflicts: await conflictViews(inputs),
    notices: state.notices,
    refused: state.refused.map((r) => ({ problem: r.problem, at: r.at })),
  };
}

async function conflictViews({ state, conflicts, kinds }: StatusInputs): Promise<SyncConflict[]> {
  const views: SyncConflict[] = [];
  const deviceName = (id: string) => state.devices.find((device) => device.id === id)?.name ?? null;
  for (const [name, alternatives] of conflicts) {
    const record = entryOf(state.records, name);
    const kind = record === undefined ? undefined : kinds.find((k) => k.kind === record.kind);
    if (record === undefined || kind === undefined) continue;
    const current = await kind.localOf(record.id);
    const base = record.base === null ? null : parseVersion(record.base);
    const describe = (body: unknown) =>
      body === null || body === undefined ? { title: '', fields: [] } : kind.describe(body);
    const currentView = describe(current);
    views.push({
      conflictId: name,
      kind: kind.kind,
      recordId: record.id,
      title: currentView.title,
      copies: [
        {
          copyId: 'current',
          isCurrent: true,
          isDeleted: current === null,
          deviceName: base === null ? null : deviceName(base.device),
          at: base?.wall ?? 0,
          ...currentView,
        },
        ...alternatives.map((alternative) => ({
          copyId: versionText(alternative.version),
          isCurrent: false,
          isDeleted: alternative.deleted,
          deviceName: deviceName(alternative.version.device),
          at: alternative.version.wall,
          ...describe(alternative.deleted ? null : alternative.body),
        })),
      ],
    });
  }
  return views;
}
