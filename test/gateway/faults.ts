// Fault injection on the api and base listeners: latency, HTTP status, 429, hang, hold, malformed JSON, HTML page, and
// a model call charged more than the site's published price (overcharge).
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { GatewayEnv, Listener } from './http';
import { json } from './http';

export const faultSchema = z
  .object({
    /** Path pattern: `*` matches any run of characters; anything else is literal. */
    match: z.string().min(1),
    method: z.string().optional(),
    listener: z.enum(['api', 'base', 'any']).default('any'),
    kind: z.enum(['latency', 'status', 'rate_limit', 'hang', 'hold', 'malformed_json', 'html', 'overcharge']),
    /** Apply to the next N matching requests; omitted = until cleared. */
    times: z.number().int().positive().optional(),
    /** Probability per matching request (seeded PRNG, so runs repeat); default 1. */
    fraction: z.number().min(0).max(1).default(1),
    latency_ms: z.number().int().min(0).default(1000),
    status: z.number().int().min(200).max(599).optional(),
    retry_after_s: z.number().int().min(0).default(1),
    /** A hang answers 504 after this long; omitted = until the gateway closes. */
    hang_ms: z.number().int().positive().optional(),
    body: z.string().optional(),
    /** overcharge: the matching call costs this many times its price (its consume row keeps the same ratios). */
    factor: z.number().positive().default(2),
  })
  .strict();

export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.output<typeof faultSchema> & { id: number; hits: number };

const HTML_PAGE = (status: number) =>
  `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

/** mulberry32: a tiny seeded PRNG, so fractional faults hit the same requests on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;
  private random: () => number;
  private readonly hangs = new Set<() => void>();
  // Held requests wait for the test to let them go, then are served normally: a latch for "while it is in flight".
  private readonly holds = new Set<() => void>();

  constructor(private readonly randomSeed = 1) {
    this.random = prng(randomSeed);
  }

  add(input: FaultInput): Fault {
    const fault = { ...faultSchema.parse(input), id: this.nextId++, hits: 0 };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  remove(id: number): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
    this.random = prng(this.randomSeed);
    this.releaseHolds();
  }

  /** Releases every hanging request (on close), so the server can shut down; held ones are served. */
  releaseHangs(): void {
    for (const release of this.hangs) release();
    this.hangs.clear();
    this.releaseHolds();
  }

  /** Lets every held request go on to be served; answers how many there were. */
  releaseHolds(): number {
    const held = [...this.holds];
    this.holds.clear();
    for (const release of held) release();
    return held.length;
  }

  /** How many requests are held right now. */
  get heldCount(): number {
    return this.holds.size;
  }

  private take(listener: Listener, method: string, path: string): Fault | undefined {
    for (const f of this.faults) {
      if (f.listener !== 'any' && f.listener !== listener) continue;
      if (f.method !== undefined && f.method.toUpperCase() !== method) continue;
      if (!globToRegExp(f.match).test(path)) continue;
      if (f.fraction < 1 && this.random() >= f.fraction) continue;
      f.hits++;
      if (f.times !== undefined && f.hits >= f.times) this.remove(f.id);
      return f;
    }
    return undefined;
  }

  middleware(listener: Listener): MiddlewareHandler<GatewayEnv> {
    return async (c, next) => {
      const fault = this.take(listener, c.req.method, c.req.path);
      if (!fault) return next();
      c.set('fault', fault.kind);
      switch (fault.kind) {
        case 'latency':
          await new Promise((r) => setTimeout(r, fault.latency_ms));
          return next();
        case 'overcharge':
          c.set('overcharge', fault.factor);
          return next();
        case 'status':
          c.res = json({ success: false, message: `injected fault: HTTP ${fault.status ?? 500}` }, fault.status ?? 500);
          if (fault.body !== undefined) c.res = new Response(fault.body, { status: fault.status ?? 500 });
          return;
        case 'rate_limit':
          // Real new-api answers 429 with an empty body and Retry-After.
          c.res = new Response(null, { status: 429, headers: { 'Retry-After': String(fault.retry_after_s) } });
          return;
        case 'hold':
          await new Promise<void>((resolve) => this.holds.add(resolve));
          return next();
        case 'malformed_json':
          c.res = new Response(fault.body ?? '{"success": true, "message": "", "data": {"items": [', {
            status: fault.status ?? 200,
            headers: { 'Content-Type': 'application/json; charset=utf-8' },
          });
          return;
        case 'html':
          c.res = new Response(fault.body ?? HTML_PAGE(fault.status ?? 502), {
            status: fault.status ?? 502,
            headers: { 'Content-Type': 'text/html' },
          });
          return;
        case 'hang':
          await new Promise<void>((resolve) => {
            const release = () => {
              this.hangs.delete(release);
              resolve();
            };
            this.hangs.add(release);
            if (fault.hang_ms !== undefined) setTimeout(release, fault.hang_ms);
          });
          c.res = new Response('gateway timeout', { status: 504, headers: { 'Content-Type': 'text/plain' } });
          return;
      }
    };
  }
}
