// A reactive "now" for ages and relative times ("3 min ago"), ticking every 30 s while a component is mounted.
import { onScopeDispose, ref, type Ref } from 'vue';
import { calendarDays } from '../components/keys/relative-date';

export function useNow(everyMs = 30_000): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => {
    now.value = Date.now();
  }, everyMs);
  onScopeDispose(() => {
    clearInterval(timer);
  });
  return now;
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
