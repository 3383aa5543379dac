// The key client (API key): billing, models and a test call at api_url (/v1/..., spec 4.6), and the key usage
// endpoint at base_url (GET /api/usage/token/, spec 4.7). The key goes on the wire without sk-.
import type { z } from 'zod';
import type { Result } from '../../src-shared/contract';
import type { Logger } from '../log/logger';
import { registerSecret } from '../log/redact';
import { cleanServerText } from './server-text';
import { stripSkPrefix } from './compat';
import { whereSupported } from './errors';
import type { HttpMethod, HttpResponse, HttpTransport } from './http';
import { callGateway, joinUrl, toResult, type Envelope } from './request';
import {
  billingSubscriptionSchema,
  billingUsageSchema,
  chatCompletionSchema,
  modelsSchema,
  tokenUsageSchema,
  type Model,
  type TokenUsage,
} from './schemas';
import {
  DEFAULT_UNITS,
  billingLimitToQuota,
  billingRemaining,
  totalUsageToUnits,
  type QuotaValue,
  type UnitSettings,
} from './units';

export interface KeyClientOptions {
  readonly transport: HttpTransport;
  readonly logger: Logger;
  readonly apiUrl: string;
  readonly baseUrl: string;
  /** With or without sk-. */
  readonly apiKey: string;
  /** How the key's site shows money (its /api/status); the spec's ¥ at 500,000 units when absent. */
  readonly units?: UnitSettings;
}

export interface BillingLimits {
  readonly soft: QuotaValue;
  readonly hard: QuotaValue;
  /** Unix seconds; null = never (the server's 0). */
  readonly accessUntil: number | null;
}

export interface KeyBalance {
  /** Remaining = hard limit − usage (the limits are the total granted). */
  readonly remaining: QuotaValue;
  readonly usedUnits: number;
  readonly limits: BillingLimits;
}

export class KeyClient {
  private readonly key: string;
  private readonly units: UnitSettings;

  constructor(private readonly options: KeyClientOptions) {
    this.key = stripSkPrefix(options.apiKey);
    this.units = options.units ?? DEFAULT_UNITS;
    registerSecret(this.key);
  }

  // The billing endpoints answer in the site's display type (USD: units ÷ quota_per_unit, CNY: × the site's
  // usd_exchange_rate, TOKENS: units), so each call takes the site's settings as they are known now; `units`
  // falls back to the client's own.

  /** GET /v1/dashboard/billing/subscription: limits in units, 100000000 read as unlimited. */
  getBillingLimits(signal?: AbortSignal, units: UnitSettings = this.units): Promise<Result<BillingLimits>> {
    return this.run('billing limits', async () => this.limits(await this.fetchSubscription(signal), units));
  }

  /** GET /v1/dashboard/billing/usage: total over all time, in units (the server sends the amount × 100). */
  getBillingUsage(signal?: AbortSignal, units: UnitSettings = this.units): Promise<Result<number>> {
    return this.run('billing usage', async () => totalUsageToUnits((await this.fetchUsage(signal)).total_usage, units));
  }

  /** Both billing endpoints, combined into what a key-only account shows as its balance. */
  getBalance(signal?: AbortSignal, units: UnitSettings = this.units): Promise<Result<KeyBalance>> {
    return this.run('key balance', async () => {
      const subscription = await this.fetchSubscription(signal);
      const usage = await this.fetchUsage(signal);
      return {
        remaining: billingRemaining(subscription.hard_limit_usd, usage.total_usage, units),
        usedUnits: totalUsageToUnits(usage.total_usage, units),
        limits: this.limits(subscription, units),
      };
    });
  }

  /** GET /v1/models: what the key can call; also the "does this key work" test. */
  listModels(signal?: AbortSignal): Promise<Result<readonly Model[]>> {
    return this.run(
      'list models',
      async () =>
        (
          await this.call(
            'GET',
            this.options.apiUrl,
            'api_url',
            '/v1/models',
            modelsSchema,
            'model list',
            'none',
            signal,
          )
        ).data,
    );
  }

  /**
   * GET /api/usage/token/ at base_url: works for any valid key, whatever its group may call. Servers before
   * v0.9.0 lack it and answer `unsupported` (feature key_usage).
   */
  getTokenUsage(signal?: AbortSignal): Promise<Result<TokenUsage>> {
    return this.run('key usage', () =>
      whereSupported('key_usage', () =>
        this.call(
          'GET',
          this.options.baseUrl,
          'base_url',
          '/api/usage/token/',
          tokenUsageSchema,
          'key usage',
          'code',
          signal,
        ),
      ),
    );
  }

  /** POST /v1/chat/completions with one short message: proves the key can call a model (costs a little quota). */
  testChat(model: string, signal?: AbortSignal): Promise<Result<string>> {
    return this.run('test chat', async () => {
      const reply = await this.call(
        'POST',
        this.options.apiUrl,
        'api_url',
        '/v1/chat/completions',
        chatCompletionSchema,
        'chat completion',
        'none',
        signal,
        { model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 },
      );
      // Server-written text shown to the user: cleaned and cut like every server message.
      return cleanServerText(reply.choices[0]?.message?.content ?? '');
    });
  }

  /**
   * A /v1 request whose answer the caller reads itself, whatever its status (key health tells the eras' refusals
   * apart by status and words). Network failures and timeouts still throw GatewayError, as every call's do.
   */
  sendToApi(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<HttpResponse> {
    return this.options.transport.send({
      method,
      url: joinUrl(this.options.apiUrl, path),
      headers: { Authorization: `Bearer ${this.key}` },
      ...(body === undefined ? {} : { body }),
      ...(signal === undefined ? {} : { signal }),
    });
  }

  /** The address /v1 requests go to (for wording a wrong-address failure). */
  get apiUrl(): string {
    return this.options.apiUrl;
  }

  private limits(s: z.infer<typeof billingSubscriptionSchema>, units: UnitSettings): BillingLimits {
    return {
      soft: billingLimitToQuota(s.soft_limit_usd, units),
      hard: billingLimitToQuota(s.hard_limit_usd, units),
      accessUntil: s.access_until === 0 ? null : s.access_until,
    };
  }

  private fetchSubscription(signal?: AbortSignal) {
    const path = '/v1/dashboard/billing/subscription';
    return this.call(
      'GET',
      this.options.apiUrl,
      'api_url',
      path,
      billingSubscriptionSchema,
      'billing limits',
      'none',
      signal,
    );
  }

  private fetchUsage(signal?: AbortSignal) {
    const path = '/v1/dashboard/billing/usage';
    return this.call('GET', this.options.apiUrl, 'api_url', path, billingUsageSchema, 'billing usage', 'none', signal);
  }

  private call<S extends z.ZodType>(
    method: HttpMethod,
    base: string,
    baseLabel: 'api_url' | 'base_url',
    path: string,
    schema: S,
    what: string,
    envelope: Envelope,
    signal?: AbortSignal,
    body?: unknown,
  ): Promise<z.infer<S>> {
    return callGateway(this.options.transport, {
      method,
      url: joinUrl(base, path),
      headers: { Authorization: `Bearer ${this.key}` },
      ...(body === undefined ? {} : { body }),
      envelope,
      schema,
      what,
      signal,
      ctx: { audience: 'key', baseLabel, baseUrl: base, businessFailure: 'server' },
    });
  }

  private run<T>(operation: string, fn: () => Promise<T>): Promise<Result<T>> {
    return toResult(this.options.logger, operation, fn);
  }
}
