// A user action the site's rate limit (or Keydesk's share of it) made wait: the wait counted down on screen, then
// the action tried again on its own, so a reveal beyond the budget is a visible pause, never a silent refusal.
import { computed, onScopeDispose, ref, type ComputedRef, type Ref } from 'vue';
import type { AppError, ErrorReason } from '../../../src-shared/contract';

export interface RateWait {
  /** Epoch ms when the action runs again; null when nothing waits. */
  readonly until: Ref<number | null>;
  readonly remainingMs: ComputedRef<number>;
  /** Whether the action runs again by itself when the countdown ends. */
  readonly isAutoRetry: Ref<boolean>;
  /** Whose limit it is and which rule (the site's critical bucket, its search limit, or Keydesk's own share). */
  readonly reason: Ref<ErrorReason | undefined>;
  /** What waits, in the user's words (a key's name), when the place showing it lists many. */
  readonly subject: Ref<string | null>;
  /**
   * Starts the countdown when `error` is a rate limit with a known wait; false (nothing started) otherwise. Without
   * `retry` the countdown only says when the user may try again.
   */
  start(error: AppError, retry?: () => Promise<void> | void, subject?: string): boolean;
  cancel(): void;
}

export function useRateWait(): RateWait {
  const until = ref<number | null>(null);
  const isAutoRetry = ref(false);
  const reason = ref<ErrorReason | undefined>(undefined);
  const subject = ref<string | null>(null);
  const now = ref(Date.now());
  let tick: ReturnType<typeof setInterval> | null = null;
  let fire: ReturnType<typeof setTimeout> | null = null;

  const cancel = (): void => {
    if (tick !== null) clearInterval(tick);
    if (fire !== null) clearTimeout(fire);
    tick = null;
    fire = null;
    until.value = null;
  };

  const start = (error: AppError, retry?: () => Promise<void> | void, what?: string): boolean => {
    if (error.code !== 'rate_limited' || error.retryAfterMs === undefined || error.retryAfterMs <= 0) return false;
    cancel();
    reason.value = error.reason;
    subject.value = what ?? null;
    now.value = Date.now();
    until.value = now.value + error.retryAfterMs;
    isAutoRetry.value = retry !== undefined;
    tick = setInterval(() => {
      now.value = Date.now();
    }, 1_000);
    fire = setTimeout(() => {
      cancel();
      if (retry) void retry();
    }, error.retryAfterMs);
    return true;
  };

  onScopeDispose(cancel);
  const remainingMs = computed(() => (until.value === null ? 0 : Math.max(0, until.value - now.value)));
  return { until, remainingMs, isAutoRetry, reason, subject, start, cancel };
}

/** Minutes and seconds of a wait, rounded up to the second: { m: 2, s: 10 }. */
export function waitParts(ms: number): { m: number; s: number } {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return { m: Math.floor(total / 60), s: total % 60 };
}
