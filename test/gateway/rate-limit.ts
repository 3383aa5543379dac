// Per-client-IP rate limiters of new-api and one-api (middleware/rate-limit.go): sliding windows on the
// gateway clock, so tests can advance time instead of waiting. Counts are kept even when limits are off,
// because a benchmark counts critical-bucket requests per host.
import type { MiddlewareHandler } from 'hono';
import { clientIp } from './auth';
import type { Clock } from './clock';
import type { GatewayEnv } from './http';
import type { GatewayState } from './state';

export type BucketName = 'global' | 'critical' | 'search';

/**
 * GlobalAPIRateLimit: all of /api; CriticalRateLimit: one bucket shared by login, 2FA, refresh, logout,
 * reveal, batch reveal and /api/usage/*; SearchRateLimit: token search (current new-api only).
 */
export const BUCKETS: Record<BucketName, { max: number; windowS: number }> = {
  global: { max: 360, windowS: 180 },
  critical: { max: 20, windowS: 1200 },
  search: { max: 10, windowS: 60 },
};

export class RateLimiter {
  private readonly hits = new Map<BucketName, Map<string, number[]>>();

  constructor(private readonly clock: Clock) {}

  clear(): void {
    this.hits.clear();
  }

  private window(bucket: BucketName, ip: string): number[] {
    let byIp = this.hits.get(bucket);
    if (!byIp) {
      byIp = new Map<string, number[]>();
      this.hits.set(bucket, byIp);
    }
    const now = this.clock.now();
    const kept = (byIp.get(ip) ?? []).filter((t) => t > now - BUCKETS[bucket].windowS);
    byIp.set(ip, kept);
    return kept;
  }

  /** Records a request; answers the seconds to wait when the window is full (and nothing is recorded). */
  take(bucket: BucketName, ip: string, enforce: boolean): { retryAfterS: number } | undefined {
    const hits = this.window(bucket, ip);
    const { max, windowS } = BUCKETS[bucket];
    if (enforce && hits.length >= max) {
      const oldest = hits[0] ?? this.clock.now();
      return { retryAfterS: Math.max(1, oldest + windowS - this.clock.now()) };
    }
    hits.push(this.clock.now());
    return undefined;
  }

  /** Requests per bucket and client IP inside each bucket's current window. */
  counts(): Record<BucketName, Record<string, number>> {
    const out = { global: {}, critical: {}, search: {} } as Record<BucketName, Record<string, number>>;
    for (const bucket of Object.keys(BUCKETS) as BucketName[]) {
      for (const ip of this.hits.get(bucket)?.keys() ?? []) {
        const n = this.window(bucket, ip).length;
        if (n > 0) out[bucket][ip] = n;
      }
    }
    return out;
  }
}

/** 429 with an empty body and Retry-After, as new-api answers (no JSON envelope). */
export function rateLimit(state: GatewayState, bucket: BucketName): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const limits = state.profile.rateLimits;
    if (!limits.enabled || (bucket === 'search' && !limits.search)) {
      await next();
      return;
    }
    const refused = state.rateLimiter.take(bucket, clientIp(c, state), state.settings.rate_limit_enabled);
    if (refused) return new Response(null, { status: 429, headers: { 'Retry-After': String(refused.retryAfterS) } });
    await next();
  };
}
