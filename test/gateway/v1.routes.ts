// OpenAI-compatible endpoints at api_url: billing subscription and usage, models, chat completions.
import type { Hono } from 'hono';
import { oneApiError, requireKey } from './auth';
import type { GatewayEnv } from './http';
import { apiError, isRecord, json } from './http';
import type { Mutex } from './mutex';
import type { GatewayState, KeyRec } from './state';
import { billCall, overcharged } from './billing';
import { charge } from './state';
import { displayAmount } from './status.routes';
import { modelList } from './user.routes';

export const QUOTA_PER_YUAN = 500_000;
export const UNLIMITED_MARKER = 100_000_000;

/**
 * The key's own model list, or null for none: model_limits when enabled, or one-api's `models` when not empty
 * (middleware/auth.go sets AvailableModels only then).
 */
function ownModels(state: GatewayState, k: KeyRec): string[] | null {
  if (state.profile.keyColumns === 'one-api') return k.models === null || k.models === '' ? null : k.models.split(',');
  return k.model_limits_enabled ? modelList(k.model_limits) : null;
}

/** Models the key can call right now: its effective group's models, narrowed by its own model list. */
function modelsFor(state: GatewayState, k: KeyRec): string[] {
  const models = state.groups[state.effectiveGroup(k)]?.models ?? [];
  const own = ownModels(state, k);
  if (own === null) return models;
  const allowed = new Set(own);
  return models.filter((m) => allowed.has(m));
}

export function registerV1Routes(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  // Billing reads answer an exhausted key (its balance must stay readable); the model list and calls refuse it.
  const auth = requireKey(state, 'v1');
  const callAuth = requireKey(state, 'v1', { checksQuota: true });

  /**
   * Grant and usage as the billing endpoints count them. Spec: the key's, in yuan. Real servers: the key's
   * (DisplayTokenStatEnabled, the default) or the account's, in the site's display currency.
   */
  const billing = (k: KeyRec): { limit: number; used: number } => {
    if (state.profile.money === 'spec') {
      return {
        limit: k.unlimited_quota ? UNLIMITED_MARKER : (k.remain_quota + k.used_quota) / QUOTA_PER_YUAN,
        used: k.used_quota / QUOTA_PER_YUAN,
      };
    }
    if (!state.settings.display_token_stat_enabled) {
      const user = state.userOf(k);
      const grant = state.profile.accountGrantIncludesUsed ? user.quota + user.used_quota : user.quota;
      return { limit: displayAmount(state, grant), used: displayAmount(state, user.used_quota) };
    }
    const limit = k.unlimited_quota ? UNLIMITED_MARKER : displayAmount(state, k.remain_quota + k.used_quota);
    return { limit, used: displayAmount(state, k.used_quota) };
  };

  app.get('/v1/dashboard/billing/subscription', auth, (c) => {
    const k = c.get('apiKey');
    // As new-api: all three limits are the same total grant (remaining + used).
    const { limit } = billing(k);
    return json({
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: limit,
      hard_limit_usd: limit,
      system_hard_limit_usd: limit,
      access_until: k.expired_time === -1 ? 0 : k.expired_time,
    });
  });

  app.get('/v1/dashboard/billing/usage', auth, (c) => {
    // start_date and end_date are accepted and ignored: the total over all time, in hundredths of the unit.
    return json({ object: 'list', total_usage: billing(c.get('apiKey')).used * 100 });
  });

  app.get('/v1/models', callAuth, (c) => {
    const ids = new Set(modelsFor(state, c.get('apiKey')));
    const data = state.models
      .filter((m) => ids.has(m.id))
      .map((m) => ({
        id: m.id,
        object: 'model',
        created: m.created,
        owned_by: m.owned_by,
        supported_endpoint_types: m.supported_endpoint_types,
      }));
    return json({ data, object: 'list', success: true });
  });

  app.post('/v1/chat/completions', callAuth, (c) =>
    mutex.run(() => {
      const k = c.get('apiKey');
      const body = c.get('body');
      if (!isRecord(body) || typeof body.model !== 'string' || body.model === '') {
        return apiError(400, 'invalid request: model is required', 'invalid_request', 'invalid_request_error');
      }
      if (body.stream === true) {
        return apiError(400, 'streaming is not supported by the emulator', 'invalid_request', 'invalid_request_error');
      }
      const model = body.model;
      const own = ownModels(state, k);
      if (own !== null && !own.includes(model)) {
        // one-api's isModelInList compares the comma-split entries as they are (no trimming).
        return state.profile.keyColumns === 'one-api'
          ? oneApiError(403, `该令牌无权使用模型：${model}`)
          : apiError(403, `this token has no access to model ${model}`, 'model_not_allowed');
      }
      const groupName = state.effectiveGroup(k);
      const group = state.groups[groupName];
      const entry = state.models.find((m) => m.id === model);
      if (!group?.models.includes(model) || !entry) {
        return apiError(
          503,
          `no available channel for model ${model} under group ${groupName}`,
          'model_not_found',
          'server_error',
        );
      }
      const answer = completion(state, model, body.messages, body.max_tokens);
      const priced = billCall(state, k, entry, answer.usage);
      // An injected `overcharge` fault: the site takes more than its published price, and its log says the same ratios.
      const factor = c.get('overcharge') as number | undefined;
      const billed = factor === undefined ? priced : overcharged(priced, factor);
      const cost = billed.units;
      const user = state.userOf(k);
      if (!k.unlimited_quota && k.remain_quota < cost) {
        // Real servers mark a key found with nothing left as exhausted (status 4) while refusing it, and a full update
        // keeps that status: new-api ValidateUserToken (model/token.go @ 0067bd93), one-api's (model/token.go @
        // 8df4a267), both without Redis.
        if (state.profile.enableCheck === 'stored-status' && k.remain_quota <= 0) k.status = 4;
        return apiError(403, 'token quota is exhausted', 'token_quota_exhausted');
      }
      if (user.quota < cost) return apiError(403, 'user quota is not enough', 'insufficient_user_quota');
      charge(state, k, cost, 1, {
        model,
        prompt_tokens: answer.usage.prompt_tokens,
        completion_tokens: answer.usage.completion_tokens,
        is_stream: false,
        other: billed.other,
      });
      return json(answer);
    }),
  );
}

let completionSeq = 0;

/**
 * A reply whose usage is about a token per four characters; `max_tokens` caps the completion tokens billed, as
 * upstreams do (the text itself is left whole: tests read the model's name in it).
 */
function completion(state: GatewayState, model: string, messages: unknown, maxTokens: unknown) {
  const last = Array.isArray(messages) ? (messages.at(-1) as unknown) : undefined;
  const prompt = isRecord(last) && typeof last.content === 'string' ? last.content : '';
  const cap = typeof maxTokens === 'number' && Number.isInteger(maxTokens) && maxTokens > 0 ? maxTokens : Infinity;
  const content = `Emulated reply from ${model}: ${prompt.slice(0, 200)}`;
  const completionTokens = Math.min(cap, Math.max(1, Math.ceil(content.length / 4)));
  const promptTokens = Math.max(1, Math.ceil(prompt.length / 4));
  return {
    id: `chatcmpl-emu${++completionSeq}`,
    object: 'chat.completion',
    created: state.clock.now(),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}
