// Inputs of the sync: channels, checked at the bridge before the service sees them.
import { z } from 'zod';
import {
  MAX_DEVICE_NAME,
  MAX_SYNC_PASSPHRASE,
  MIN_SYNC_PASSPHRASE,
  SYNC_SETTING_GROUPS,
} from '../../../src-shared/contract';
import { MAX_URL_CHARS } from '../../../src-shared/rules/url-rules';
import { credentialText } from '../accounts/credential-text';

const groups = z.array(z.enum(SYNC_SETTING_GROUPS)).max(SYNC_SETTING_GROUPS.length);

export const syncSetupSchema = z
  .strictObject({
    mode: z.enum(['create', 'join']),
    url: z.string().min(1).max(MAX_URL_CHARS),
    username: credentialText(256),
    appPassword: credentialText(1024),
    // A new folder's passphrase has a floor; joining takes whatever it was made with.
    passphrase: z.string().min(1).max(MAX_SYNC_PASSPHRASE),
    deviceName: z.string().trim().min(1).max(MAX_DEVICE_NAME),
    groups,
  })
  .refine((args) => args.mode === 'join' || args.passphrase.length >= MIN_SYNC_PASSPHRASE, {
    path: ['passphrase'],
    params: { reason: 'input.too_short', min: MIN_SYNC_PASSPHRASE },
  });

export const syncGroupsSchema = z.strictObject({ groups });
export const syncResolveSchema = z.strictObject({
  conflictId: z.string().min(1).max(128),
  copyId: z.string().min(1).max(80),
});
export const syncNoticeSchema = z.strictObject({ id: z.uuid() });
