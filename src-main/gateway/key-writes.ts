// The key write flows that must not lose data: create-then-find, the read-overlay-write-verify full update,
// status changes behind the enable rule, and extend-then-enable.
import { z } from 'zod';
import { isNameRefusalText, OLD_SERVER_NAME_BYTES } from '../../src-shared/rules/key-rules';
import type { KeyRecord, Page } from './compat';
import { GatewayError } from './errors';
import type { ManagementSession } from './management.session';
import type { KeyDialect } from './one-api-keys';
import { keyRecordSchema, type WireKeyRecord } from './schemas';
import {
  buildCreateBody,
  buildUpdateBody,
  checkCreateBody,
  checkUpdateBody,
  compareReadBack,
  enableBlocker,
  type CreateKeyBody,
  type CreateKeyInput,
  type KeyEdits,
  type UpdateIntent,
  type WritableField,
} from './token-update';

export interface KeyWriteDeps {
  session(): ManagementSession;
  /** Local Unix seconds. */
  nowSec(): number;
  fetchWireKey(id: number): Promise<WireKeyRecord>;
  /** The wire record as Keydesk holds it (a whole key registered as a secret on the way). */
  toRecord(wire: WireKeyRecord): KeyRecord;
  /** Page 1 of the key list, large (newest first on the servers we know). */
  newestKeys(): Promise<Page<KeyRecord>>;
  /** Which key table the site has (one-api writes its own columns). */
  keyDialect(): Promise<KeyDialect>;
}

export interface UpdatedKey {
  /** The key as read just before the update (what the edits were laid over). */
  readonly before: KeyRecord;
  /** The key as the server stored it: the write's answer, or a read-back when the answer carries no record. */
  readonly key: KeyRecord;
  /** Fields the server stored differently from what we sent (empty when the update landed as meant). */
  readonly mismatches: readonly WritableField[];
  /** False when the edits, worked out from the fresh read, asked for no write (then `key` is that read). */
  readonly isWritten: boolean;
}

const anyData = z.unknown();

/**
 * A name within Keydesk's 50 bytes that the server still refuses is an older server's shorter limit: early new-api
 * and one-api refuse `len(token.Name) > 30` (controller/token.go). Their sentence names no field: the refusal gets
 * field `name` and a reason, so the form marks the name and says in the user's language what fits (the renderer never
 * reads the server's words); those words stay the detail.
 */
async function withNamedRefusal<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof GatewayError) || error.code !== 'validation' || !isNameRefusalText(error.serverMessage)) {
      throw error;
    }
    throw new GatewayError('validation', error.serverMessage, {
      ...error.details,
      field: 'name',
      reason: 'key.name_too_long_for_site',
      params: { max: OLD_SERVER_NAME_BYTES },
    });
  }
}
/** How far the server's clock may be from ours when matching a new key by its created_time. */
const CREATE_MATCH_WINDOW_S = 15 * 60;

export async function createKey(deps: KeyWriteDeps, input: CreateKeyInput): Promise<KeyRecord | null> {
  const body = buildCreateBody(input, await deps.keyDialect());
  const startedSec = deps.nowSec();
  const problem = checkCreateBody(body, startedSec);
  if (problem) throw problem;
  await withNamedRefusal(() =>
    deps.session().call({
      method: 'POST',
      path: '/api/token/',
      body,
      schema: anyData,
      what: 'create answer',
      scope: 'api_key:write',
      businessFailure: 'validation',
    }),
  );
  // Create answers {success, message} only (spec 4.1 #2): the new key is found by listing.
  const page = await deps.newestKeys();
  return pickCreated(page.items, body, startedSec);
}

/**
 * The newest key with the name and settings we sent, created around now. Names are not unique, hence the
 * settings and the time; when the server's clock is far from ours, the newest key of all is accepted only if it
 * matches on everything else.
 */
function pickCreated(items: readonly KeyRecord[], sent: CreateKeyBody, startedSec: number): KeyRecord | null {
  const byNewest = [...items].sort((a, b) => b.id - a.id);
  // one-api's keys have no group: its records read as the default ('').
  const group = 'group' in sent ? sent.group : '';
  const matches = byNewest.filter(
    (k) =>
      k.name === sent.name &&
      k.unlimited_quota === sent.unlimited_quota &&
      k.expired_time === sent.expired_time &&
      k.group === group &&
      (sent.unlimited_quota || k.remain_quota === sent.remain_quota),
  );
  const recent = matches.find((k) => Math.abs(k.created_time - startedSec) <= CREATE_MATCH_WINDOW_S);
  if (recent) return recent;
  const newest = byNewest[0];
  return newest !== undefined && matches[0] === newest ? newest : null;
}

/**
 * Edits, or edits worked out from the fresh record (add quota: current remaining + increment); may throw a refusal.
 * A function may answer null: the fresh read shows there is nothing to write (an allowance already refilled), and
 * nothing is sent after that read.
 */
export type EditsFor = KeyEdits | ((current: KeyRecord) => KeyEdits | null);

/**
 * The full update at its floor: one fresh read, one full write, and the comparison with what the server stored.
 * new-api and one-api answer the update with the stored record (controller/token.go: `"data": cleanToken`), so
 * that answer is compared; only a server whose answer carries no record of this key is read back.
 */
export async function updateKey(
  deps: KeyWriteDeps,
  id: number,
  edits: EditsFor,
  intent: UpdateIntent,
): Promise<UpdatedKey> {
  // Fresh, not from any cache: the full update overwrites every field with what we send.
  const current = await deps.fetchWireKey(id);
  const before = deps.toRecord(current);
  const wanted = typeof edits === 'function' ? edits(before) : edits;
  if (wanted === null) return { before, key: before, mismatches: [], isWritten: false };
  const body = buildUpdateBody(current, wanted);
  const problem = checkUpdateBody(body, current, deps.nowSec(), intent);
  if (problem) throw problem;
  const answer = await withNamedRefusal(() =>
    deps.session().call({
      method: 'PUT',
      path: '/api/token/',
      body,
      schema: anyData,
      what: 'update answer',
      scope: 'api_key:write',
      businessFailure: 'validation',
    }),
  );
  const answered = keyRecordSchema.safeParse(answer);
  const after = answered.success && answered.data.id === id ? answered.data : await deps.fetchWireKey(id);
  return { before, key: deps.toRecord(after), mismatches: compareReadBack(body, after), isWritten: true };
}

export async function setKeyStatus(deps: KeyWriteDeps, id: number, isEnabled: boolean): Promise<KeyRecord | null> {
  if (isEnabled) {
    const blocker = enableBlocker(await deps.fetchWireKey(id), deps.nowSec());
    if (blocker) throw blocker;
  }
  return sendStatus(deps, id, isEnabled ? 1 : 2);
}

export async function extendAndEnable(
  deps: KeyWriteDeps,
  id: number,
  fix: Pick<KeyEdits, 'expired_time' | 'remain_quota' | 'unlimited_quota'>,
): Promise<KeyRecord> {
  const { key } = await updateKey(deps, id, fix, {});
  // Judge the key as the server stored it, not as we asked: a fix that did not land must not be enabled over.
  const blocker = enableBlocker(key, deps.nowSec());
  if (blocker) throw blocker;
  const enabled = await sendStatus(deps, id, 1);
  return enabled ?? { ...key, status: 1 };
}

/** The status-only PUT. Its answer is not specified: a key record when the server sends one, else null. */
async function sendStatus(deps: KeyWriteDeps, id: number, status: 1 | 2): Promise<KeyRecord | null> {
  const data = await deps.session().call({
    method: 'PUT',
    path: '/api/token/',
    query: { status_only: 'true' },
    body: { id, status },
    schema: anyData,
    what: 'status answer',
    scope: 'api_key:write',
    businessFailure: 'validation',
  });
  const parsed = keyRecordSchema.safeParse(data);
  return parsed.success ? deps.toRecord(parsed.data) : null;
}
