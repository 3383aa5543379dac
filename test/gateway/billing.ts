// What a model call costs and what its consume row records, as new-api bills text calls. Read in QuantumNous/new-api:
// service/text_quota.go @ 00899e66 (calculateTextQuotaSummary: per-call price × QuotaPerUnit × group ratio, or
// (prompt − cached + cached × cache ratio + completion × completion ratio) × model ratio × group ratio, at least 1
// where the ratio is not 0, rounded half away from zero by common.QuotaFromDecimalChecked), relay/helper/price.go
// @ 00a1c00a (ModelPriceHelper, HandleGroupRatio), service/log_info_generate.go @ 00899e66 (GenerateTextOtherInfo:
// the `other` object of the consume row). Exact decimal arithmetic, as the server's shopspring decimals: ratios are
// taken at their shortest decimal form (decimal.NewFromFloat), not as binary floats.
import type { Seed } from './seed.schema';
import type { GatewayState, KeyRec } from './state';

export type SeedModel = Seed['models'][number];

export interface CallUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  /** Prompt tokens the upstream served from its cache (usage.prompt_tokens_details.cached_tokens). */
  readonly cache_tokens?: number;
}

export interface BilledCall {
  /** What the call is charged, in quota units. */
  readonly units: number;
  /** The consume row's `other`: the ratios the site applied, as it records them. */
  readonly other: Record<string, unknown>;
}

/** A decimal as an integer over a power of ten: exact for every ratio a seed can write. */
interface Dec {
  readonly n: bigint;
  readonly e: number;
}

function dec(x: number): Dec {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new Error(`not a finite number: ${String(x)}`);
  const [, sign = '', whole = '0', fraction = '', exp = '0'] = m;
  const e = fraction.length - Number(exp);
  const n = BigInt(`${sign}${whole}${fraction}`);
  return e >= 0 ? { n, e } : { n: n * 10n ** BigInt(-e), e: 0 };
}

const mul = (a: Dec, b: Dec): Dec => ({ n: a.n * b.n, e: a.e + b.e });
function add(a: Dec, b: Dec): Dec {
  const e = Math.max(a.e, b.e);
  return { n: a.n * 10n ** BigInt(e - a.e) + b.n * 10n ** BigInt(e - b.e), e };
}
/** decimal.Round(0): half away from zero. */
function round(a: Dec): number {
  const scale = 10n ** BigInt(a.e);
  const magnitude = a.n < 0n ? -a.n : a.n;
  const rounded = (magnitude * 2n + scale) / (scale * 2n);
  return Number(a.n < 0n ? -rounded : rounded);
}

/** The group ratio the call pays: the group it runs as (no special ratios per user group are modelled). */
function groupRatioOf(state: GatewayState, k: KeyRec): number {
  return state.groups[state.effectiveGroup(k)]?.ratio ?? 1;
}

/** A model's price per call in the site's money (US$ at quota_per_unit), as /api/pricing publishes it. */
export const modelPriceOf = (state: GatewayState, m: SeedModel): number =>
  m.price / state.settings.status.quota_per_unit;

export function billCall(state: GatewayState, k: KeyRec, m: SeedModel, usage: CallUsage): BilledCall {
  const groupRatio = groupRatioOf(state, k);
  const cacheTokens = Math.min(usage.cache_tokens ?? 0, usage.prompt_tokens);
  const common = { group_ratio: groupRatio, user_group_ratio: -1, frt: 0 };
  if (m.model_ratio === undefined) {
    // Per-call price: ModelPrice × QuotaPerUnit × group ratio; the ratios a per-call model has stay 0.
    const units = round(mul(dec(m.price), dec(groupRatio)));
    const other = {
      ...common,
      model_ratio: 0,
      completion_ratio: 0,
      cache_tokens: cacheTokens,
      cache_ratio: 0,
      model_price: modelPriceOf(state, m),
    };
    return { units, other };
  }
  const cacheRatio = m.cache_ratio ?? 1;
  const prompt = add(dec(usage.prompt_tokens - cacheTokens), mul(dec(cacheTokens), dec(cacheRatio)));
  const tokens = add(prompt, mul(dec(usage.completion_tokens), dec(m.completion_ratio)));
  const ratio = mul(dec(m.model_ratio), dec(groupRatio));
  let units = round(mul(tokens, ratio));
  const isBillable = usage.prompt_tokens + usage.completion_tokens > 0;
  if (!isBillable) units = 0;
  else if (ratio.n !== 0n && units <= 0) units = 1;
  const other = {
    ...common,
    model_ratio: m.model_ratio,
    completion_ratio: m.completion_ratio,
    cache_tokens: cacheTokens,
    cache_ratio: cacheRatio,
    // GetModelPrice finds no price for a ratio-billed model and answers -1.
    model_price: -1,
  };
  return { units, other };
}

/** The injected fault's overcharge: the call costs `factor` times its price, its row still records the same ratios. */
export const overcharged = (billed: BilledCall, factor: number): BilledCall => ({
  ...billed,
  units: round(mul(dec(billed.units), dec(factor))),
});
