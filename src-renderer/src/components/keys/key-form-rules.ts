// The key form's rules, without Vue: a blank form and the form of a key read fresh, the fields the form says, the
// edits against the fresh key (only touched fields are sent), the changes as the user reads them, the reductions
// to confirm, and the one problem to show. Byte and IP rules are src-shared/rules/key-rules.ts; main checks again.
import type { AppError, KeyFields, KeyShape, KeyView } from '../../../../src-shared/contract';
import {
  asSubnetEntries,
  invalidIps,
  ipEntryProblem,
  isKeyNameTooLong,
  normalizeIpList,
  parseIpList,
  utf8Bytes,
} from '../../../../src-shared/rules/key-rules';
import { presetExpiry, type ExpiryPreset } from './relative-date';

export interface KeyForm {
  name: string;
  isUnlimited: boolean;
  /** Units; null = nothing typed yet. */
  quota: number | null;
  /** 'keep' (edit only) leaves the key's expiry as it is. */
  preset: ExpiryPreset | 'keep';
  /** Milliseconds, for preset 'date'. */
  date: number | null;
  group: string;
  isModelLimited: boolean;
  modelLimits: string[];
  /** One address or CIDR per line. */
  allowIps: string;
}

/** A new key: nothing typed, expiring in a month, default group, no limits. */
export const blankKeyForm = (): KeyForm => ({
  name: '',
  isUnlimited: false,
  quota: null,
  preset: 'month',
  date: null,
  group: '',
  isModelLimited: false,
  modelLimits: [],
  allowIps: '',
});

/** An edit starts from the key as just read, its expiry kept until the user picks another. */
export const keyFormOf = (k: KeyView): KeyForm => ({
  name: k.name,
  isUnlimited: k.unlimitedQuota,
  quota: k.remainQuota,
  preset: 'keep',
  date: k.expiredTime !== null && k.expiredTime > 0 ? k.expiredTime * 1000 : null,
  group: k.group,
  isModelLimited: k.modelLimitsEnabled,
  modelLimits: [...k.modelLimits],
  allowIps: normalizeIpList(k.allowIps),
});

/** Unix seconds the form asks for (-1 = never); null while a date is still to pick. */
export function formExpiry(form: KeyForm, fresh: KeyView | null, nowMs: number): number | null {
  if (form.preset === 'keep') return fresh?.expiredTime ?? -1;
  const v = presetExpiry(form.preset, nowMs, form.date);
  return Number.isNaN(v) ? null : v;
}

/** The whole key as the form says it; null while the expiry or a limited quota is missing. */
export function formFields(form: KeyForm, fresh: KeyView | null, nowMs: number): KeyFields | null {
  const expiredTime = formExpiry(form, fresh, nowMs);
  if (expiredTime === null) return null;
  if (!form.isUnlimited && form.quota === null) return null;
  return {
    name: form.name.trim(),
    remainQuota: form.quota ?? 0,
    unlimitedQuota: form.isUnlimited,
    expiredTime,
    group: form.group,
    modelLimitsEnabled: form.isModelLimited,
    modelLimits: form.isModelLimited ? form.modelLimits : [],
    allowIps: form.allowIps,
  };
}

export type IpLimit = KeyShape['ipLimit'];

/**
 * The IP list as the site will store it, one entry per line: one-api's ranges (an address alone as its /32 or /128),
 * else the addresses as typed.
 */
export const storedIps = (value: string, ipLimit: IpLimit): string =>
  ipLimit === 'subnet' ? asSubnetEntries(value).join('\n') : normalizeIpList(value);

/** Only what differs from the key as read: main builds the full update from the fresh key and these. */
export function keyEdits(
  fresh: KeyView | null,
  fields: KeyFields | null,
  ipLimit: IpLimit = 'allow_ips',
): Partial<KeyFields> {
  if (!fresh || !fields) return {};
  const out: { -readonly [K in keyof KeyFields]?: KeyFields[K] } = {};
  if (fields.name !== fresh.name) out.name = fields.name;
  if (fields.unlimitedQuota !== fresh.unlimitedQuota) out.unlimitedQuota = fields.unlimitedQuota;
  // An unlimited key's remaining quota is not what it spends: a different number there is no change.
  if (!fields.unlimitedQuota && fields.remainQuota !== fresh.remainQuota) out.remainQuota = fields.remainQuota;
  if (fields.expiredTime !== fresh.expiredTime) out.expiredTime = fields.expiredTime;
  if (fields.group !== fresh.group) out.group = fields.group;
  if (fields.modelLimitsEnabled !== fresh.modelLimitsEnabled) out.modelLimitsEnabled = fields.modelLimitsEnabled;
  // A gateway keeps the list of a key whose limits are off; while they stay off, that list is no change.
  const isListInForce = fields.modelLimitsEnabled || fresh.modelLimitsEnabled;
  if (isListInForce && fields.modelLimits.join(',') !== fresh.modelLimits.join(','))
    out.modelLimits = fields.modelLimits;
  // Compared as the site stores it: on one-api `10.0.0.1` is the `10.0.0.1/32` it already holds, no change.
  const ips = storedIps(fields.allowIps, ipLimit);
  if (ips !== normalizeIpList(fresh.allowIps)) out.allowIps = ips;
  return out;
}

/** How the changes list words values, in the user's language (the component passes i18n and the money format). */
export interface KeyFormFormat {
  readonly money: (units: number | null) => string;
  /** Unix seconds, -1 = never, null = unknown. */
  readonly expiry: (unixSec: number | null) => string;
  readonly yes: string;
  readonly no: string;
  readonly defaultGroup: string;
  readonly noLimit: string;
}

export type ChangeField =
  'name' | 'unlimitedQuota' | 'remainQuota' | 'expiredTime' | 'group' | 'modelLimits' | 'allowIps';
export interface KeyChange {
  readonly field: ChangeField;
  readonly from: string;
  readonly to: string;
}

/** The edits as "field: from → to", one line per field the user sees (model switch and list are one line). */
export function keyChanges(
  fresh: KeyView | null,
  edits: Partial<KeyFields>,
  fields: KeyFields | null,
  format: KeyFormFormat,
): KeyChange[] {
  if (!fresh) return [];
  const yesNo = (v: boolean) => (v ? format.yes : format.no);
  const list: KeyChange[] = [];
  if (edits.name !== undefined) list.push({ field: 'name', from: fresh.name, to: edits.name });
  if (edits.unlimitedQuota !== undefined)
    list.push({ field: 'unlimitedQuota', from: yesNo(fresh.unlimitedQuota), to: yesNo(edits.unlimitedQuota) });
  if (edits.remainQuota !== undefined)
    list.push({ field: 'remainQuota', from: format.money(fresh.remainQuota), to: format.money(edits.remainQuota) });
  if (edits.expiredTime !== undefined)
    list.push({ field: 'expiredTime', from: format.expiry(fresh.expiredTime), to: format.expiry(edits.expiredTime) });
  if (edits.group !== undefined)
    list.push({ field: 'group', from: fresh.group || format.defaultGroup, to: edits.group || format.defaultGroup });
  if (edits.modelLimitsEnabled !== undefined || edits.modelLimits !== undefined)
    list.push({
      field: 'modelLimits',
      from: fresh.modelLimitsEnabled ? fresh.modelLimits.join(', ') || '—' : format.noLimit,
      to: fields?.modelLimitsEnabled ? fields.modelLimits.join(', ') || '—' : format.noLimit,
    });
  if (edits.allowIps !== undefined)
    list.push({
      field: 'allowIps',
      from: fresh.allowIps.split('\n').join(', ') || format.noLimit,
      to: edits.allowIps.split('\n').join(', ') || format.noLimit,
    });
  return list;
}

/** Reductions the user must confirm: less quota, a limit on an unlimited key, an earlier expiry. */
export type KeyRisk = 'quota' | 'unlimited' | 'expiry';
export function keyRisks(fresh: KeyView | null, edits: Partial<KeyFields>): KeyRisk[] {
  if (!fresh) return [];
  const out: KeyRisk[] = [];
  if (edits.remainQuota !== undefined && fresh.remainQuota !== null && edits.remainQuota < fresh.remainQuota)
    out.push('quota');
  if (edits.unlimitedQuota === false) out.push('unlimited');
  if (
    edits.expiredTime !== undefined &&
    edits.expiredTime !== -1 &&
    (fresh.expiredTime === -1 || (fresh.expiredTime ?? 0) > edits.expiredTime)
  )
    out.push('expiry');
  return out;
}

/** An expiry set in the past on purpose: main is told, or it refuses an edit that would switch the key off. */
export const isExpiringOnPurpose = (edits: Partial<KeyFields>, nowMs: number): boolean =>
  edits.expiredTime !== undefined && edits.expiredTime !== -1 && edits.expiredTime <= nowMs / 1000;

/** An IP-limit entry a subnet site refuses, and why (net.ParseCIDR's rules, src-shared/rules/key-rules.ts). */
export interface SubnetProblem {
  readonly entry: string;
  readonly why: 'address' | 'prefix';
}

export type KeyFormProblem =
  | { readonly kind: 'nameTooLong' }
  | { readonly kind: 'ips'; readonly ips: readonly string[] }
  | { readonly kind: 'subnets'; readonly entries: readonly SubnetProblem[] }
  | { readonly kind: 'pickDate' }
  | { readonly kind: 'quotaRequired' };

/**
 * The one problem the user is told, first one first. A required field left empty is said once the user has touched
 * it or tried to save, never on an untouched form.
 */
export function keyFormProblem(
  form: KeyForm,
  attempt: { readonly isQuotaTouched: boolean; readonly isSubmitTried: boolean },
  ipLimit: IpLimit = 'allow_ips',
): KeyFormProblem | null {
  if (isKeyNameTooLong(form.name.trim())) return { kind: 'nameTooLong' };
  if (ipLimit === 'subnet') {
    const entries = parseIpList(form.allowIps).flatMap((entry) => {
      const why = ipEntryProblem(entry);
      return why === undefined ? [] : [{ entry, why }];
    });
    if (entries.length > 0) return { kind: 'subnets', entries };
  } else {
    const ips = invalidIps(form.allowIps);
    if (ips.length > 0) return { kind: 'ips', ips };
  }
  if (form.preset === 'date' && form.date === null) return { kind: 'pickDate' };
  const isQuotaMissing = !form.isUnlimited && form.quota === null;
  if (isQuotaMissing && (attempt.isQuotaTouched || attempt.isSubmitTried)) return { kind: 'quotaRequired' };
  return null;
}

export { OLD_SERVER_NAME_BYTES } from '../../../../src-shared/rules/key-rules';
/** An older server's refusal of a name within Keydesk's 50 bytes: main recognises it and names it; the form reads the reason, never the server's words. */
export const isNameRefusal = (error: AppError): boolean => error.reason === 'key.name_too_long_for_site';
/** After such a refusal, a name is still too long for that site until it is shorter than the refused one. */
export const isNameRefusedBySite = (name: string, refusedBytes: number | null): boolean =>
  refusedBytes !== null && utf8Bytes(name.trim()) >= refusedBytes;
