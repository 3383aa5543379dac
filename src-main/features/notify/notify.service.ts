// The site's own low-balance warning (new-api's quota warning, sent by the site itself: it reaches the user with
// Keydesk closed): what the site holds, shown without a secret, and writing Keydesk's low-balance threshold there with
// the channel the user chose, every other setting the endpoint can carry sent back as the site holds it. The write is
// read back, so what the answer shows is what the site stored.
import type { NotifyView, NotifyWriteArgs } from './notify.schema';
import { fail, ok, type Result, type SiteNotifyView } from '../../../src-shared/contract';
import {
  NOTIFY_TYPES,
  resetBySave,
  settingRequest,
  type ManagementClient,
  type NotifyType,
  type UserSettingRead,
} from '../../gateway';
import { appError } from '../../errors';
import type { AccountDirectory } from '../accounts/account-directory';

/** An address as safe to show: its host (a Bark or webhook path carries the user's own key). */
export function hostOf(address: unknown): string | null {
  if (typeof address !== 'string' || address.trim() === '') return null;
  try {
    return new URL(address).host || '…';
  } catch {
    return '…';
  }
}

const isType = (v: unknown): v is NotifyType =>
  typeof v === 'string' && (NOTIFY_TYPES as readonly string[]).includes(v);
const present = (v: unknown): boolean => typeof v === 'string' && v !== '';

export function notifyView(read: UserSettingRead, keydeskThresholdUnits: number | null): SiteNotifyView {
  const s = read.setting;
  const threshold = s.quota_warning_threshold;
  const own = typeof s.notification_email === 'string' && s.notification_email !== '' ? s.notification_email : null;
  return {
    channel: isType(s.notify_type) ? s.notify_type : null,
    thresholdUnits: typeof threshold === 'number' && Number.isFinite(threshold) && threshold > 0 ? threshold : null,
    email: own ?? (read.email === '' ? null : read.email),
    isAccountEmail: own === null && read.email !== '',
    webhookHost: hostOf(s.webhook_url),
    hasWebhookSecret: present(s.webhook_secret),
    barkHost: hostOf(s.bark_url),
    gotifyHost: hostOf(s.gotify_url),
    hasGotifyToken: present(s.gotify_token),
    resetBySave: resetBySave(s),
    keydeskThresholdUnits,
  };
}

export class NotifyService {
  constructor(private readonly directory: AccountDirectory) {}

  #threshold(accountId: string): number | null {
    return this.directory.get(accountId).thresholds.warnUnits;
  }

  async read(accountId: string): Promise<Result<NotifyView>> {
    const m = await this.directory.management(accountId);
    const read = await m.getUserSetting();
    return read.ok ? ok(notifyView(read.value, this.#threshold(accountId))) : read;
  }

  async write(args: NotifyWriteArgs): Promise<Result<NotifyView>> {
    const threshold = this.#threshold(args.accountId);
    if (threshold === null || threshold <= 0) return fail(appError('validation', 'notify.no_threshold'));
    const m: ManagementClient = await this.directory.management(args.accountId);
    const before = await m.getUserSetting();
    if (!before.ok) return before;
    const typed = (v: string | null | undefined): string | undefined => (v === null || v === undefined ? undefined : v);
    const change = {
      type: args.channel,
      thresholdUnits: threshold,
      email: typed(args.email),
      webhookUrl: typed(args.webhookUrl),
      webhookSecret: typed(args.webhookSecret),
      barkUrl: typed(args.barkUrl),
      gotifyUrl: typed(args.gotifyUrl),
      gotifyToken: typed(args.gotifyToken),
    };
    const body = settingRequest(before.value.setting, change);
    // Said before sending: the site would refuse it too, in its own words only.
    const missing =
      (args.channel === 'webhook' && body.webhook_url === '') ||
      (args.channel === 'bark' && body.bark_url === '') ||
      (args.channel === 'gotify' && (body.gotify_url === '' || body.gotify_token === ''));
    if (missing) return fail(appError('validation', 'notify.no_destination', { params: { channel: args.channel } }));
    const written = await m.putUserSetting(body);
    if (!written.ok) return written;
    const after = await m.getUserSetting();
    return after.ok ? ok(notifyView(after.value, threshold)) : after;
  }
}
