// one-api's keys as one-api stores them (songquanpeng/one-api 8df4a267 model/token.go, controller/token.go): the IP
// limit is `subnet` (comma-separated CIDRs) and the model limit `models` (comma list); there is no group, allow_ips or
// model_limits. Records are read as the spec's fields, and written back in one-api's own.
import { parseIpList, toSubnetList } from '../../src-shared/rules/key-rules';

/** Which key table a site has: new-api's (and the spec's) fields, or one-api's. */
export type KeyDialect = 'new-api' | 'one-api';

interface OneApiColumns {
  readonly models?: string | null | undefined;
  readonly subnet?: string | null | undefined;
}

/** one-api's records always carry `models` and `subnet` (null when never written); new-api's never do. */
export const isOneApiRecord = (record: OneApiColumns): boolean =>
  record.subnet !== undefined || record.models !== undefined;

/**
 * A record with one-api's limits read as the spec's: the subnets as the IP list, a non-empty `models` as an enabled
 * model list. Other records pass unchanged.
 */
export function withSpecLimits<
  T extends OneApiColumns & { model_limits_enabled?: boolean; model_limits?: string; allow_ips?: string | null },
>(record: T): T {
  if (!isOneApiRecord(record)) return record;
  const models = record.models ?? '';
  return { ...record, allow_ips: record.subnet ?? null, model_limits: models, model_limits_enabled: models !== '' };
}

/** `models` as the list a key's model limit says, the way one-api's isModelInList splits it (no trimming needed). */
const joinModels = (models: readonly string[]): string => models.filter((m) => m !== '').join(',');

/** What a subnet list holds, compared without spaces and order of writing: `a/32, b/32` is `a/32,b/32`. */
export const sameSubnets = (a: string | null | undefined, b: string | null | undefined): boolean =>
  parseIpList(a).join(',') === parseIpList(b).join(',');

/**
 * one-api's full update (UpdateToken): exactly the columns token.Update() writes besides status, which only
 * `status_only` changes and which is sent as read. A field missing from the body would be written as empty (NULL for
 * models and subnet), so every one is here by name.
 */
export interface OneApiUpdateBody {
  readonly id: number;
  readonly name: string;
  readonly status: number;
  readonly expired_time: number;
  readonly remain_quota: number;
  readonly unlimited_quota: boolean;
  readonly models: string | null;
  readonly subnet: string | null;
}

/** The edits a one-api update can carry: the spec's names, read as one-api's columns. */
export interface OneApiEdits {
  readonly name?: string;
  readonly remain_quota?: number;
  readonly unlimited_quota?: boolean;
  readonly expired_time?: number;
  readonly model_limits_enabled?: boolean;
  readonly model_limits?: string;
  readonly allow_ips?: string;
}

export interface OneApiRecord extends OneApiColumns {
  readonly id: number;
  readonly name: string;
  readonly status: number;
  readonly expired_time: number;
  readonly remain_quota: number;
  readonly unlimited_quota: boolean;
}

/**
 * The body of a one-api update: the fresh record with the edits laid over. A model list switched off writes an empty
 * `models` (one-api's "no limit"); an IP list edited is written as ranges, each address alone as its /32 or /128.
 * What the edit leaves alone is resent exactly as read, null included.
 */
export function oneApiUpdateBody(current: OneApiRecord, edits: OneApiEdits): OneApiUpdateBody {
  const currentModels = current.models ?? '';
  const isLimited = edits.model_limits_enabled ?? currentModels !== '';
  const isModelsEdited = edits.model_limits_enabled !== undefined || edits.model_limits !== undefined;
  const models = isLimited ? joinModels((edits.model_limits ?? currentModels).split(',').map((m) => m.trim())) : '';
  return {
    id: current.id,
    name: edits.name ?? current.name,
    status: current.status,
    expired_time: edits.expired_time ?? current.expired_time,
    remain_quota: edits.remain_quota ?? current.remain_quota,
    unlimited_quota: edits.unlimited_quota ?? current.unlimited_quota,
    models: isModelsEdited ? models : (current.models ?? null),
    subnet: edits.allow_ips === undefined ? (current.subnet ?? null) : toSubnetList(edits.allow_ips),
  };
}

/** one-api's create (AddToken binds these and nothing else of a key's limits). */
export interface OneApiCreateBody {
  readonly name: string;
  readonly remain_quota: number;
  readonly unlimited_quota: boolean;
  readonly expired_time: number;
  readonly models: string;
  readonly subnet: string;
}

export function oneApiCreateBody(input: {
  readonly name: string;
  readonly remain_quota: number;
  readonly unlimited_quota: boolean;
  readonly expired_time: number;
  readonly model_limits_enabled: boolean;
  readonly model_limits: string;
  readonly allow_ips: string;
}): OneApiCreateBody {
  return {
    name: input.name,
    remain_quota: input.remain_quota,
    unlimited_quota: input.unlimited_quota,
    expired_time: input.expired_time,
    models: input.model_limits_enabled ? joinModels(input.model_limits.split(',').map((m) => m.trim())) : '',
    subnet: toSubnetList(input.allow_ips),
  };
}

/** The spec field names of the one-api columns a read-back differs on (how the renderer names them). */
export function oneApiMismatches(
  sent: OneApiUpdateBody,
  after: OneApiRecord,
): ('name' | 'remain_quota' | 'unlimited_quota' | 'expired_time' | 'model_limits' | 'allow_ips')[] {
  const out: ('name' | 'remain_quota' | 'unlimited_quota' | 'expired_time' | 'model_limits' | 'allow_ips')[] = [];
  if (sent.name !== after.name) out.push('name');
  if (sent.remain_quota !== after.remain_quota) out.push('remain_quota');
  if (sent.unlimited_quota !== after.unlimited_quota) out.push('unlimited_quota');
  if (sent.expired_time !== after.expired_time) out.push('expired_time');
  if ((sent.models ?? '') !== (after.models ?? '')) out.push('model_limits');
  if (!sameSubnets(sent.subnet, after.subnet)) out.push('allow_ips');
  return out;
}
