// The site's own lists of the models it serves, read through a management session with no API key and nothing of the
// site's critical bucket: new-api's GET /api/pricing (each model with the groups that serve it; QuantumNous/new-api
// controller/pricing.go, model/pricing.go), its GET /api/user/models (model ids), and one-api's GET
// /api/user/available_models (the ids its user's group serves; songquanpeng/one-api controller/model.go). Shapes
// differ by era: every field but the name is optional here, and unknown fields pass.
import { z } from 'zod';
import { whereSupported } from './errors';
import type { ManagementSession } from './management.session';

/** More models or groups than any site lists: a longer answer is refused as malformed, not cut. */
const MAX_MODELS = 20_000;
const MAX_GROUPS = 500;
const MAX_NAME_CHARS = 200;

const name = z.string().min(1).max(MAX_NAME_CHARS);
/**
 * A published ratio or price: a finite number in bounds, else unknown (absent). One odd field leaves that model's
 * price unknown, never the whole listing unreadable: the Models page needs only the names and groups.
 */
const ratio = z.number().min(0).max(1e9).optional().catch(undefined);

const pricingItemSchema = z.object({
  model_name: name,
  /** The groups that serve the model; current builds keep only the caller's usable ones. Null or absent: unsaid. */
  enable_groups: z.array(z.string().max(MAX_NAME_CHARS)).max(MAX_GROUPS).nullish(),
  owner_by: z.string().max(MAX_NAME_CHARS).nullish(),
  supported_endpoint_types: z.array(z.string().max(MAX_NAME_CHARS)).max(50).nullish(),
  // The model's price (QuantumNous/new-api model/pricing.go @ 0067bd93, Pricing and updatePricing): quota_type 1 is
  // a price per call (model_price, in the site's US$), 0 a price per token (model_ratio, completion_ratio, and on
  // current builds cache_ratio / create_cache_ratio when set); billing_mode "tiered_expr" is an expression instead.
  quota_type: z.number().int().min(0).max(100).optional().catch(undefined),
  model_ratio: ratio,
  model_price: ratio,
  completion_ratio: ratio,
  cache_ratio: ratio,
  create_cache_ratio: ratio,
  billing_mode: z.string().max(MAX_NAME_CHARS).optional().catch(undefined),
});

/** The whole answer: its siblings of `data` (auto_groups) matter, so the envelope is read here. */
export const pricingSchema = z.object({
  success: z.literal(true),
  data: z
    .array(pricingItemSchema)
    .max(MAX_MODELS)
    .nullable()
    .transform((v) => v ?? []),
  /** The groups the `auto` group tries in turn (legacy and current builds). */
  auto_groups: z.array(z.string().max(MAX_NAME_CHARS)).max(MAX_GROUPS).nullish(),
  /**
   * Each usable group's ratio; on current builds the caller's own special ratios where the site set some
   * (controller/pricing.go @ 09e9618a, GetPricing). Unreadable → unknown, as the ratios above.
   */
  group_ratio: z
    .record(z.string().max(MAX_NAME_CHARS), z.number().min(0).max(1e6))
    .refine((r) => Object.keys(r).length <= MAX_GROUPS)
    .nullish()
    .catch(null),
});

export interface PricedModel {
  readonly id: string;
  readonly ownedBy: string;
  readonly endpointTypes: readonly string[];
  /** null when the site did not say which groups serve it. */
  readonly groups: readonly string[] | null;
}

/** A model's published price, as the site bills it (see pricingItemSchema); unknown parts are null. */
export type PublishedPrice =
  | { readonly kind: 'per_call'; readonly model: string; readonly modelPrice: number | null }
  | {
      readonly kind: 'per_token';
      readonly model: string;
      readonly modelRatio: number | null;
      readonly completionRatio: number | null;
      /** null: not published (older builds never publish it). */
      readonly cacheRatio: number | null;
      readonly createCacheRatio: number | null;
    }
  /** An expression, or a kind this reader does not know: the price cannot be recomputed. */
  | { readonly kind: 'other'; readonly model: string };

export interface SitePricing {
  readonly models: readonly PricedModel[];
  readonly autoGroups: readonly string[];
}

/** The listing with its prices: what /api/pricing publishes about what each call should cost. */
export interface PricingListing extends SitePricing {
  /** Each listed model's price, in the listing's order. */
  readonly prices: readonly PublishedPrice[];
  /** Group name → ratio as published; null when the answer carried none. */
  readonly groupRatios: Readonly<Record<string, number>> | null;
}

function priceOf(m: z.infer<typeof pricingItemSchema>): PublishedPrice {
  const model = m.model_name;
  if (m.billing_mode !== undefined && m.billing_mode !== '') return { kind: 'other', model };
  if (m.quota_type === 1) return { kind: 'per_call', model, modelPrice: m.model_price ?? null };
  if (m.quota_type === 0) {
    return {
      kind: 'per_token',
      model,
      modelRatio: m.model_ratio ?? null,
      completionRatio: m.completion_ratio ?? null,
      cacheRatio: m.cache_ratio ?? null,
      createCacheRatio: m.create_cache_ratio ?? null,
    };
  }
  return { kind: 'other', model };
}

export function toSitePricing(wire: z.infer<typeof pricingSchema>): PricingListing {
  return {
    models: wire.data.map((m) => ({
      id: m.model_name,
      ownedBy: m.owner_by ?? '',
      endpointTypes: m.supported_endpoint_types ?? [],
      groups: m.enable_groups ?? null,
    })),
    autoGroups: wire.auto_groups ?? [],
    prices: wire.data.map(priceOf),
    groupRatios: wire.group_ratio ?? null,
  };
}

/** `/api/user/models` and one-api's `/api/user/available_models`: model ids (Go's nil slice is null). */
export const modelIdsSchema = z
  .array(name)
  .max(MAX_MODELS)
  .nullable()
  .transform((v) => v ?? []);

/** GET /api/pricing through a management session; `unsupported` where the site has none (one-api, the spec). */
export async function readPricing(session: ManagementSession, signal?: AbortSignal): Promise<PricingListing> {
  const wire = await whereSupported(
    'model_listing',
    () =>
      session.call({
        method: 'GET',
        path: '/api/pricing',
        schema: pricingSchema,
        envelope: 'none',
        what: 'pricing',
        scope: 'profile:read',
        signal,
      }),
    true,
  );
  return toSitePricing(wire);
}

/** A list of model ids (`/api/user/models`, one-api's `/api/user/available_models`); `unsupported` where absent. */
export function readModelIds(
  session: ManagementSession,
  path: string,
  query: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<readonly string[]> {
  return whereSupported(
    'model_listing',
    () =>
      session.call({
        method: 'GET',
        path,
        query,
        schema: modelIdsSchema,
        what: 'model list',
        scope: 'profile:read',
        signal,
      }),
    true,
  );
}
