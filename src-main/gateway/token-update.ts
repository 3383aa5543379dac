// Key write bodies: the ONE builder of the full update (spec 4.5: every writable field, always; one-api's own columns
// on one-api), its checks, the read-back comparison, the create body, and the rule for when a key may be enabled.
import {
  MAX_KEY_NAME_BYTES,
  NEVER_EXPIRES,
  asSubnetEntries,
  invalidIps,
  ipEntryProblem,
  isExpiryPast,
  normalizeIpList,
  utf8Bytes,
} from '../../src-shared/rules/key-rules';
import type { ErrorParams, ErrorReason } from '../../src-shared/contract';
import { GatewayError } from './errors';
import {
  isOneApiRecord,
  oneApiCreateBody,
  oneApiMismatches,
  oneApiUpdateBody,
  sameSubnets,
  type KeyDialect,
  type OneApiCreateBody,
  type OneApiUpdateBody,
} from './one-api-keys';
import type { WireKeyRecord } from './schemas';

/** Spec 4.5's writable fields besides id. `status` is sent as read: status changes go through status_only. */
export const WRITABLE_FIELDS = [
  'name',
  'remain_quota',
  'unlimited_quota',
  'expired_time',
  'status',
  'group',
  'model_limits_enabled',
  'model_limits',
  'allow_ips',
] as const;
export type WritableField = (typeof WRITABLE_FIELDS)[number];

/** new-api counts the name in UTF-8 bytes (Go's len), so 50 ASCII characters but only 16 Chinese ones. */
export const MAX_NAME_BYTES = MAX_KEY_NAME_BYTES;
export { NEVER_EXPIRES };

export type NewApiUpdateBody = { readonly id: number } & {
  readonly [F in Exclude<WritableField, 'allow_ips'>]: WireKeyRecord[F];
} & {
  readonly allow_ips: string;
} & {
  /** Not in spec 4.5, but newer servers overwrite it too (zero when missing): resend what we read. */
  readonly cross_group_retry?: boolean;
};

/** new-api's (and the spec's) full update, or one-api's, which has columns of its own (one-api-keys.ts). */
export type FullUpdateBody = NewApiUpdateBody | OneApiUpdateBody;

const isOneApiBody = (body: FullUpdateBody): body is OneApiUpdateBody => 'subnet' in body;

/** What a user may change; anything absent keeps its current value. */
export type KeyEdits = {
  readonly [F in Exclude<WritableField, 'status' | 'allow_ips'>]?: WireKeyRecord[F];
} & {
  /** Addresses separated by newlines or commas; sent one per line. */
  readonly allow_ips?: string;
  readonly cross_group_retry?: boolean;
};

export interface UpdateIntent {
  /** The user chose to expire the key: an expired_time in the past is then meant, not a mistake. */
  readonly expireOnPurpose?: boolean;
}

/**
 * Overlays edits on the freshly read record. Every field is written out by name so that the type checker, not
 * a spread, guarantees the body is full: there is no other way to build an update body in this codebase.
 */
export function buildUpdateBody(current: WireKeyRecord, edits: KeyEdits): FullUpdateBody {
  if (isOneApiRecord(current)) return oneApiUpdateBody(current, edits);
  const crossGroupRetry = edits.cross_group_retry ?? current.cross_group_retry;
  return {
    id: current.id,
    name: edits.name ?? current.name,
    remain_quota: edits.remain_quota ?? current.remain_quota,
    unlimited_quota: edits.unlimited_quota ?? current.unlimited_quota,
    expired_time: edits.expired_time ?? current.expired_time,
    status: current.status,
    group: edits.group ?? current.group,
    model_limits_enabled: edits.model_limits_enabled ?? current.model_limits_enabled,
    model_limits: edits.model_limits ?? current.model_limits,
    // Never null on the wire: '' is "no limit" on every server, and one address per line is how they split it.
    allow_ips: normalizeIpList(edits.allow_ips ?? current.allow_ips),
    ...(crossGroupRetry === undefined ? {} : { cross_group_retry: crossGroupRetry }),
  };
}

const refuse = (field: string, reason: ErrorReason, params?: ErrorParams) =>
  new GatewayError('validation', '', { field, reason, ...(params === undefined ? {} : { params }) });

function checkCommon(body: {
  name: unknown;
  remain_quota: unknown;
  unlimited_quota: unknown;
  expired_time: unknown;
}): GatewayError | undefined {
  if (typeof body.name !== 'string') return refuse('name', 'input.key_name_type');
  // Bytes, as real servers count (the spec's "characters" would let a 17-character Chinese name through).
  if (utf8Bytes(body.name) > MAX_NAME_BYTES) {
    return refuse('name', 'input.key_name_bytes', { bytes: utf8Bytes(body.name), max: MAX_NAME_BYTES });
  }
  if (typeof body.unlimited_quota !== 'boolean') return refuse('unlimited_quota', 'input.unlimited_flag');
  if (!Number.isSafeInteger(body.remain_quota)) return refuse('remain_quota', 'input.quota_whole');
  if (!body.unlimited_quota && (body.remain_quota as number) < 0) {
    return refuse('remain_quota', 'input.quota_negative');
  }
  if (!Number.isSafeInteger(body.expired_time) || (body.expired_time as number) < NEVER_EXPIRES) {
    return refuse('expired_time', 'input.expiry_format');
  }
  return undefined;
}

/** An allowlist entry the server would store but never match: every call with the key would be refused. */
function checkIps(allowIps: string): GatewayError | undefined {
  const bad = invalidIps(allowIps);
  return bad.length === 0 ? undefined : refuse('allow_ips', 'input.ip_list', { values: bad.join(', ') });
}

/** A subnet entry one-api's net.ParseCIDR would refuse: the whole write would be refused, so it is not sent. */
function checkSubnets(subnet: string | null): GatewayError | undefined {
  const bad = asSubnetEntries(subnet).filter((entry) => ipEntryProblem(entry) !== undefined);
  return bad.length === 0 ? undefined : refuse('allow_ips', 'input.subnet_list', { values: bad.join(', ') });
}

const isPast = isExpiryPast;

/**
 * Checks a built body before it is sent. An expiry already in the past that the edit leaves alone is resent as
 * is (it changes nothing); an edit that moves the expiry into the past must say it means to.
 */
export function checkUpdateBody(
  body: FullUpdateBody,
  current: WireKeyRecord,
  nowSec: number,
  intent: UpdateIntent = {},
): GatewayError | undefined {
  const common = checkCommon(body);
  if (common) return common;
  // Only an allowlist the edit changes is judged: one stored long ago is resent as it is.
  const ips = isOneApiBody(body)
    ? sameSubnets(body.subnet, current.subnet)
      ? undefined
      : checkSubnets(body.subnet)
    : body.allow_ips === normalizeIpList(current.allow_ips)
      ? undefined
      : checkIps(body.allow_ips);
  if (ips) return ips;
  const isChanged = body.expired_time !== current.expired_time;
  if (isChanged && isPast(body.expired_time, nowSec) && intent.expireOnPurpose !== true) {
    return refuse('expired_time', 'input.expiry_past');
  }
  return undefined;
}

/** Writable fields the read-back differs on (status excluded: the server owns it, e.g. writing 3 on expiry). */
export function compareReadBack(sent: FullUpdateBody, after: WireKeyRecord): readonly WritableField[] {
  if (isOneApiBody(sent)) return oneApiMismatches(sent, after);
  return WRITABLE_FIELDS.filter((f) =>
    f === 'allow_ips'
      ? normalizeIpList(sent.allow_ips) !== normalizeIpList(after.allow_ips)
      : f !== 'status' && sent[f] !== after[f],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Create (spec 4.2)

export interface CreateKeyInput {
  readonly name: string;
  readonly remain_quota: number;
  readonly unlimited_quota: boolean;
  /** Unix seconds; -1 = never. */
  readonly expired_time: number;
  readonly group?: string;
  readonly model_limits_enabled?: boolean;
  readonly model_limits?: string;
  readonly allow_ips?: string;
}

export type NewApiCreateBody = Required<CreateKeyInput>;
export type CreateKeyBody = NewApiCreateBody | OneApiCreateBody;

/**
 * Every field spelled out, optional ones with the spec's "no limit" defaults; on one-api its own columns (the group
 * it does not have is left out, the IP list written as ranges).
 */
export function buildCreateBody(input: CreateKeyInput, dialect: KeyDialect = 'new-api'): CreateKeyBody {
  const body = buildNewApiCreateBody(input);
  return dialect === 'one-api' ? oneApiCreateBody(body) : body;
}

function buildNewApiCreateBody(input: CreateKeyInput): NewApiCreateBody {
  return {
    name: input.name,
    remain_quota: input.remain_quota,
    unlimited_quota: input.unlimited_quota,
    expired_time: input.expired_time,
    group: input.group ?? '',
    model_limits_enabled: input.model_limits_enabled ?? false,
    model_limits: input.model_limits ?? '',
    allow_ips: normalizeIpList(input.allow_ips),
  };
}

export function checkCreateBody(body: CreateKeyBody, nowSec: number): GatewayError | undefined {
  const common = checkCommon(body) ?? ('subnet' in body ? checkSubnets(body.subnet) : checkIps(body.allow_ips));
  if (common) return common;
  // Spec 4.2: remain_quota >= 0 even for an unlimited key.
  if (body.remain_quota < 0) return refuse('remain_quota', 'input.quota_negative');
  if (isPast(body.expired_time, nowSec)) {
    return refuse('expired_time', 'input.expiry_past_new');
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Enable rule (spec 3)

export type EnableState = Pick<WireKeyRecord, 'status' | 'expired_time' | 'remain_quota' | 'unlimited_quota'>;

/**
 * Why a key may not be enabled yet, or undefined. Judged on the fields, as the server does: a stored status 3
 * (expired) or 4 (exhausted) stops blocking once expiry or quota has been fixed through the full update, which is
 * exactly what extendAndEnable does before it enables.
 */
export function enableBlocker(key: EnableState, nowSec: number): GatewayError | undefined {
  if (isPast(key.expired_time, nowSec)) {
    return refuse('expired_time', 'key.enable_expired');
  }
  if (!key.unlimited_quota && key.remain_quota <= 0) {
    return refuse('remain_quota', 'key.enable_exhausted');
  }
  return undefined;
}
