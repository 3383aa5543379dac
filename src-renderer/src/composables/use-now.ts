// A reactive "now" for ages and relative times ("3 min ago"): one timer per period shared by every mounted
// component (twenty balance meters wake the page once, not twenty times), and none while the window is hidden.
import { onScopeDispose, readonly, ref, type Ref } from 'vue';
import { calendarDays } from '../components/keys/relative-date';

interface SharedClock {
  readonly now: Ref<number>;
  users: number;
  timer: ReturnType<typeof setInterval> | null;
}

const clocks = new Map<number, SharedClock>();
let isListening = false;

const isHidden = (): boolean => typeof document !== 'undefined' && document.visibilityState === 'hidden';

function run(everyMs: number, clock: SharedClock): void {
  clock.timer ??= setInterval(() => {
    clock.now.value = Date.now();
  }, everyMs);
}

function pause(clock: SharedClock): void {
  if (clock.timer !== null) clearInterval(clock.timer);
  clock.timer = null;
}

/** Hidden: every clock stops. Shown again: each is set to the time at once (ages jump to true), then ticks on. */
function onVisibility(): void {
  for (const [everyMs, clock] of clocks) {
    if (clock.users === 0) continue;
    if (isHidden()) {
      pause(clock);
    } else {
      clock.now.value = Date.now();
      run(everyMs, clock);
    }
  }
}

export function useNow(everyMs = 30_000): Readonly<Ref<number>> {
  if (!isListening && typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onVisibility);
    isListening = true;
  }
  let clock = clocks.get(everyMs);
  if (!clock) {
    clock = { now: ref(Date.now()), users: 0, timer: null };
    clocks.set(everyMs, clock);
  } else if (clock.users === 0) {
    clock.now.value = Date.now();
  }
  const shared = clock;
  shared.users += 1;
  if (!isHidden()) run(everyMs, shared);
  onScopeDispose(() => {
    shared.users -= 1;
    if (shared.users === 0) pause(shared);
  });
  return readonly(shared.now);
}

/** "3 min ago" / "3分钟前" for an epoch-ms time; a day or more back, in the calendar's days ("yesterday"). */
export function ageText(atMs: number, nowMs: number, locale: string): string {
  const seconds = Math.max(0, Math.round((nowMs - atMs) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (seconds < 45) return format.format(0, 'second');
  if (seconds < 3_600) return format.format(-Math.round(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.round(seconds / 3_600), 'hour');
  return format.format(Math.min(-1, calendarDays(atMs, nowMs)), 'day');
}
