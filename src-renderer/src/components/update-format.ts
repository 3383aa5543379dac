// How the updates card writes sizes and times: bytes in KB/MB/GB (one decimal), times in the UI language.
import type { Language } from '../../../src-shared/contract';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB"; null (unknown) → null, never "0 B". */
export function formatBytes(bytes: number | null): string | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit] ?? ''}`;
}

/** Whole percent of a download, or null while the total is unknown. */
export function percentOf(done: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

export function formatDateTime(epochMs: number, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
}

/** A feed's ISO release date as a date in the UI language; null when it is not a date. */
export function formatReleaseDate(iso: string | null, language: Language): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(at);
}
