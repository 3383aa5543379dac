// The refresh interval field of the Monitoring & alerts settings: whole minutes from 1 (the gateway's polling limit)
// to 1440 (a day), the bounds main's settings schema enforces, read from src-shared/rules. Pure, so it is unit-tested.
import { MAX_REFRESH_MINUTES, MIN_REFRESH_MINUTES } from '../../../src-shared/rules/settings-rules';

export type IntervalProblem = 'required' | 'notWhole' | 'range';
export type IntervalCheck =
  { readonly ok: true; readonly minutes: number } | { readonly ok: false; readonly problem: IntervalProblem };

export function checkRefreshInterval(text: string): IntervalCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  if (/^-\d+$/.test(trimmed)) return { ok: false, problem: 'range' };
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: 'notWhole' };
  const minutes = Number(trimmed);
  if (minutes < MIN_REFRESH_MINUTES || minutes > MAX_REFRESH_MINUTES) return { ok: false, problem: 'range' };
  return { ok: true, minutes };
}
