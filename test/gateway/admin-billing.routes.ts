// Control plane for prices and billed calls (tests and the demo): a site changing a model's published price, and
// calls billed as the relay bills them (billing.ts) without going through /v1, e.g. with cached prompt tokens.
import type { Hono } from 'hono';
import { z } from 'zod';
import { billCall, overcharged } from './billing';
import type { GatewayEnv } from './http';
import { json, positiveInt } from './http';
import type { Mutex } from './mutex';
import type { GatewayState } from './state';
import { accountView, charge } from './state';

const int = z.number().int();
const schemas = {
  calls: z
    .object({
      model: z.string().min(1),
      prompt_tokens: int.min(0).default(10),
      completion_tokens: int.min(0).default(10),
      cache_tokens: int.min(0).default(0),
      calls: int.positive().max(1000).default(1),
      /** Charge each call this many times its price, as the `overcharge` fault does on /v1. */
      overcharge_factor: z.number().positive().optional(),
    })
    .strict(),
  pricing: z
    .object({
      price: int.min(0),
      model_ratio: z.number().min(0).nullable(),
      completion_ratio: z.number().min(0),
      cache_ratio: z.number().min(0).nullable(),
    })
    .partial()
    .strict(),
};

const badRequest = (message: string) => json({ error: message }, 400);
const notFoundJson = () => json({ error: 'not found' }, 404);

export function registerBillingAdmin(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  // Calls as the relay would bill them: each one priced from the model and group as they are now, one consume row
  // each with the ratios applied. No refusal (an exhausted key still pays), like the spend route.
  app.post('/keys/:id/calls', (c) => {
    const parsed = schemas.calls.safeParse(c.get('body') ?? {});
    if (!parsed.success) return badRequest(z.prettifyError(parsed.error));
    return mutex.run(() => {
      const k = state.keys.get(positiveInt(c.req.param('id')) ?? 0);
      if (!k) return notFoundJson();
      const { model, calls, overcharge_factor: factor, ...usage } = parsed.data;
      const entry = state.models.find((m) => m.id === model);
      if (!entry) return badRequest(`unknown model ${model}`);
      let total = 0;
      for (let i = 0; i < calls; i++) {
        const priced = billCall(state, k, entry, usage);
        const billed = factor === undefined ? priced : overcharged(priced, factor);
        total += billed.units;
        charge(state, k, billed.units, 1, { model, ...usage, other: billed.other });
      }
      return json({ units: total, user: accountView(state.userOf(k)) });
    });
  });

  // A site changing a model's price: calls from now on pay it, /api/pricing publishes it, older rows keep theirs.
  app.put('/models/:id/pricing', (c) => {
    const id = decodeURIComponent(c.req.param('id'));
    const parsed = schemas.pricing.safeParse(c.get('body') ?? {});
    if (!parsed.success) return badRequest(z.prettifyError(parsed.error));
    return mutex.run(() => {
      const entry = state.models.find((m) => m.id === id);
      if (!entry) return notFoundJson();
      const { model_ratio, cache_ratio, ...rest } = parsed.data;
      Object.assign(entry, rest);
      if (model_ratio !== undefined) {
        if (model_ratio === null) delete entry.model_ratio;
        else entry.model_ratio = model_ratio;
      }
      if (cache_ratio !== undefined) {
        if (cache_ratio === null) delete entry.cache_ratio;
        else entry.cache_ratio = cache_ratio;
      }
      return json(entry);
    });
  });
}
