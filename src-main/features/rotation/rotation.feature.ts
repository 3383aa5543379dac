// The rotation feature: its store (rotations.json), the steps (create the twin, hand it on, disable the old key,
// delete it when confirmed), the service behind the rotation: channels with its watch of old keys, and what ties
// them to the rest (a removed account's rotations go with it; rotations cut short by a quit go on at the next start).
import type { EventBus } from '../../bridge/events';
import { emptyIdRecord } from '../../id-record';
import type { Logger } from '../../log/logger';
import type { StoreEngine } from '../../platform/store-engine';
import { ConfigStore, type StoreReport } from '../../vault/config.store';
import type { AccountDirectory } from '../accounts/account-directory';
import type { AllowanceService } from '../allowance/allowance.service';
import type { Feature } from '../feature';
import type { HandoffService } from '../handoff/handoff.service';
import type { KeysService } from '../keys/keys.service';
import type { AlertsService } from '../quota/alerts.service';
import type { SchedulerClock } from '../quota/scheduler';
import { registerRotationHandlers } from './rotation.handlers';
import { RotationRecords } from './rotation.records';
import { rotationDocumentSchema, type RotationDocument } from './rotation.schema';
import { RotationService } from './rotation.service';
import { RotationSteps } from './rotation.steps';

export interface RotationFeatureOptions {
  readonly dataDir: string;
  readonly storeEngine: StoreEngine;
  readonly events: EventBus;
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'get' | 'create' | 'setStatus' | 'delete'>;
  readonly handoff: Pick<HandoffService, 'records' | 'repeat'>;
  readonly allowance: Pick<AllowanceService, 'moveTo' | 'byKey'>;
  readonly alerts: AlertsService;
  readonly clock: SchedulerClock;
  readonly log: Logger;
  readonly onStoreReport?: (report: StoreReport) => void;
  /** End-to-end tests only: a shorter spacing of the old keys' reads. */
  readonly watchMs?: number;
}

export type RotationFeature = Feature & { readonly service: RotationService };

export function createRotationFeature(options: RotationFeatureOptions): RotationFeature {
  const { clock, directory } = options;
  const log = options.log.child('rotation');
  const store = new ConfigStore<RotationDocument>({
    engine: options.storeEngine,
    dataDir: options.dataDir,
    name: 'rotations',
    schema: rotationDocumentSchema,
    defaults: { rotations: emptyIdRecord() },
    onCorrupt: (keptAt, reason) => {
      log.warn('rotations were unreadable; kept aside and started empty', { keptAt, reason });
    },
    ...(options.onStoreReport ? { onReport: options.onStoreReport } : {}),
  });
  const records = new RotationRecords(store, options.events);
  const steps = new RotationSteps({
    records,
    keys: options.keys,
    handoff: options.handoff,
    allowance: options.allowance,
    now: () => clock.now(),
  });
  const service = new RotationService({
    records,
    steps,
    keys: options.keys,
    handoffs: options.handoff,
    allowances: options.allowance,
    directory,
    alerts: options.alerts,
    clock,
    log,
    ...(options.watchMs === undefined ? {} : { watchMs: options.watchMs }),
  });
  const keepAccounts = (): void => {
    records.keepAccounts(new Set(directory.list().map((a) => a.id)));
  };
  keepAccounts();
  const stopAccounts = directory.onChange(keepAccounts);
  service.resume();
  return {
    service,
    register: (router) => {
      registerRotationHandlers(router, service);
    },
    dispose: async () => {
      stopAccounts();
      await service.dispose();
    },
  };
}
