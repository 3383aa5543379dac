// Inputs of the notify: channels, checked before anything is sent: the channel, and the destination the user typed for
// it (an e-mail with an @, an http(s) address, a secret or token without control characters), each bounded.
import { z } from 'zod';
import { SITE_NOTIFY_CHANNELS, type SiteNotifyView } from '../../../src-shared/contract';

export type NotifyView = SiteNotifyView;

// eslint-disable-next-line no-control-regex -- a typed address or secret with a control character is refused
const noControls = (s: string): boolean => !/[\u0000-\u001f\u007f]/.test(s);
const webAddress = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((s) => noControls(s) && /^https?:\/\/[^\s/]+/.test(s), { params: { reason: 'address.not_web' } });
const secret = z
  .string()
  .min(1)
  .max(500)
  .refine(noControls, { params: { reason: 'input.credential_characters' } });

export const notifyWriteSchema = z.strictObject({
  accountId: z.string().min(1).max(200),
  channel: z.enum(SITE_NOTIFY_CHANNELS),
  email: z
    .string()
    .trim()
    .min(3)
    .max(320)
    .refine((s) => noControls(s) && /^[^@\s]+@[^@\s]+$/.test(s), { params: { reason: 'input.invalid' } })
    .nullish(),
  webhookUrl: webAddress.nullish(),
  webhookSecret: secret.nullish(),
  barkUrl: webAddress.nullish(),
  gotifyUrl: webAddress.nullish(),
  gotifyToken: secret.nullish(),
});
export type NotifyWriteArgs = z.infer<typeof notifyWriteSchema>;
