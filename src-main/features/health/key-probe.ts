// One health probe with a key the caller holds: GET /v1/models (free) or a one-token chat call, through the shared
// transport (its per-host limits and deadlines), and what the answer says. The key travels in the Authorization header
// only. How each era refuses (read in their sources; test/gateway/README.md, "Key refusals and billed calls"): today's
// new-api answers every refused key with one 401 "Invalid token" (or its translation); older new-api and one-api name
// the cause (状态不可用, 已过期, 额度已用尽); IP and group refusals are 403s; one-api wraps its words in its own error
// body. The site's words are read here, in main, as a last resort only: the renderer gets a state, never text to parse.
import { z } from 'zod';
import type { AppError, KeyHealthState } from '../../../src-shared/contract';
import type { HttpMethod } from '../../gateway';
import { GatewayError, classifyResponse, messageOf } from '../../gateway/errors';
import type { HttpResponse } from '../../gateway/http';
import { modelsSchema } from '../../gateway/schemas';

/** The states a site's refusal can mean. */
export type RefusedState = Exclude<KeyHealthState, 'works' | 'not_held' | 'failed'>;

export type ProbeAnswer =
  | {
      readonly kind: 'works';
      readonly modelCount: number | null;
      /** The listed ids, the first MAX_MODEL_IDS of them (GET /v1/models only). */
      readonly modelIds: readonly string[] | null;
      readonly latencyMs: number;
    }
  | {
      readonly kind: 'refused';
      readonly state: RefusedState;
      /** True when the site's words named the cause; false when the refusal says nothing more than "no". */
      readonly isCauseStated: boolean;
      readonly serverMessage: string | null;
      readonly latencyMs: number;
    }
  | { readonly kind: 'failed'; readonly error: AppError; readonly latencyMs: number | null };

/** Where a probe goes: a key client's raw /v1 sender (the key rides in its header) and the clock. */
export interface ProbeTarget {
  readonly send: (method: HttpMethod, path: string, body?: unknown) => Promise<HttpResponse>;
  readonly apiUrl: string;
  readonly now: () => number;
}

/** Model ids kept from a listing: enough to choose a call's model from; the count says how many there were. */
export const MAX_MODEL_IDS = 200;

/** The request a one-token call sends: the shortest prompt, one completion token. */
export const ONE_TOKEN_BODY = (model: string) => ({
  model,
  messages: [{ role: 'user', content: 'ping' }],
  max_tokens: 1,
});

// A chat answer worth calling a success: the upstream answered with a choice (its content is not kept).
const chatSchema = z.object({ choices: z.array(z.unknown()).min(1).max(100) });

export async function probeModels(target: ProbeTarget): Promise<ProbeAnswer> {
  return probe(target, 'GET', '/v1/models', undefined, (json) => {
    const parsed = modelsSchema.safeParse(json);
    if (!parsed.success) return undefined;
    const ids = parsed.data.data.slice(0, MAX_MODEL_IDS).map((m) => m.id.slice(0, 200));
    return { count: parsed.data.data.length, ids };
  });
}

export async function probeCall(target: ProbeTarget, model: string): Promise<ProbeAnswer> {
  return probe(target, 'POST', '/v1/chat/completions', ONE_TOKEN_BODY(model), (json) =>
    chatSchema.safeParse(json).success ? null : undefined,
  );
}

/** What a success said: the listed models' count and ids, or null for a call (nothing counted). */
type Success = { readonly count: number; readonly ids: readonly string[] } | null;

/**
 * Sends the probe and reads its answer. `readSuccess` reads a 2xx body (null: a call, nothing counted), or answers
 * undefined when the body is not the success it claims (then the check failed: unknown, never "works").
 */
async function probe(
  target: ProbeTarget,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  readSuccess: (json: unknown) => Success | undefined,
): Promise<ProbeAnswer> {
  const started = target.now();
  let res: HttpResponse;
  try {
    res = await target.send(method, path, body);
  } catch (error) {
    if (error instanceof GatewayError) return { kind: 'failed', error: error.toAppError(), latencyMs: null };
    throw error;
  }
  const latencyMs = target.now() - started;
  if (res.status === 401 || res.status === 403) return refusal(res.status, res.json, latencyMs);
  const failure = classifyResponse(res, {
    audience: 'key',
    baseLabel: 'api_url',
    baseUrl: target.apiUrl,
    businessFailure: 'server',
  });
  if (failure) {
    if (failure.code === 'model_not_found') {
      const serverMessage = orNull(messageOf(res.json));
      return { kind: 'refused', state: 'model_unavailable', isCauseStated: true, serverMessage, latencyMs };
    }
    return { kind: 'failed', error: failure.toAppError(), latencyMs };
  }
  const success = res.status >= 200 && res.status < 300 ? readSuccess(res.json) : undefined;
  if (success === undefined) {
    return { kind: 'failed', error: { code: 'protocol', reason: 'protocol.shape', retryable: false }, latencyMs };
  }
  return { kind: 'works', modelCount: success?.count ?? null, modelIds: success?.ids ?? null, latencyMs };
}

const orNull = (text: string): string | null => (text === '' ? null : text);

/** The error object's code, where the era sends one (the spec; today's new-api for an IP refusal). */
function errorCode(json: unknown): string {
  if (typeof json !== 'object' || json === null) return '';
  const e = (json as { error?: unknown }).error;
  if (typeof e !== 'object' || e === null) return '';
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

// The causes as the eras word them. A 401 is about the key itself, a 403 about where it may be used from or what it
// may call: each status is read for its own causes only, so a key or group name inside the words (one-api quotes the
// key's name) cannot pass for another cause. A refusal matching none says only "no".
const KEY_CUES: readonly { readonly state: RefusedState; readonly words: RegExp }[] = [
  { state: 'exhausted', words: /额度已用尽|额度不足|quota (is )?(exhausted|not enough)/i },
  { state: 'expired', words: /已过期|has expired/i },
  { state: 'disabled', words: /状态不可用|status (is )?(unavailable|not enabled)|has been disabled/i },
];
const USE_CUES: readonly { readonly state: RefusedState; readonly words: RegExp }[] = [
  { state: 'ip_refused', words: /您的 IP|网段|your IP/i },
  {
    state: 'group_denied',
    words: /无权访问 .* 分组|令牌分组|分组 .* 已被(禁用|弃用)|group .*not permitted|access (to )?this group/i,
  },
  { state: 'model_denied', words: /无权(使用|访问)模型|no access to (any )?model/i },
  { state: 'exhausted', words: /额度已用尽|token quota/i },
  { state: 'forbidden', words: /封禁|banned|用户额度不足|user quota/i },
];
const CODE_STATES: Readonly<Record<string, RefusedState>> = {
  access_denied: 'ip_refused',
  ip_not_allowed: 'ip_refused',
  group_not_permitted: 'group_denied',
  model_not_allowed: 'model_denied',
  token_quota_exhausted: 'exhausted',
  insufficient_user_quota: 'forbidden',
};

function refusal(status: 401 | 403, json: unknown, latencyMs: number): ProbeAnswer {
  const serverMessage = orNull(messageOf(json));
  const byCode = CODE_STATES[errorCode(json)];
  const cue = (status === 401 ? KEY_CUES : USE_CUES).find((c) => c.words.test(serverMessage ?? ''));
  const state = byCode ?? cue?.state;
  if (state !== undefined) return { kind: 'refused', state, isCauseStated: true, serverMessage, latencyMs };
  // "Invalid token" (无效的令牌) is every cause at once on today's new-api: nothing more can be read from it.
  return { kind: 'refused', state: 'refused', isCauseStated: false, serverMessage, latencyMs };
}
