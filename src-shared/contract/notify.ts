// The contract for the site's own low-balance warning (new-api's per-user quota warning: a threshold and a channel
// the site itself sends through, so the warning reaches the user with Keydesk closed): what the site holds now, and
// writing Keydesk's low-balance threshold there. Its types and channels.

/** The ways new-api sends its quota warning. */
export const SITE_NOTIFY_CHANNELS = ['email', 'webhook', 'bark', 'gotify'] as const;
export type SiteNotifyChannel = (typeof SITE_NOTIFY_CHANNELS)[number];

/**
 * What the site holds, as safe to show: addresses by their host only (a Bark or webhook address carries its own
 * secret), secrets as whether one is set. Never a secret's value.
 */
export interface SiteNotifyView {
  /** The channel set on the site; null when none was ever saved (the site then sends e-mail). */
  readonly channel: SiteNotifyChannel | null;
  /** The site's warning threshold in quota units; null when none was saved (the site's own default applies). */
  readonly thresholdUnits: number | null;
  /** The e-mail address the warning goes to (the notification address, else the account's own); null when neither. */
  readonly email: string | null;
  /** True when the notification address is the account's own e-mail (none set apart). */
  readonly isAccountEmail: boolean;
  readonly webhookHost: string | null;
  readonly hasWebhookSecret: boolean;
  readonly barkHost: string | null;
  readonly gotifyHost: string | null;
  readonly hasGotifyToken: boolean;
  /**
   * Settings the site keeps beside these that its settings endpoint cannot carry, so a save there resets them (new-api
   * rebuilds the whole setting from the request): e.g. `sidebar_modules`, `language`, `billing_preference`. Shown
   * before writing, so the user decides knowing it.
   */
  readonly resetBySave: readonly string[];
  /** Keydesk's own low-balance threshold for the account, in units; null when none is set. */
  readonly keydeskThresholdUnits: number | null;
}

/** Writing the warning: Keydesk's low-balance threshold, with the channel the user chose and its destination. */
export interface SiteNotifyWrite {
  readonly accountId: string;
  readonly channel: SiteNotifyChannel;
  /**
   * The destination of the chosen channel as the user typed it; absent or null keeps what the site holds for that
   * channel (an e-mail channel without one sends to the account's own address).
   */
  readonly email?: string | null;
  readonly webhookUrl?: string | null;
  readonly webhookSecret?: string | null;
  readonly barkUrl?: string | null;
  readonly gotifyUrl?: string | null;
  readonly gotifyToken?: string | null;
}

/** Invoke channels of the site's own warning. */
export interface NotifyInvokeMap {
  /** Reads what the site holds (GET /api/user/self); `unsupported` (feature notify_settings) on eras without it. */
  'notify:read': { args: { readonly accountId: string }; result: SiteNotifyView };
  /** Writes Keydesk's low-balance threshold and the chosen channel, keeping every other setting the site lets it keep. */
  'notify:write': { args: SiteNotifyWrite; result: SiteNotifyView };
}

export const NOTIFY_CHANNELS: { readonly [C in keyof NotifyInvokeMap]: true } = {
  'notify:read': true,
  'notify:write': true,
};
