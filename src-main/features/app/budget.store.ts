// The critical budget's file (rate-budget.json): the times of the critical requests Keydesk sent to each site in the
// last window (the user's and its own apart), and any 429 the site answered, so a restart does not begin with a fresh
// share of the site's bucket.
// Nothing secret is in it: hosts and times. A bad file is moved aside and the budget starts empty, as before.
import { z } from 'zod';
import type { BudgetStorePort, StoredBudget } from '../../gateway/critical-budget';
import { MAX_STORED_HOSTS } from '../../gateway/critical-budget';
import type { Logger } from '../../log/logger';
import type { StoreEngine } from '../../platform/store-engine';
import { ConfigStore } from '../../vault/config.store';

const MAX_TIMES_PER_HOST = 64;

const budgetDocumentSchema = z.object({
  hosts: z
    .record(
      z.string().max(2_048),
      z.object({
        sent: z.array(z.number()).max(MAX_TIMES_PER_HOST),
        // Keydesk's own requests apart from the user's; files written before the two were kept apart have none.
        background: z.array(z.number()).max(MAX_TIMES_PER_HOST).optional(),
        spentUntil: z.number(),
      }),
    )
    .refine((hosts) => Object.keys(hosts).length <= MAX_STORED_HOSTS, 'too many hosts'),
});

type BudgetDocument = z.infer<typeof budgetDocumentSchema>;

export function openBudgetStore(options: {
  engine: StoreEngine;
  dataDir: string;
  log: Logger;
  now: () => number;
}): BudgetStorePort {
  const { log } = options;
  const store = new ConfigStore<BudgetDocument>({
    engine: options.engine,
    dataDir: options.dataDir,
    now: options.now,
    name: 'rate-budget',
    schema: budgetDocumentSchema,
    defaults: { hosts: {} },
    onCorrupt: (keptAt, reason) => {
      log.warn('site budget file was unreadable; kept aside, the budget starts empty', { keptAt, reason });
    },
  });
  return {
    load: (): StoredBudget => store.read().hosts,
    save: (hosts: StoredBudget): void => {
      try {
        store.write({
          hosts: Object.fromEntries(
            Object.entries(hosts).map(([origin, host]) => [
              origin,
              {
                sent: host.sent.slice(-MAX_TIMES_PER_HOST),
                background: (host.background ?? []).slice(-MAX_TIMES_PER_HOST),
                spentUntil: host.spentUntil,
              },
            ]),
          ),
        });
      } catch (error) {
        // The budget in memory still holds; only a restart would forget this window.
        log.warn('could not save rate-budget.json', { error: String(error) });
      }
    },
  };
}
