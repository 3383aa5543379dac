// A device's entry in the sync folder (one record per device, written only by that device): its name, its Keydesk
// version and when it last wrote the entry. The device list in Settings is read from these.
import { z } from 'zod';
import { MAX_DEVICE_NAME } from '../../../src-shared/contract';

export const deviceBodySchema = z.strictObject({
  name: z.string().max(MAX_DEVICE_NAME),
  appVersion: z.string().max(64),
  lastSyncAt: z.number().int().nonnegative().nullable(),
});
export type DeviceBody = z.infer<typeof deviceBodySchema>;
