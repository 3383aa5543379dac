// A subscription plan entry as labelled fields: the spec leaves the entries open, so known fields get their label and
// their kind of value (money through the account's formatter, Unix times through the date formatter), and unknown
// ones are still shown, under their name made readable rather than dropped.

export interface PlanField {
  /** The field's name as the server sent it (dotted for a nested object's fields), for a tooltip. */
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

export interface PlanFormat {
  /** Units as the account's money ("¥100.00"). */
  readonly money: (units: number) => string;
  /** A Unix time in seconds as a date. */
  readonly date: (unixSec: number) => string;
  /** A plain number in the app's language (not the system's). */
  readonly number: (n: number) => string;
  /** The label of a known field (camelCase name), or undefined when there is none. */
  readonly label: (name: string) => string | undefined;
  readonly yes: string;
  readonly no: string;
  readonly never: string;
}

/** Fields in internal units: the plan's total, used and remaining quota under their current and older names. */
const MONEY = /(^|_)quota$|^amount_(total|used|left)$/;
/** Unix times: `expires_at`, `started_at`, `end_time`, … */
const TIME = /(_at|_time)$/;
/** Times where 0 means "never ends" rather than unknown. */
const OPEN_ENDED = /^(expires_at|expired_at|end_time)$/;

const camel = (key: string) => key.replace(/[_.]([a-z])/g, (_m, c: string) => c.toUpperCase());
/** "used_quota" → "Used quota": readable, and never snake_case on screen. */
const readable = (key: string) => {
  const words = key.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function valueOf(key: string, v: unknown, f: PlanFormat): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? f.yes : f.no;
  if (typeof v === 'number' && Number.isFinite(v)) {
    if (MONEY.test(key)) return f.money(v);
    if (TIME.test(key)) {
      if (v <= 0) return OPEN_ENDED.test(key) ? f.never : '—';
      // Seconds, or milliseconds from a server that sends them.
      return f.date(v > 1e12 ? Math.floor(v / 1000) : v);
    }
    return f.number(v);
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return typeof v === 'string' ? v : '—';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The entry's fields in the server's order. Entries may be wrapped (`{subscription: {…}}`, as current new-api sends
 * them): the wrapper is opened. A nested object (`plan: {…}`) shows its own fields under "Plan · …".
 */
export function planFields(entry: unknown, f: PlanFormat): PlanField[] {
  if (!isRecord(entry))
    return [{ key: 'value', label: f.label('value') ?? 'Value', value: valueOf('value', entry, f) }];
  const { subscription, ...rest } = entry;
  const fields = isRecord(subscription) ? { ...subscription, ...rest } : entry;
  const labelOf = (key: string) => f.label(camel(key)) ?? readable(key);
  const out: PlanField[] = [];
  for (const [key, v] of Object.entries(fields)) {
    if (isRecord(v)) {
      for (const [inner, iv] of Object.entries(v)) {
        if (isRecord(iv)) continue;
        out.push({
          key: `${key}.${inner}`,
          label: `${labelOf(key)} · ${labelOf(inner)}`,
          value: valueOf(inner, iv, f),
        });
      }
      continue;
    }
    out.push({ key, label: labelOf(key), value: valueOf(key, v, f) });
  }
  return out;
}

/** The billing preferences new-api knows; anything else is shown as the server wrote it. */
export const BILLING_PREFERENCES = ['subscription_first', 'wallet_first', 'subscription_only', 'wallet_only'] as const;
