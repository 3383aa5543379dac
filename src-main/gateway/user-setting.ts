// new-api's per-user settings, where its own quota warning lives: read from `GET /api/user/self` (`setting`, a JSON
// string) and written with `PUT /api/user/setting`. Read in QuantumNous/new-api @ 0089a12f: controller/user.go
// UpdateUserSetting checks notify_type (email | webhook | bark | gotify), quota_warning_threshold > 0 (quota units,
// compared with the user's remaining quota in service/quota.go), and the chosen channel's address; then it builds the
// whole setting anew from the request (model/user.go UpdateUserSetting stores it as sent): a channel's fields are kept
// only for the chosen channel, the webhook secret only when sent non-empty, accept_unset_model_ratio_model and
// record_ip_log as sent (false when missing); of the stored setting only upstream_model_update_notify_enabled is kept.
// Anything else stored there (sidebar_modules, language, billing_preference, …) is lost by any save, the site's own
// console's included. Eras without it (new-api before the route, one-api, the spec) have no `setting` in self.
import { z } from 'zod';
import { GatewayError, whereSupported } from './errors';
import type { ManagementSession } from './management.session';

/** What the site stores beyond this is not a setting anyone typed: refused as malformed. */
const MAX_SETTING_CHARS = 64 * 1024;

const selfSettingSchema = z.object({
  email: z.string().max(320).optional().default(''),
  setting: z.string().max(MAX_SETTING_CHARS).nullish(),
});

/** The stored setting as parsed (every key kept, known or not), and the account's own e-mail. */
export interface UserSettingRead {
  readonly email: string;
  readonly setting: Readonly<Record<string, unknown>>;
}

/** The fields PUT /api/user/setting takes (UpdateUserSettingRequest); the site keeps nothing else but the next one. */
export const REQUEST_FIELDS = [
  'notify_type',
  'quota_warning_threshold',
  'webhook_url',
  'webhook_secret',
  'notification_email',
  'bark_url',
  'gotify_url',
  'gotify_token',
  'gotify_priority',
  'accept_unset_model_ratio_model',
  'record_ip_log',
] as const;
/** Carried over from the stored setting by the handler itself (only admins may change it). */
const KEPT_BY_SITE = 'upstream_model_update_notify_enabled';

export const NOTIFY_TYPES = ['email', 'webhook', 'bark', 'gotify'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

export async function readUserSetting(session: ManagementSession, signal?: AbortSignal): Promise<UserSettingRead> {
  const self = await session.call({
    method: 'GET',
    path: '/api/user/self',
    schema: selfSettingSchema,
    what: 'account',
    scope: 'profile:read',
    signal,
  });
  // No `setting` at all: an era without user settings (its PUT route is missing too).
  if (self.setting === undefined || self.setting === null) {
    throw new GatewayError('unsupported', '', { feature: 'notify_settings' });
  }
  return { email: self.email, setting: parseSetting(self.setting) };
}

/** The site reads a setting it cannot parse as empty (model/user.go GetSetting logs and goes on): so does this. */
export function parseSetting(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** What the user asks for: the threshold, the channel, and the destination typed for it (absent: keep the site's). */
export interface NotifyChange {
  readonly type: NotifyType;
  readonly thresholdUnits: number;
  readonly email?: string | undefined;
  readonly webhookUrl?: string | undefined;
  readonly webhookSecret?: string | undefined;
  readonly barkUrl?: string | undefined;
  readonly gotifyUrl?: string | undefined;
  readonly gotifyToken?: string | undefined;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The request that changes the threshold and channel and keeps everything else the endpoint can keep: both
 * preferences as stored, and every channel's stored address and secret sent back (the site keeps the chosen
 * channel's only; sending the rest costs nothing and keeps a webhook secret the user did not retype).
 */
export function settingRequest(
  current: Readonly<Record<string, unknown>>,
  change: NotifyChange,
): Record<string, unknown> {
  const priority = current.gotify_priority;
  return {
    notify_type: change.type,
    quota_warning_threshold: change.thresholdUnits,
    webhook_url: change.webhookUrl ?? text(current.webhook_url),
    webhook_secret: change.webhookSecret ?? text(current.webhook_secret),
    notification_email: change.email ?? text(current.notification_email),
    bark_url: change.barkUrl ?? text(current.bark_url),
    gotify_url: change.gotifyUrl ?? text(current.gotify_url),
    gotify_token: change.gotifyToken ?? text(current.gotify_token),
    // The site's own default for a priority out of 0–10.
    gotify_priority:
      typeof priority === 'number' && Number.isInteger(priority) && priority >= 0 && priority <= 10 ? priority : 5,
    accept_unset_model_ratio_model: current.accept_unset_model_ratio_model === true,
    record_ip_log: current.record_ip_log === true,
  };
}

/** Stored keys a save cannot carry and the site does not keep itself: any save there resets them. */
export function resetBySave(current: Readonly<Record<string, unknown>>): string[] {
  const carried = new Set<string>([...REQUEST_FIELDS, KEPT_BY_SITE]);
  return Object.entries(current)
    .filter(([key, value]) => !carried.has(key) && value !== '' && value !== false && value !== null && value !== 0)
    .map(([key]) => key.slice(0, 64))
    .slice(0, 20);
}

export async function writeUserSetting(session: ManagementSession, body: Record<string, unknown>): Promise<void> {
  await whereSupported(
    'notify_settings',
    () =>
      session.call({
        method: 'PUT',
        path: '/api/user/setting',
        body,
        schema: z.unknown(),
        what: 'setting answer',
        scope: 'profile:write',
        businessFailure: 'validation',
      }),
    // The spec's server answers a path it lacks with its text 404: no such endpoint, not a wrong address.
    true,
  );
}
