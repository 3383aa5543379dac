// The one status of damaged data files: every config store (settings, accounts, vault, caches) reports here what
// it found at start — a file kept aside, a backup restored — and the renderer shows it as a banner, so nothing is
// rolled back or emptied without the user being told which copy was kept and what may be missing.
import type { StoreKind, StoreProblem } from '../../../src-shared/contract';
import type { Logger } from '../../log/logger';
import type { StoreReport } from '../../vault/config.store';

interface Entry {
  readonly store: StoreKind;
  readonly file: string;
  readonly reports: StoreReport[];
}

export class StoreStatus {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly log?: Logger) {}

  /** The `onReport` hook for one store's ConfigStore (file is its name in the data folder, e.g. accounts.json). */
  reporter(store: StoreKind, file: string): (report: StoreReport) => void {
    return (report) => {
      const entry = this.#entries.get(file) ?? { store, file, reports: [] };
      entry.reports.push(report);
      this.#entries.set(file, entry);
      this.log?.warn('data file problem', { store, file, ...report });
    };
  }

  /** One problem per damaged file, in the order they were found. */
  problems(): readonly StoreProblem[] {
    return [...this.#entries.values()].map(({ store, file, reports }) => {
      const isRestored = reports.some((r) => r.kind === 'recovered');
      const keptAt = reports.flatMap((r) => (r.kind === 'corrupt' ? [r.keptAt] : []));
      return {
        store,
        file,
        outcome: isRestored ? 'restored_from_backup' : 'started_empty',
        keptAt,
        reason: reports[0]?.reason ?? '',
        cause: reports[0]?.cause ?? 'missing',
      };
    });
  }
}
