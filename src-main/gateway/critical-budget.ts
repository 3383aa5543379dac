// Keydesk's own share of a site's rate-limited buckets. new-api lets one client IP make 20 sign-ins, 2FA answers,
// session refreshes, logouts, key reveals and /api/usage/* calls per 20 minutes, all from one bucket: Keydesk takes
// at most 10 of them per host, so the user's browser and other tools keep the other half. Current new-api also lets
// a client search keys 10 times a minute, and a key search of All keys asks every account: with several accounts on
// one site, Keydesk takes at most 8 a minute per host and says how long to wait, instead of drawing 429s. The
// critical count outlives a restart (a store port); the search window is a minute, so it is kept in memory only.
import { AsyncLocalStorage } from 'node:async_hooks';
import { GatewayError } from './errors';
import type { ClockPort } from './ports';

/**
 * Who a request is for. Interactive: the user is waiting (sign-in, reveal, copy, export, key test). Background:
 * nobody is (polling, and whatever a poll needs on the way, such as a session refresh).
 */
export type RequestPriority = 'interactive' | 'background';

/** The routes new-api puts behind CriticalRateLimit that Keydesk calls: one list, matched on method and path. */
const CRITICAL_ROUTES: readonly { readonly method: string; readonly path: RegExp }[] = [
  { method: 'POST', path: /\/api\/user\/login(?:\/2fa|\/verify)?\/?$/ },
  { method: 'POST', path: /\/api\/user\/auth\/(?:refresh|logout)\/?$/ },
  { method: 'POST', path: /\/api\/token\/\d+\/key\/?$/ },
  { method: 'POST', path: /\/api\/token\/batch\/keys\/?$/ },
  { method: 'GET', path: /\/api\/usage\/.+$/ },
];

/** Whether a request spends the site's critical bucket. A base address with a path prefix (/proxy/) still counts. */
export function isCriticalRequest(method: string, url: string): boolean {
  const { pathname } = new URL(url);
  return CRITICAL_ROUTES.some((route) => route.method === method && route.path.test(pathname));
}

/** Whether a request spends the site's search bucket (new-api's SearchRateLimit on the key search). */
export function isSearchRequest(method: string, url: string): boolean {
  return method === 'GET' && /\/api\/token\/search\/?$/.test(new URL(url).pathname);
}

const priorityContext = new AsyncLocalStorage<RequestPriority>();

/**
 * Runs `fn` with every gateway request it makes (awaited or not) marked as `priority`. The quota monitor runs its
 * polls as background; everything else defaults to interactive, because a request nobody marked was most likely
 * started by the user, and misfiling a user's reveal as background would refuse it for no reason they can see.
 */
export function runWithPriority<T>(priority: RequestPriority, fn: () => T): T {
  return priorityContext.run(priority, fn);
}

export const currentPriority = (): RequestPriority => priorityContext.getStore() ?? 'interactive';

export interface CriticalBudgetOptions {
  readonly clock: Pick<ClockPort, 'now' | 'sleep'>;
  /** Keydesk's critical requests per host per window. Default 10: half of new-api's 20. */
  readonly limit?: number;
  /** Sliding window. Default 20 minutes, as new-api's CriticalRateLimit. */
  readonly windowMs?: number;
  /** What background requests may use of the window; the rest is kept for the user. Default 6. */
  readonly backgroundLimit?: number;
  /** An interactive request waits this long for a slot in main; beyond that it answers with the wait. Default 5 s. */
  readonly maxQueueMs?: number;
  /** How long a server 429 without Retry-After marks the bucket spent. Default 60 s. */
  readonly spentFallbackMs?: number;
  /** What a refusal says (the bucket's own sentence). Default the critical bucket's. */
  readonly reason?: 'rate.local_budget' | 'rate.search_budget';
  /**
   * Where the window's requests outlive a restart. Without it, each start of Keydesk began with a full budget, and
   * the watched keys read at every start spent the site's bucket again: a few restarts could spend all of it.
   */
  readonly store?: BudgetStorePort;
}

/** One host's part of the budget as it is kept between runs: wall-clock times, validated again when read. */
export interface StoredHostBudget {
  readonly sent: readonly number[];
  readonly spentUntil: number;
}

export type StoredBudget = Readonly<Record<string, StoredHostBudget>>;

/** The budget's file. `save` is called after each request the budget lets through and each 429; it must not throw. */
export interface BudgetStorePort {
  load(): StoredBudget;
  save(budget: StoredBudget): void;
}

/** Hosts kept in the file: the most recently used ones, far more than anyone has sites. */
export const MAX_STORED_HOSTS = 200;

export const CRITICAL_BUDGET_DEFAULTS = {
  limit: 10,
  windowMs: 20 * 60_000,
  backgroundLimit: 6,
  maxQueueMs: 5_000,
  spentFallbackMs: 60_000,
  reason: 'rate.local_budget',
} as const;

/** The search bucket: 8 of new-api's 10 a minute (the user's browser keeps 2); nothing searches in the background. */
export const SEARCH_BUDGET_DEFAULTS = {
  limit: 8,
  windowMs: 60_000,
  backgroundLimit: 0,
  maxQueueMs: 5_000,
  spentFallbackMs: 60_000,
  reason: 'rate.search_budget',
} as const;

interface HostState {
  /** Start times of the critical requests sent in the window, oldest first. */
  sent: number[];
  /** The server said 429 on a critical path: nothing critical goes before this. */
  spentUntil: number;
  /** Interactive requests queued in main right now; background never overtakes them. */
  waiting: number;
}

/** A view of one host's budget, for diagnostics and the bench. */
export interface BudgetUsage {
  readonly used: number;
  readonly limit: number;
  readonly spentUntil: number | null;
}

/**
 * The per-host budget. With a store, the window's requests and a server's 429 survive a restart; the times read
 * back are trusted only as far as they can be: times older than the window are dropped, times ahead of the clock
 * (a clock set back) count as now, and a spent mark lasts at most one window from now.
 */
export class CriticalBudget {
  readonly #hosts = new Map<string, HostState>();
  readonly #clock: Pick<ClockPort, 'now' | 'sleep'>;
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #backgroundLimit: number;
  readonly #maxQueueMs: number;
  readonly #spentFallbackMs: number;
  readonly #reason: 'rate.local_budget' | 'rate.search_budget';
  readonly #store: BudgetStorePort | undefined;

  constructor(options: CriticalBudgetOptions) {
    this.#clock = options.clock;
    this.#limit = options.limit ?? CRITICAL_BUDGET_DEFAULTS.limit;
    this.#windowMs = options.windowMs ?? CRITICAL_BUDGET_DEFAULTS.windowMs;
    this.#backgroundLimit = Math.min(this.#limit, options.backgroundLimit ?? CRITICAL_BUDGET_DEFAULTS.backgroundLimit);
    this.#maxQueueMs = options.maxQueueMs ?? CRITICAL_BUDGET_DEFAULTS.maxQueueMs;
    this.#spentFallbackMs = options.spentFallbackMs ?? CRITICAL_BUDGET_DEFAULTS.spentFallbackMs;
    this.#reason = options.reason ?? CRITICAL_BUDGET_DEFAULTS.reason;
    this.#store = options.store;
    if (this.#store) this.#restore(this.#store.load());
  }

  get windowMs(): number {
    return this.#windowMs;
  }

  get backgroundLimit(): number {
    return this.#backgroundLimit;
  }

  /**
   * Takes one slot for a critical request to `origin` before it is sent. Background: now or never (throws
   * `rate_limited` with retryAfterMs at once, so a poll backs off instead of holding a slot the user may want).
   * Interactive: waits in main up to a few seconds; a longer wait throws `rate_limited` with retryAfterMs and
   * isLocalLimit, which the renderer shows as a countdown before it tries again.
   */
  async acquire(origin: string, priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    const host = this.#host(origin);
    if (priority === 'background') {
      const wait = host.waiting > 0 ? this.#waitFor(host, this.#limit) : this.#waitFor(host, this.#backgroundLimit);
      if (wait > 0 || host.waiting > 0) throw this.#refusal(Math.max(wait, 1_000));
      this.#spend(origin, host);
      return;
    }
    host.waiting += 1;
    try {
      for (;;) {
        const wait = this.#waitFor(host, this.#limit);
        if (wait === 0) {
          this.#spend(origin, host);
          return;
        }
        if (wait > this.#maxQueueMs) throw this.#refusal(wait);
        await this.#clock.sleep(wait, signal);
      }
    } finally {
      host.waiting -= 1;
    }
  }

  /** The server answered 429 on a budgeted path: its bucket is spent (by us or by the user's other clients). */
  markSpent(origin: string, retryAfterMs: number | undefined): void {
    const host = this.#host(origin);
    host.spentUntil = Math.max(host.spentUntil, this.#clock.now() + (retryAfterMs ?? this.#spentFallbackMs));
    this.#save();
  }

  /** How long a request of this priority would wait for a slot now (0 = it would go at once). */
  waitMs(origin: string, priority: RequestPriority): number {
    const host = this.#host(origin);
    return this.#waitFor(host, priority === 'background' ? this.#backgroundLimit : this.#limit);
  }

  usage(origin: string): BudgetUsage {
    const host = this.#host(origin);
    const now = this.#clock.now();
    return { used: host.sent.length, limit: this.#limit, spentUntil: host.spentUntil > now ? host.spentUntil : null };
  }

  /** Milliseconds until the window holds fewer than `cap` requests and the bucket is not marked spent. */
  #waitFor(host: HostState, cap: number): number {
    const now = this.#clock.now();
    while (host.sent.length > 0 && (host.sent[0] ?? 0) <= now - this.#windowMs) host.sent.shift();
    const spent = Math.max(0, host.spentUntil - now);
    if (host.sent.length < cap) return spent;
    // The slot frees when the request that made the window full leaves it.
    const freesAt = (host.sent[host.sent.length - cap] ?? now) + this.#windowMs;
    return Math.max(spent, freesAt - now);
  }

  #spend(origin: string, host: HostState): void {
    host.sent.push(this.#clock.now());
    // Most recently used last: the file keeps the newest hosts when there are too many.
    this.#hosts.delete(origin);
    this.#hosts.set(origin, host);
    this.#save();
  }

  #save(): void {
    if (!this.#store) return;
    const now = this.#clock.now();
    const live = [...this.#hosts]
      .map(
        ([origin, host]) =>
          [origin, { sent: host.sent.filter((t) => t > now - this.#windowMs), spentUntil: host.spentUntil }] as const,
      )
      .filter(([, host]) => host.sent.length > 0 || host.spentUntil > now);
    this.#store.save(Object.fromEntries(live.slice(-MAX_STORED_HOSTS)));
  }

  #restore(stored: StoredBudget): void {
    const now = this.#clock.now();
    for (const [origin, entry] of Object.entries(stored).slice(-MAX_STORED_HOSTS)) {
      const sent = entry.sent
        .filter((t) => Number.isFinite(t) && t > now - this.#windowMs)
        .map((t) => Math.min(t, now))
        .sort((a, b) => a - b)
        .slice(-this.#limit);
      const spentUntil = Number.isFinite(entry.spentUntil) ? Math.min(entry.spentUntil, now + this.#windowMs) : 0;
      if (sent.length === 0 && spentUntil <= now) continue;
      this.#hosts.set(origin, { sent, spentUntil, waiting: 0 });
    }
  }

  #host(origin: string): HostState {
    let host = this.#hosts.get(origin);
    if (!host) {
      host = { sent: [], spentUntil: 0, waiting: 0 };
      this.#hosts.set(origin, host);
    }
    return host;
  }

  #refusal(retryAfterMs: number): GatewayError {
    return new GatewayError('rate_limited', '', {
      retryAfterMs: Math.ceil(retryAfterMs),
      isLocalLimit: true,
      reason: this.#reason,
    });
  }
}
