// new-api's `PUT /api/user/setting`: the user's quota warning (threshold in quota units, channel email / webhook /
// Bark / Gotify) and two preferences, modelled on QuantumNous/new-api controller/user.go UpdateUserSetting, dto
// user_settings.go and model/user.go UpdateUserSetting @ 0089a12f. The handler checks the request in the source's
// order, then builds the whole setting anew from it and stores that: a channel's fields are kept only for the channel
// chosen, a webhook secret only when one is sent, and what the request cannot carry (sidebar_modules, language,
// billing_preference, …) is gone; only upstream_model_update_notify_enabled is carried over (admins may change it).
import type { Hono } from 'hono';
import type { GatewayEnv } from './http';
import { fail, isRecord, json } from './http';
import type { Mutex } from './mutex';
import { requireManagement } from './session-auth';
import type { GatewayState } from './state';

/**
 * The source's words. The older handler wrote them in Chinese literals (the first five); rc.4x words them through its
 * i18n table under keys of the same meaning (MsgSettingInvalidType, MsgQuotaThresholdGtZero, …).
 */
export const USER_SETTING_MESSAGES = {
  invalidParams: '无效的参数',
  invalidType: '无效的预警类型',
  thresholdGtZero: '预警阈值必须大于0',
  webhookEmpty: 'Webhook地址不能为空',
  webhookInvalid: '无效的Webhook地址',
  emailInvalid: '无效的邮箱地址',
  barkUrlEmpty: 'Bark推送URL不能为空',
  barkUrlInvalid: '无效的Bark推送URL',
  urlMustHttp: 'URL必须以http://或https://开头',
  gotifyUrlEmpty: 'Gotify服务器地址不能为空',
  gotifyTokenEmpty: 'Gotify令牌不能为空',
  gotifyUrlInvalid: '无效的Gotify服务器地址',
  saved: '设置已更新',
} as const;

const NOTIFY_TYPES = ['email', 'webhook', 'bark', 'gotify'];

/** Go's url.ParseRequestURI, closely enough: an absolute path, or a scheme with a parsable rest and no space. */
function isRequestUri(value: string): boolean {
  if (value.startsWith('/')) return !/\s/.test(value);
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value) || /\s/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** gin's ShouldBindJSON into the request struct: a field of the wrong JSON type fails the whole bind. */
function bind(body: unknown): Record<string, unknown> | null {
  if (!isRecord(body)) return null;
  const strings = [
    'notify_type',
    'webhook_url',
    'webhook_secret',
    'notification_email',
    'bark_url',
    'gotify_url',
    'gotify_token',
  ];
  const numbers = ['quota_warning_threshold', 'gotify_priority'];
  const bools = ['upstream_model_update_notify_enabled', 'accept_unset_model_ratio_model', 'record_ip_log'];
  for (const f of strings) if (body[f] !== undefined && body[f] !== null && typeof body[f] !== 'string') return null;
  for (const f of numbers) if (body[f] !== undefined && body[f] !== null && typeof body[f] !== 'number') return null;
  for (const f of bools) if (body[f] !== undefined && body[f] !== null && typeof body[f] !== 'boolean') return null;
  if (typeof body.gotify_priority === 'number' && !Number.isInteger(body.gotify_priority)) return null;
  return body;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function parseStored(setting: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(setting);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function registerUserSettingRoute(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  const m = USER_SETTING_MESSAGES;
  app.put('/api/user/setting', requireManagement(state, 'profile:write'), (c) =>
    mutex.run(() => {
      const req = bind(c.get('body'));
      if (req === null) return fail(m.invalidParams);
      const type = str(req.notify_type);
      const threshold = typeof req.quota_warning_threshold === 'number' ? req.quota_warning_threshold : 0;
      if (!NOTIFY_TYPES.includes(type)) return fail(m.invalidType);
      if (threshold <= 0) return fail(m.thresholdGtZero);
      const webhookUrl = str(req.webhook_url);
      if (type === 'webhook') {
        if (webhookUrl === '') return fail(m.webhookEmpty);
        if (!isRequestUri(webhookUrl)) return fail(m.webhookInvalid);
      }
      const email = str(req.notification_email);
      if (type === 'email' && email !== '' && !email.includes('@')) return fail(m.emailInvalid);
      const barkUrl = str(req.bark_url);
      if (type === 'bark') {
        if (barkUrl === '') return fail(m.barkUrlEmpty);
        if (!isRequestUri(barkUrl)) return fail(m.barkUrlInvalid);
        if (!barkUrl.startsWith('https://') && !barkUrl.startsWith('http://')) return fail(m.urlMustHttp);
      }
      const gotifyUrl = str(req.gotify_url);
      const gotifyToken = str(req.gotify_token);
      if (type === 'gotify') {
        if (gotifyUrl === '') return fail(m.gotifyUrlEmpty);
        if (gotifyToken === '') return fail(m.gotifyTokenEmpty);
        if (!isRequestUri(gotifyUrl)) return fail(m.gotifyUrlInvalid);
        if (!gotifyUrl.startsWith('https://') && !gotifyUrl.startsWith('http://')) return fail(m.urlMustHttp);
      }
      const user = c.get('principal').user;
      const existing = parseStored(user.setting);
      let upstream = existing.upstream_model_update_notify_enabled === true;
      if (user.role >= 10 && typeof req.upstream_model_update_notify_enabled === 'boolean') {
        upstream = req.upstream_model_update_notify_enabled;
      }
      // dto.UserSetting as Go marshals it: field order, omitempty on all but gotify_priority.
      const priority = typeof req.gotify_priority === 'number' ? req.gotify_priority : 0;
      const next: Record<string, unknown> = { notify_type: type, quota_warning_threshold: threshold };
      if (type === 'webhook') {
        next.webhook_url = webhookUrl;
        if (str(req.webhook_secret) !== '') next.webhook_secret = str(req.webhook_secret);
      }
      if (type === 'email' && email !== '') next.notification_email = email;
      if (type === 'bark') next.bark_url = barkUrl;
      if (type === 'gotify') {
        next.gotify_url = gotifyUrl;
        next.gotify_token = gotifyToken;
      }
      next.gotify_priority = type === 'gotify' ? (priority < 0 || priority > 10 ? 5 : priority) : 0;
      if (upstream) next.upstream_model_update_notify_enabled = true;
      if (req.accept_unset_model_ratio_model === true) next.accept_unset_model_ratio_model = true;
      if (req.record_ip_log === true) next.record_ip_log = true;
      user.setting = JSON.stringify(next);
      return json({ success: true, message: m.saved });
    }),
  );
}
