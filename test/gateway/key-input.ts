// Validation of key create, full-update and status-only bodies (spec 4.2, 4.5, 3, 7, 8), and one-api's own columns.
import type { GatewayState, KeyRec, UserRec } from './state';
import { isRecord } from './http';
import { PROFILES } from './profiles';
import { subnetRefusal } from './subnet';

export const MAX_NAME_LENGTH = 50;

export interface KeyFields {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  expired_time: number;
  group: string;
  model_limits_enabled: boolean;
  model_limits: string;
  /** null when the body had none: Go's *string stays nil (non-spec profiles keep it so). */
  allow_ips: string | null;
  cross_group_retry: boolean;
  /** one-api's `models` and `subnet` (Go *string: null when the body had none). */
  models: string | null;
  subnet: string | null;
}

type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const ZERO: KeyFields = {
  name: '',
  remain_quota: 0,
  unlimited_quota: false,
  expired_time: 0,
  group: '',
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
  cross_group_retry: false,
  models: null,
  subnet: null,
};

type Kind = 'string' | 'integer' | 'boolean';

/** The body fields each key table binds; anything else in a body is ignored, as Go's decoding does. */
const KINDS: Partial<Record<keyof KeyFields, Kind>> = {
  name: 'string',
  remain_quota: 'integer',
  unlimited_quota: 'boolean',
  expired_time: 'integer',
  group: 'string',
  model_limits_enabled: 'boolean',
  model_limits: 'string',
  allow_ips: 'string',
  cross_group_retry: 'boolean',
};

/** one-api's Token (model/token.go): no group, model_limits, allow_ips or cross_group_retry; models and subnet. */
const ONE_API_KINDS: Partial<Record<keyof KeyFields, Kind>> = {
  name: 'string',
  remain_quota: 'integer',
  unlimited_quota: 'boolean',
  expired_time: 'integer',
  models: 'string',
  subnet: 'string',
};

function hasKind(v: unknown, kind: Kind): boolean {
  return kind === 'integer' ? Number.isSafeInteger(v) : typeof v === kind;
}

/**
 * Reads the writable fields. A missing field takes its zero value, as Go's JSON decoding does on the
 * real server: this is the full-update trap (only id + remain_quota → empty name, expired_time 0).
 */
function readFields(
  state: GatewayState,
  body: Record<string, unknown>,
  required: readonly (keyof KeyFields)[],
): Result<KeyFields> {
  // The spec's zero for allow_ips is ""; Go leaves a missing *string nil, so real servers store null.
  const out: KeyFields = { ...ZERO, allow_ips: state.profile.allowIps === 'spec' ? '' : null };
  const kinds = state.profile.keyColumns === 'one-api' ? ONE_API_KINDS : KINDS;
  for (const [field, kind] of Object.entries(kinds) as [keyof KeyFields, Kind][]) {
    const v = body[field];
    if (v === undefined || v === null) {
      if (required.includes(field)) return { ok: false, message: `invalid parameter: ${field} is required` };
      continue;
    }
    if (!hasKind(v, kind)) return { ok: false, message: `invalid parameter: ${field} must be a ${kind}` };
    (out as unknown as Record<string, unknown>)[field] = v;
  }
  return { ok: true, value: out };
}

/** Name length as the era measures it: the spec in characters, Go's len() in UTF-8 bytes. */
function nameLength(state: GatewayState, name: string): number {
  return state.profile.nameLimit.unit === 'bytes' ? Buffer.byteLength(name, 'utf8') : Array.from(name).length;
}

function checkRules(state: GatewayState, user: UserRec, f: KeyFields, isCreate: boolean): string | undefined {
  if (nameLength(state, f.name) > state.profile.nameLimit.max) return state.profile.messages.nameTooLong;
  // one-api's validateToken: the name, then every subnet entry through net.ParseCIDR.
  if (state.profile.keyColumns === 'one-api' && f.subnet !== null && f.subnet !== '') {
    const refusal = subnetRefusal(f.subnet);
    if (refusal !== undefined) return refusal;
  }
  if (!f.unlimited_quota || isCreate) {
    if (f.remain_quota < 0) return 'remain_quota must not be negative';
  }
  if (!f.unlimited_quota && f.remain_quota > state.settings.max_remain_quota) {
    return `remain_quota must not exceed ${state.settings.max_remain_quota}`;
  }
  if (f.expired_time < -1) return 'expired_time must be -1 (never) or a Unix timestamp';
  if (f.group !== '' && !state.usableGroups(user).includes(f.group)) {
    return `group ${f.group} is not available to this account`;
  }
  return undefined;
}

export function parseCreate(state: GatewayState, user: UserRec, body: unknown): Result<KeyFields> {
  if (!isRecord(body)) return { ok: false, message: 'invalid request body' };
  const fields = readFields(state, body, ['name', 'remain_quota', 'unlimited_quota', 'expired_time']);
  if (!fields.ok) return fields;
  const problem = checkRules(state, user, fields.value, true);
  return problem === undefined ? fields : { ok: false, message: problem };
}

export function parseFullUpdate(
  state: GatewayState,
  user: UserRec,
  body: unknown,
): Result<{ key: KeyRec; fields: KeyFields }> {
  if (!isRecord(body)) return { ok: false, message: 'invalid request body' };
  const key = Number.isSafeInteger(body.id) ? state.ownKey(user, body.id as number) : undefined;
  if (!key) return { ok: false, message: 'record not found' };
  const fields = readFields(state, body, []);
  if (!fields.ok) return fields;
  // Real servers run the enable check whenever the body says status 1, even on a full update.
  const refusal = body.status === 1 ? enableRefusal(state, key) : undefined;
  if (refusal !== undefined && state.profile.enableCheck === 'stored-status') return { ok: false, message: refusal };
  const problem = checkRules(state, user, fields.value, false);
  return problem === undefined ? { ok: true, value: { key, fields: fields.value } } : { ok: false, message: problem };
}

export function applyFields(state: GatewayState, key: KeyRec, f: KeyFields): void {
  key.name = f.name;
  key.remain_quota = f.remain_quota;
  key.unlimited_quota = f.unlimited_quota;
  key.expired_time = f.expired_time;
  if (state.profile.keyColumns === 'one-api') {
    // token.Update(): Select("name", "status", "expired_time", "remain_quota", "unlimited_quota", "models", "subnet"),
    // so a body without models or subnet writes NULL over them.
    key.models = f.models;
    key.subnet = f.subnet;
    state.refresh(key);
    return;
  }
  state.changeGroup(key, f.group);
  key.model_limits_enabled = f.model_limits_enabled;
  key.model_limits = f.model_limits;
  key.allow_ips = f.allow_ips;
  key.cross_group_retry = f.cross_group_retry;
  state.refresh(key);
}

export const EXPIRED_ENABLE_MESSAGE = PROFILES.spec.messages.enableExpired;
export const EXHAUSTED_ENABLE_MESSAGE = PROFILES.spec.messages.enableExhausted;

/**
 * Why enabling this key is refused, if it is. The spec looks at expiry and quota now; real servers look at
 * the stored status too (3 expired, 4 exhausted) and refuse only while the cause is still there.
 */
function enableRefusal(state: GatewayState, key: KeyRec): string | undefined {
  const { messages } = state.profile;
  if (state.profile.enableCheck === 'current-state') {
    if (state.isExpired(key)) return messages.enableExpired;
    if (state.isExhausted(key)) return messages.enableExhausted;
    return undefined;
  }
  if (key.status === 3 && state.isExpired(key)) return messages.enableExpired;
  if (key.status === 4 && state.isExhausted(key)) return messages.enableExhausted;
  return undefined;
}

/** Status-only update: 1 enables (refused while expired or exhausted), 2 disables. */
export function applyStatus(state: GatewayState, user: UserRec, body: unknown): Result<KeyRec> {
  if (!isRecord(body)) return { ok: false, message: 'invalid request body' };
  const key = Number.isSafeInteger(body.id) ? state.ownKey(user, body.id as number) : undefined;
  if (!key) return { ok: false, message: 'record not found' };
  if (body.status !== 1 && body.status !== 2) return { ok: false, message: 'invalid parameter: status must be 1 or 2' };
  const refusal = body.status === 1 ? enableRefusal(state, key) : undefined;
  if (refusal !== undefined) return { ok: false, message: refusal };
  key.status = body.status;
  return { ok: true, value: key };
}
