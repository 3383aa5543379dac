// Budgets that protect the user, not from the user. new-api lets one client IP make 20 sign-ins, 2FA answers, session
// refreshes, logouts, key reveals and /api/usage/* calls per 20 minutes, all from one bucket. Keydesk's background
// work (polls, watched keys, checks) keeps to a share of it, and never takes the last of it, so it cannot lock the
// user out; what the user asks for goes through, Keydesk only counts it and warns as it nears the site's 20, and
// waits only when the site itself answers 429 (then until its Retry-After). Key searches are budgeted the same way
// on their own bucket, 10 a minute: a key search of All keys asks every account, so with several accounts on one
// site Keydesk sends at most 8 a minute per host and says how long to wait, instead of drawing 429s. The critical
// count outlives a restart (a store port); the search window is a minute, so it is kept in memory only.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ErrorReason } from '../../src-shared/contract';
import { GatewayError } from './errors';
import type { ClockPort } from './ports';

/**
 * Who a request is for. Interactive: the user is waiting (sign-in, reveal, copy, export, key test). Background:
 * nobody is (polling, watched keys, the hourly checks, and whatever they need on the way, such as a session refresh).
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
 * Runs `fn` with every gateway request it makes (awaited or not) marked as `priority`. The quota monitor, the spend
 * tracker and the watch checks run as background; everything else defaults to interactive, because a request nobody
 * marked was most likely started by the user, and misfiling a user's reveal as background would hold it back.
 */
export function runWithPriority<T>(priority: RequestPriority, fn: () => T): T {
  return priorityContext.run(priority, fn);
}

export const currentPriority = (): RequestPriority => priorityContext.getStore() ?? 'interactive';

/** The user's own requests have left few of the site's bucket (as Keydesk counts it): said before it runs out. */
export interface BudgetLow {
  /** The site's bucket left in the window after this request (Keydesk's count: the user's browser may use more). */
  readonly left: number;
  /** The site's bucket per window (20). */
  readonly siteLimit: number;
  /** Epoch ms when the oldest request in the window leaves it, freeing one. */
  readonly freesAt: number;
}

export interface CriticalBudgetOptions {
  readonly clock: Pick<ClockPort, 'now' | 'sleep'>;
  /** The site's own bucket per window: new-api's 20 critical requests, or 10 searches. Default 20. */
  readonly siteLimit?: number;
  /** Sliding window. Default 20 minutes, as new-api's CriticalRateLimit. */
  readonly windowMs?: number;
  /** What background work may send per window: its share. Default 6. */
  readonly backgroundLimit?: number;
  /**
   * Background never takes one of the site's last this many: once the user's own requests have brought the window
   * this close to the site's limit, Keydesk's checks wait for the window. Default 6.
   */
  readonly userReserve?: number;
  /** Keydesk's own cap on the user's requests per window; default none (the critical bucket). Search: 8. */
  readonly userLimit?: number;
  /** A user's request under userLimit waits this long for a slot in main; longer, it answers with the wait. */
  readonly maxQueueMs?: number;
  /** How long a server 429 without Retry-After marks the bucket spent. Default 60 s. */
  readonly spentFallbackMs?: number;
  /** What Keydesk's own refusal says (the bucket's own sentence). Default the critical bucket's. */
  readonly reason?: Extract<ErrorReason, 'rate.local_budget' | 'rate.search_budget'>;
  /** What a refusal after the site's 429 says. Default the critical bucket's. */
  readonly siteReason?: Extract<ErrorReason, 'rate.site_critical' | 'rate.site_search'>;
  /** A user's request leaving this few of the site's bucket (or fewer) is told to onLow. Default 5; 0: never. */
  readonly warnWhenLeft?: number;
  readonly onLow?: (origin: string, low: BudgetLow) => void;
  /**
   * Where the window's requests outlive a restart. Without it, each start of Keydesk began with a full budget, and
   * the watched keys read at every start spent the site's bucket again: a few restarts could spend all of it.
   */
  readonly store?: BudgetStorePort;
}

/**
 * One host's part of the budget as it is kept between runs: wall-clock times, validated again when read. `sent` is
 * the user's requests (and, in files written before the two were kept apart, all of them); `background` Keydesk's own.
 */
export interface StoredHostBudget {
  readonly sent: readonly number[];
  readonly background?: readonly number[];
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
  siteLimit: 20,
  windowMs: 20 * 60_000,
  backgroundLimit: 6,
  userReserve: 6,
  userLimit: Number.POSITIVE_INFINITY,
  maxQueueMs: 5_000,
  spentFallbackMs: 60_000,
  reason: 'rate.local_budget',
  siteReason: 'rate.site_critical',
  warnWhenLeft: 5,
} as const;

/** The search bucket: 8 of new-api's 10 a minute (the user's browser keeps 2); nothing searches in the background. */
export const SEARCH_BUDGET_DEFAULTS = {
  siteLimit: 10,
  windowMs: 60_000,
  backgroundLimit: 0,
  userReserve: 0,
  userLimit: 8,
  maxQueueMs: 5_000,
  spentFallbackMs: 60_000,
  reason: 'rate.search_budget',
  siteReason: 'rate.site_search',
  warnWhenLeft: 0,
} as const;

interface HostState {
  /** Start times of the user's requests sent in the window, oldest first. */
  user: number[];
  /** Start times of Keydesk's own (background) requests sent in the window, oldest first. */
  background: number[];
  /** The server said 429: nothing on this bucket goes before this. */
  spentUntil: number;
  /** User's requests queued in main right now (under userLimit); background never overtakes them. */
  waiting: number;
}

/** A view of one host's budget, for diagnostics and the bench. */
export interface BudgetUsage {
  /** Requests in the window, the user's and Keydesk's own. */
  readonly used: number;
  readonly user: number;
  readonly background: number;
  readonly siteLimit: number;
  readonly spentUntil: number | null;
}

/** Drops the times that have left the window (the lists are oldest first). */
function prune(times: number[], since: number): void {
  while (times.length > 0 && (times[0] ?? 0) <= since) times.shift();
}

/** Milliseconds until `times` holds fewer than `cap` (0 when it already does). */
function waitBelow(times: readonly number[], cap: number, windowMs: number, now: number): number {
  if (times.length < cap) return 0;
  // The slot frees when the request that made the list full leaves the window.
  const freesAt = (times[times.length - cap] ?? now) + windowMs;
  return Math.max(0, freesAt - now);
}

/** Both lists as one, oldest first. */
const merged = (host: HostState): number[] => [...host.user, ...host.background].sort((a, b) => a - b);

/**
 * The per-host budget. With a store, the window's requests and a server's 429 survive a restart; the times read
 * back are trusted only as far as they can be: times older than the window are dropped, times ahead of the clock
 * (a clock set back) count as now, and a spent mark lasts at most one window from now.
 */
export class CriticalBudget {
  readonly #hosts = new Map<string, HostState>();
  readonly #clock: Pick<ClockPort, 'now' | 'sleep'>;
  readonly #siteLimit: number;
  readonly #windowMs: number;
  readonly #backgroundLimit: number;
  readonly #userReserve: number;
  readonly #userLimit: number;
  readonly #maxQueueMs: number;
  readonly #spentFallbackMs: number;
  readonly #reason: NonNullable<CriticalBudgetOptions['reason']>;
  readonly #siteReason: NonNullable<CriticalBudgetOptions['siteReason']>;
  readonly #warnWhenLeft: number;
  readonly #onLow: CriticalBudgetOptions['onLow'];
  readonly #store: BudgetStorePort | undefined;

  constructor(options: CriticalBudgetOptions) {
    const d = CRITICAL_BUDGET_DEFAULTS;
    this.#clock = options.clock;
    this.#siteLimit = options.siteLimit ?? d.siteLimit;
    this.#windowMs = options.windowMs ?? d.windowMs;
    this.#backgroundLimit = Math.min(this.#siteLimit, options.backgroundLimit ?? d.backgroundLimit);
    this.#userReserve = Math.min(this.#siteLimit, options.userReserve ?? d.userReserve);
    this.#userLimit = options.userLimit ?? d.userLimit;
    this.#maxQueueMs = options.maxQueueMs ?? d.maxQueueMs;
    this.#spentFallbackMs = options.spentFallbackMs ?? d.spentFallbackMs;
    this.#reason = options.reason ?? d.reason;
    this.#siteReason = options.siteReason ?? d.siteReason;
    this.#warnWhenLeft = options.warnWhenLeft ?? d.warnWhenLeft;
    this.#onLow = options.onLow;
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
   * Takes one slot for a request to `origin` before it is sent. After a 429 from the site, nothing goes before its
   * Retry-After: refused at once with that wait. Background: within its share and never into the user's reserve,
   * now or never (refused at once with the wait, so a poll backs off instead of holding a slot). Interactive: goes,
   * unless Keydesk caps the user's own requests on this bucket (search), where it waits in main up to a few seconds
   * and beyond that answers with the wait, which the renderer counts down before it tries again.
   */
  async acquire(origin: string, priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    const host = this.#host(origin);
    if (priority === 'background') {
      const wait = this.#backgroundWait(host);
      if (wait.spent > 0) throw this.#siteRefusal(wait.spent);
      if (wait.share > 0 || host.waiting > 0) throw this.#refusal(Math.max(wait.share, 1_000));
      this.#spend(origin, host, 'background');
      return;
    }
    host.waiting += 1;
    try {
      for (;;) {
        const spent = this.#spentWait(host);
        if (spent > 0) throw this.#siteRefusal(spent);
        const wait = this.#userWait(host);
        if (wait === 0) {
          this.#spend(origin, host, 'user');
          this.#warnIfLow(origin, host);
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
    if (priority === 'interactive') return Math.max(this.#spentWait(host), this.#userWait(host));
    const wait = this.#backgroundWait(host);
    return Math.max(wait.spent, wait.share);
  }

  usage(origin: string): BudgetUsage {
    const host = this.#host(origin);
    this.#prune(host);
    const now = this.#clock.now();
    return {
      used: host.user.length + host.background.length,
      user: host.user.length,
      background: host.background.length,
      siteLimit: this.#siteLimit,
      spentUntil: host.spentUntil > now ? host.spentUntil : null,
    };
  }

  #prune(host: HostState): void {
    const since = this.#clock.now() - this.#windowMs;
    prune(host.user, since);
    prune(host.background, since);
  }

  #spentWait(host: HostState): number {
    return Math.max(0, host.spentUntil - this.#clock.now());
  }

  #userWait(host: HostState): number {
    this.#prune(host);
    return waitBelow(host.user, this.#userLimit, this.#windowMs, this.#clock.now());
  }

  /** Background's wait: for the site's 429 (spent), and for its share and the user's reserve to allow one more. */
  #backgroundWait(host: HostState): { spent: number; share: number } {
    this.#prune(host);
    const now = this.#clock.now();
    const share = Math.max(
      waitBelow(host.background, this.#backgroundLimit, this.#windowMs, now),
      waitBelow(merged(host), this.#siteLimit - this.#userReserve, this.#windowMs, now),
    );
    return { spent: this.#spentWait(host), share };
  }

  #warnIfLow(origin: string, host: HostState): void {
    if (this.#onLow === undefined || this.#warnWhenLeft <= 0) return;
    const all = merged(host);
    const left = Math.max(0, this.#siteLimit - all.length);
    if (left > this.#warnWhenLeft) return;
    this.#onLow(origin, { left, siteLimit: this.#siteLimit, freesAt: (all[0] ?? this.#clock.now()) + this.#windowMs });
  }

  #spend(origin: string, host: HostState, who: 'user' | 'background'): void {
    (who === 'user' ? host.user : host.background).push(this.#clock.now());
    // Most recently used last: the file keeps the newest hosts when there are too many.
    this.#hosts.delete(origin);
    this.#hosts.set(origin, host);
    this.#save();
  }

  #save(): void {
    if (!this.#store) return;
    const now = this.#clock.now();
    const inWindow = (times: readonly number[]) => times.filter((t) => t > now - this.#windowMs);
    const live = [...this.#hosts]
      .map(
        ([origin, host]) =>
          [
            origin,
            { sent: inWindow(host.user), background: inWindow(host.background), spentUntil: host.spentUntil },
          ] as const,
      )
      .filter(([, host]) => host.sent.length > 0 || host.background.length > 0 || host.spentUntil > now);
    this.#store.save(Object.fromEntries(live.slice(-MAX_STORED_HOSTS)));
  }

  #restore(stored: StoredBudget): void {
    const now = this.#clock.now();
    // At most what the site itself would have let through in a window: more than that is not a real count.
    const trusted = (times: readonly number[]) =>
      times
        .filter((t) => Number.isFinite(t) && t > now - this.#windowMs)
        .map((t) => Math.min(t, now))
        .sort((a, b) => a - b)
        .slice(-this.#siteLimit);
    for (const [origin, entry] of Object.entries(stored).slice(-MAX_STORED_HOSTS)) {
      const user = trusted(entry.sent);
      const background = trusted(entry.background ?? []);
      const spentUntil = Number.isFinite(entry.spentUntil) ? Math.min(entry.spentUntil, now + this.#windowMs) : 0;
      if (user.length === 0 && background.length === 0 && spentUntil <= now) continue;
      this.#hosts.set(origin, { user, background, spentUntil, waiting: 0 });
    }
  }

  #host(origin: string): HostState {
    let host = this.#hosts.get(origin);
    if (!host) {
      host = { user: [], background: [], spentUntil: 0, waiting: 0 };
      this.#hosts.set(origin, host);
    }
    return host;
  }

  /** Keydesk's own budget held this back: nothing was sent. */
  #refusal(retryAfterMs: number): GatewayError {
    return new GatewayError('rate_limited', '', {
      retryAfterMs: Math.ceil(retryAfterMs),
      isLocalLimit: true,
      reason: this.#reason,
    });
  }

  /** The site answered 429 a moment ago and its wait is not over: nothing was sent this time either. */
  #siteRefusal(retryAfterMs: number): GatewayError {
    return new GatewayError('rate_limited', '', {
      retryAfterMs: Math.ceil(retryAfterMs),
      isLocalLimit: true,
      reason: this.#siteReason,
    });
  }
}
