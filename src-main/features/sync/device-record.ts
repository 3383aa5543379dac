// A device's entry in the sync folder (one record per device, written only by that device): its name, its Keydesk
// version and when it last wrote the entry. The device list in Settings is read from these.
import { z } from 'zod';
import { MAX_DEVICE_NAME } from '../../../src-shared/contract';
import type { RemoteRecord } from './merge';
import type { SyncState } from './sync-state';

export const deviceBodySchema = z.strictObject({
  name: z.string().max(MAX_DEVICE_NAME),
  appVersion: z.string().max(64),
  lastSyncAt: z.number().int().nonnegative().nullable(),
});
export type DeviceBody = z.infer<typeof deviceBodySchema>;

/** A device's entry as read: listed (or updated), or gone when it was a tombstone or not a device's shape. */
export function noteDevice(state: SyncState, id: string, remote: RemoteRecord): SyncState {
  const parsed = deviceBodySchema.safeParse(remote.body);
  const devices = state.devices.filter((device) => device.id !== id);
  if (!remote.deleted && parsed.success) devices.push({ id, ...parsed.data });
  return { ...state, devices: devices.slice(-200) };
}

/** Devices whose entry left the folder (removed there) leave the list. */
export const pruneDevices = (state: SyncState, isListed: (id: string) => boolean): SyncState => ({
  ...state,
  devices: state.devices.filter((device) => isListed(device.id)),
});
