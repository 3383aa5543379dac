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

const pricingItemSchema = z.object({
  model_name: name,
  /** The groups that serve the model; current builds keep only the caller's usable ones. Null or absent: unsaid. */
  enable_groups: z.array(z.string().max(MAX_NAME_CHARS)).max(MAX_GROUPS).nullish(),
  owner_by: z.string().max(MAX_NAME_CHARS).nullish(),
  supported_endpoint_types: z.array(z.string().max(MAX_NAME_CHARS)).max(50).nullish(),
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
});

export interface PricedModel {
  readonly id: string;
  readonly ownedBy: string;
  readonly endpointTypes: readonly string[];
  /** null when the site did not say which groups serve it. */
  readonly groups: readonly string[] | null;
}

export interface SitePricing {
  readonly models: readonly PricedModel[];
  readonly autoGroups: readonly string[];
}

export function toSitePricing(wire: z.infer<typeof pricingSchema>): SitePricing {
  return {
    models: wire.data.map((m) => ({
      id: m.model_name,
      ownedBy: m.owner_by ?? '',
      endpointTypes: m.supported_endpoint_types ?? [],
      groups: m.enable_groups ?? null,
    })),
    autoGroups: wire.auto_groups ?? [],
  };
}

/** `/api/user/models` and one-api's `/api/user/available_models`: model ids (Go's nil slice is null). */
export const modelIdsSchema = z
  .array(name)
  .max(MAX_MODELS)
  .nullable()
  .transform((v) => v ?? []);

/** GET /api/pricing through a management session; `unsupported` where the site has none (one-api, the spec). */
export async function readPricing(session: ManagementSession, signal?: AbortSignal): Promise<SitePricing> {
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
