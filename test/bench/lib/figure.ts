// The shape of one benchmark figure as printed in the table and written to bench-results.json.
import type { Summary } from './stats';

export interface Figure {
  /** The figure's number and name, e.g. "1. Requests per refresh cycle". */
  readonly figure: string;
  /** What the table shows in the value column. */
  readonly value: string;
  /** The headline number compared with the target (a ratio, count or byte size); null when informational. */
  readonly ratio: number | null;
  readonly target: string;
  /** true / false against the target; null when informational. */
  readonly meetsTarget: boolean | null;
  readonly how: string;
  /** Raw numbers behind the value, for the JSON file. */
  readonly details: Record<string, unknown>;
  readonly summary?: Summary;
}
