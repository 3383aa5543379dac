// The one quota scheduler: every account (and watched key) gets its own timer and its own in-flight promise, so a
// dead or slow gateway never delays another. Every trigger (timer, focus, manual, resume, tray) goes through
// request(), which enforces the gateway's polling rule: at most one request per account per rolling minute,
// answers cached for CACHE_TTL, concurrent callers share one request, temporary failures back off exponentially
// with jitter and never sooner than Retry-After, and after sleep or going online the refreshes are staggered.
import type { AppError, Result } from '../../src-shared/contract';
import type { Clock } from '../platform/ports';
import { toAppError } from '../errors';
import type { Logger } from '../log/logger';

/** The part of the one Clock the scheduler uses: tests drive a fake one, so no test sleeps or races the wall clock. */
export type SchedulerClock = Pick<Clock, 'now' | 'random' | 'setTimer' | 'clearTimer'>;

export type Trigger = 'start' | 'timer' | 'focus' | 'manual' | 'resume' | 'online' | 'tray';

/** Runs one quota request. The signal aborts at the scheduler's deadline; a rejection counts as `internal`. */
export type FetchOne<T> = (accountId: string, signal: AbortSignal) => Promise<Result<T>>;
/**
 * Told of every request that settles in time, before its callers resume. A request given up at the deadline is
 * settled as `timeout`, and its late answer is dropped: the value the user sees never goes back in time.
 */
export type OnSettled<T> = (accountId: string, result: Result<T>, startedAt: number) => void;

export interface SchedulerOptions {
  /** The polling rule: minimum gap between two request starts of one account. */
  readonly minSpacingMs?: number;
  /** A value younger than this answers triggers without a request. */
  readonly cacheTtlMs?: number;
  /** A request still running after this is given up (timeout) so the account's schedule moves on. */
  readonly requestTimeoutMs?: number;
  readonly backoffBaseMs?: number;
  readonly backoffMaxMs?: number;
  /** Spread of refreshes after start, resume or going online: account i starts within [i, i + 1) × stagger. */
  readonly staggerMs?: number;
  /** A timer firing this late means the machine slept: treat it as a resume (staggered), not a burst. */
  readonly lateTimerMs?: number;
  /**
   * An account's own minimum gap between requests, beyond the polling rule: a watched key's fair share of its host's
   * critical budget (quota.monitor.ts). Binds every trigger, as the polling rule does. Default: none.
   */
  readonly spacingOf?: (accountId: string) => number;
  /** Where an unexpected failure of a fetch is logged (once, redacted) before it is answered as `internal`. */
  readonly log?: Logger;
}

export const SCHEDULER_DEFAULTS = {
  minSpacingMs: 60_000,
  cacheTtlMs: 45_000,
  requestTimeoutMs: 45_000,
  backoffBaseMs: 60_000,
  backoffMaxMs: 30 * 60_000,
  staggerMs: 2_000,
  lateTimerMs: 30_000,
  spacingOf: () => 0,
} as const satisfies Required<Omit<SchedulerOptions, 'log'>>;

/** Codes worth retrying sooner than the regular interval (with backoff); the rest wait for the next interval. */
const TEMPORARY: ReadonlySet<AppError['code']> = new Set(['rate_limited', 'network', 'timeout', 'server', 'protocol']);
const isTemporary = (error: AppError): boolean => TEMPORARY.has(error.code) || error.retryable === true;

interface Slot {
  lastStartAt: number | null;
  lastSuccessAt: number | null;
  inFlight: Promise<void> | null;
  /** Bumped per request; a request that timed out and answers late is ignored. */
  generation: number;
  failures: number;
  backoffUntil: number;
  retryAfterUntil: number;
  timer: unknown;
  timerDueAt: number | null;
}

export class QuotaScheduler<T> {
  readonly #slots = new Map<string, Slot>();
  readonly #options: Required<Omit<SchedulerOptions, 'log'>> & Pick<SchedulerOptions, 'log'>;
  #intervalMs: number;
  #isDisposed = false;

  constructor(
    private readonly clock: SchedulerClock,
    private readonly fetchOne: FetchOne<T>,
    private readonly onSettled: OnSettled<T>,
    intervalMs: number,
    options: SchedulerOptions = {},
  ) {
    this.#options = { ...SCHEDULER_DEFAULTS, ...options };
    this.#intervalMs = Math.max(intervalMs, this.#options.minSpacingMs);
  }

  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** The account's regular interval: the setting, or longer where its fair share of a budget asks for it. */
  intervalOf(id: string): number {
    return Math.max(this.#intervalMs, this.#options.spacingOf(id));
  }

  /**
   * The accounts to watch, in the user's order. New ones are refreshed soon (staggered); `lastFetchedAt` (from the
   * persisted cache) counts as their last request, so a restart does not break the one-per-minute rule.
   */
  setAccounts(ids: readonly string[], lastFetchedAt: (id: string) => number | null = () => null): void {
    const wanted = new Set(ids);
    for (const [id, slot] of this.#slots) {
      if (!wanted.has(id)) {
        this.#clearTimer(slot);
        slot.generation += 1; // an answer still on its way is dropped
        this.#slots.delete(id);
      }
    }
    const now = this.clock.now();
    let position = 0;
    for (const id of ids) {
      if (this.#slots.has(id)) continue;
      const fetchedAt = lastFetchedAt(id);
      const slot: Slot = {
        lastStartAt: fetchedAt,
        lastSuccessAt: fetchedAt,
        inFlight: null,
        generation: 0,
        failures: 0,
        backoffUntil: 0,
        retryAfterUntil: 0,
        timer: null,
        timerDueAt: null,
      };
      this.#slots.set(id, slot);
      const interval = this.intervalOf(id);
      const due = fetchedAt !== null && now - fetchedAt < interval ? fetchedAt + interval : now;
      this.#schedule(id, Math.max(due, this.#staggered(now, position)));
      position += 1;
    }
  }

  /** The polling interval changed (settings): every account's next regular refresh moves accordingly. */
  setInterval(intervalMs: number): void {
    this.#intervalMs = Math.max(intervalMs, this.#options.minSpacingMs);
    for (const [id, slot] of this.#slots) {
      if (slot.inFlight || slot.lastStartAt === null || slot.failures > 0) continue;
      this.#clearTimer(slot);
      this.#schedule(id, Math.max(slot.lastStartAt + this.intervalOf(id), this.clock.now()));
    }
  }

  /**
   * A trigger for one account. Resolves when the request it started (or joined) settles, at once when the cached
   * value is fresh enough or the polling rule defers the request (then a timer runs it as soon as allowed).
   */
  request(id: string, trigger: Trigger): Promise<void> {
    const slot = this.#slots.get(id);
    if (!slot || this.#isDisposed) return Promise.resolve();
    if (slot.inFlight) return slot.inFlight;
    const now = this.clock.now();
    if (slot.lastSuccessAt !== null && now - slot.lastSuccessAt < this.#options.cacheTtlMs) return Promise.resolve();
    const earliest = this.#earliest(id, slot, trigger);
    if (now < earliest) {
      this.#schedule(id, earliest);
      return Promise.resolve();
    }
    return this.#start(id, slot);
  }

  /** A trigger for every account (focus, tray opening, "Refresh now"). */
  async requestAll(trigger: Trigger): Promise<void> {
    await Promise.all([...this.#slots.keys()].map((id) => this.request(id, trigger)));
  }

  /** After sleep or going online: every account refreshes soon, spread out rather than all at once. */
  resume(): void {
    const now = this.clock.now();
    let position = 0;
    for (const [id, slot] of this.#slots) {
      if (slot.inFlight) continue;
      const at = Math.max(this.#staggered(now, position), this.#earliest(id, slot, 'resume'));
      position += 1;
      // A refresh already due soon stays as it is; an overdue one (the timer slept with the machine) moves to its
      // place in the stagger instead of firing with all the others.
      if (slot.timerDueAt !== null && slot.timerDueAt > now && slot.timerDueAt <= at) continue;
      this.#clearTimer(slot);
      this.#schedule(id, at);
    }
  }

  /**
   * The earliest time a manual refresh of the account would send a request (the polling rule, Retry-After and the
   * cache); null when one would go now or the account is not watched.
   */
  nextAllowedAt(id: string): number | null {
    const slot = this.#slots.get(id);
    if (!slot) return null;
    const cached = slot.lastSuccessAt === null ? 0 : slot.lastSuccessAt + this.#options.cacheTtlMs;
    const at = Math.max(this.#earliest(id, slot, 'manual'), cached);
    return at > this.clock.now() ? at : null;
  }

  /** When the account's next request is due (for tests and diagnostics). */
  nextDueAt(id: string): number | null {
    return this.#slots.get(id)?.timerDueAt ?? null;
  }

  isInFlight(id: string): boolean {
    return this.#slots.get(id)?.inFlight != null;
  }

  dispose(): void {
    this.#isDisposed = true;
    for (const slot of this.#slots.values()) {
      this.#clearTimer(slot);
      slot.generation += 1;
    }
    this.#slots.clear();
  }

  /** The polling rule and Retry-After bind every trigger; exponential backoff binds all but a manual refresh. */
  #earliest(id: string, slot: Slot, trigger: Trigger): number {
    const gap = Math.max(this.#options.minSpacingMs, this.#options.spacingOf(id));
    const spacing = slot.lastStartAt === null ? 0 : slot.lastStartAt + gap;
    return Math.max(spacing, slot.retryAfterUntil, trigger === 'manual' ? 0 : slot.backoffUntil);
  }

  #staggered(now: number, position: number): number {
    return now + Math.floor((position + this.clock.random()) * this.#options.staggerMs);
  }

  /** Equal jitter: half the exponential delay fixed, half random, so retries of many accounts do not align. */
  backoffDelay(failures: number): number {
    const ceiling = Math.min(this.#options.backoffMaxMs, this.#options.backoffBaseMs * 2 ** Math.max(0, failures - 1));
    return Math.floor(ceiling / 2 + (this.clock.random() * ceiling) / 2);
  }

  #start(id: string, slot: Slot): Promise<void> {
    this.#clearTimer(slot);
    const startedAt = this.clock.now();
    const previousStartAt = slot.lastStartAt;
    slot.lastStartAt = startedAt;
    slot.generation += 1;
    const generation = slot.generation;
    const controller = new AbortController();
    let deadline: unknown = null;
    const timedOut = new Promise<Result<T>>((resolve) => {
      deadline = this.clock.setTimer(this.#options.requestTimeoutMs, () => {
        controller.abort(new Error('quota request timed out'));
        resolve({ ok: false, error: { code: 'timeout' } });
      });
    });
    const answered = this.fetchOne(id, controller.signal).catch((error: unknown): Result<T> => ({
      ok: false,
      error: toAppError(error, this.#options.log, 'quota refresh failed unexpectedly'),
    }));
    const run = Promise.race([answered, timedOut]).then((outcome) => {
      this.clock.clearTimer(deadline);
      if (slot.generation !== generation || this.#isDisposed) return;
      slot.inFlight = null;
      // Held back by Keydesk's own critical budget, nothing reached the site: not a request for the polling rule
      // or the fair share, so the retry comes when the budget frees a slot, not a whole interval later.
      if (!outcome.ok && outcome.error.isLocalLimit === true) slot.lastStartAt = previousStartAt;
      this.#settle(id, slot, startedAt, outcome);
      this.onSettled(id, outcome, startedAt);
    });
    slot.inFlight = run;
    return run;
  }

  #settle(id: string, slot: Slot, startedAt: number, outcome: Result<T>): void {
    const now = this.clock.now();
    if (outcome.ok) {
      slot.failures = 0;
      slot.backoffUntil = 0;
      slot.retryAfterUntil = 0;
      slot.lastSuccessAt = now;
      this.#schedule(id, startedAt + this.intervalOf(id));
      return;
    }
    if (!isTemporary(outcome.error)) {
      // Credentials, a missing record or a locked vault do not heal by retrying sooner.
      slot.failures = 0;
      slot.backoffUntil = 0;
      this.#schedule(id, startedAt + this.intervalOf(id));
      return;
    }
    slot.failures += 1;
    let delay = this.backoffDelay(slot.failures);
    const retryAfter = outcome.error.retryAfterMs;
    if (retryAfter !== undefined && retryAfter > 0) {
      slot.retryAfterUntil = now + retryAfter;
      delay = Math.max(delay, retryAfter);
    }
    slot.backoffUntil = now + delay;
    this.#schedule(id, Math.max(slot.backoffUntil, startedAt + this.#options.minSpacingMs));
  }

  /** Keeps the earlier of the pending timer and `at`. */
  #schedule(id: string, at: number): void {
    const slot = this.#slots.get(id);
    if (!slot || this.#isDisposed) return;
    if (slot.timerDueAt !== null && slot.timerDueAt <= at) return;
    this.#clearTimer(slot);
    const now = this.clock.now();
    slot.timerDueAt = at;
    slot.timer = this.clock.setTimer(Math.max(0, at - now), () => {
      slot.timer = null;
      slot.timerDueAt = null;
      this.#onTimer(id, slot, at);
    });
  }

  #onTimer(id: string, slot: Slot, dueAt: number): void {
    if (this.#slots.get(id) !== slot || slot.inFlight) return;
    const now = this.clock.now();
    if (now - dueAt > this.#options.lateTimerMs) {
      // The machine slept through this timer (and probably others): spread them out instead of bursting.
      this.resume();
      return;
    }
    const earliest = this.#earliest(id, slot, 'timer');
    if (now < earliest) {
      this.#schedule(id, earliest);
      return;
    }
    void this.#start(id, slot);
  }

  #clearTimer(slot: Slot): void {
    if (slot.timer !== null) this.clock.clearTimer(slot.timer);
    slot.timer = null;
    slot.timerDueAt = null;
  }
}
