// Gateway key records → the KeyView DTO: masked key with sk-, the derived state (a key may still say status 1
// after its expiry passed), model limits as a list. Also KeyFields → the gateway's edit and create shapes.
import { NO_MODEL_LIMITS, type KeyFields, type KeyState, type KeyView } from '../../../src-shared/contract';
import type { CreateKeyInput, KeyEdits, KeyRecord, SearchKeyRecord } from '../../gateway';
import { isExpiryPast, normalizeIpList } from '../../../src-shared/rules/key-rules';
import { isMaskedKey, maskKey } from '../../gateway';

type AnyKeyRecord = KeyRecord | SearchKeyRecord;

const STATUS_EXPIRED = 3;
/** Some new-api versions store 4 for an exhausted key. */
const STATUS_EXHAUSTED = 4;
const STATUS_DISABLED = 2;

/**
 * One state from status, expiry and quota together. Expired and exhausted win over disabled: they are what stands
 * between the user and a working key, and enabling alone will not fix them.
 */
export function deriveKeyState(
  key: {
    status: number;
    expired_time?: number | undefined;
    remain_quota?: number | undefined;
    unlimited_quota: boolean;
  },
  nowSec: number,
): KeyState {
  const expiry = key.expired_time;
  if (key.status === STATUS_EXPIRED || (expiry !== undefined && isExpiryPast(expiry, nowSec))) {
    return 'expired';
  }
  const remain = key.remain_quota;
  if (key.status === STATUS_EXHAUSTED || (!key.unlimited_quota && remain !== undefined && remain <= 0)) {
    return 'exhausted';
  }
  return key.status === STATUS_DISABLED ? 'disabled' : 'enabled';
}

export const splitList = (value: string): string[] =>
  value
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Most keys have no model limits: they share one empty list instead of holding one each. */
const sharedWhenEmpty = (models: readonly string[]): readonly string[] =>
  models.length > 0 ? models : NO_MODEL_LIMITS;

const joinList = (values: readonly string[]): string =>
  values
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(',');

export function toKeyView(accountId: string, record: AnyKeyRecord, nowSec: number): KeyView {
  const r = record as Partial<KeyRecord> & SearchKeyRecord;
  // Older servers send whole keys in lists: never pass those on as they are.
  const maskedKey = isMaskedKey(record.key) ? record.key : maskKey(record.key);
  return {
    accountId,
    id: r.id,
    name: r.name,
    maskedKey,
    status: r.status,
    state: deriveKeyState(r, nowSec),
    createdTime: r.created_time ?? null,
    accessedTime: r.accessed_time ?? null,
    expiredTime: r.expired_time ?? null,
    remainQuota: r.remain_quota ?? null,
    usedQuota: r.used_quota,
    unlimitedQuota: r.unlimited_quota,
    group: r.group,
    modelLimitsEnabled: r.model_limits_enabled ?? false,
    modelLimits: sharedWhenEmpty(splitList(r.model_limits ?? '')),
    // One address per line whatever the server stored (commas, newlines, or null for no limit).
    allowIps: normalizeIpList(r.allow_ips),
  };
}

export function toCreateInput(fields: KeyFields): CreateKeyInput {
  return {
    name: fields.name,
    remain_quota: fields.remainQuota,
    unlimited_quota: fields.unlimitedQuota,
    expired_time: fields.expiredTime,
    group: fields.group,
    model_limits_enabled: fields.modelLimitsEnabled,
    model_limits: joinList(fields.modelLimits),
    allow_ips: normalizeIpList(fields.allowIps),
  };
}

/** Only the fields the user touched; the safe update fills in every other field from a fresh read. */
export function toKeyEdits(edits: Partial<KeyFields>): KeyEdits {
  return {
    ...(edits.name === undefined ? {} : { name: edits.name }),
    ...(edits.remainQuota === undefined ? {} : { remain_quota: edits.remainQuota }),
    ...(edits.unlimitedQuota === undefined ? {} : { unlimited_quota: edits.unlimitedQuota }),
    ...(edits.expiredTime === undefined ? {} : { expired_time: edits.expiredTime }),
    ...(edits.group === undefined ? {} : { group: edits.group }),
    ...(edits.modelLimitsEnabled === undefined ? {} : { model_limits_enabled: edits.modelLimitsEnabled }),
    ...(edits.modelLimits === undefined ? {} : { model_limits: joinList(edits.modelLimits) }),
    ...(edits.allowIps === undefined ? {} : { allow_ips: normalizeIpList(edits.allowIps) }),
  };
}

const FIELD_NAMES: Readonly<Record<string, keyof KeyFields>> = {
  name: 'name',
  remain_quota: 'remainQuota',
  unlimited_quota: 'unlimitedQuota',
  expired_time: 'expiredTime',
  group: 'group',
  model_limits_enabled: 'modelLimitsEnabled',
  model_limits: 'modelLimits',
  allow_ips: 'allowIps',
};

/** Gateway field names → the contract's (status and unknown names pass through). */
export const toFieldName = (wire: string): string => FIELD_NAMES[wire] ?? wire;

/** Which writable fields differ between two records (for the update outcome's "changed"). */
export function changedFields(before: KeyRecord, after: KeyRecord): string[] {
  return Object.keys(FIELD_NAMES)
    .filter((f) =>
      f === 'allow_ips'
        ? normalizeIpList(before.allow_ips) !== normalizeIpList(after.allow_ips)
        : before[f as keyof KeyRecord] !== after[f as keyof KeyRecord],
    )
    .map(toFieldName);
}
