// The rotation feature: its store (rotations.json), the steps (create the twin, hand it on, disable the old key,
// delete it when confirmed), the service behind the rotation: channels with its watch of old keys, and what ties
// them to the rest (a removed account's rotations go with it; rotations cut short by a quit go on at the next start).
import type { Core } from '../../core';
import { emptyIdRecord } from '../../id-record';
import type { AccountDirectory } from '../accounts/account-directory';
import type { AllowanceService } from '../allowance/allowance.service';
import type { Feature } from '../feature';
import type { HandoffService } from '../handoff/handoff.service';
import type { KeysService } from '../keys/keys.service';
import type { AlertsService } from '../alerts/alerts.service';
import { registerRotationHandlers } from './rotation.handlers';
import { RotationRecords } from './rotation.records';
import { rotationDocumentSchema, type RotationDocument } from './rotation.schema';
import { RotationService, type RotationServiceDeps } from './rotation.service';
import { RotationSteps } from './rotation.steps';

export interface RotationDeps {
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'get' | 'create' | 'setStatus' | 'delete'>;
  readonly handoff: Pick<HandoffService, 'records' | 'repeat'>;
  readonly allowance: Pick<AllowanceService, 'moveTo' | 'byKey'>;
  /** Other machines' hand-offs of a key (synced, read-only) and their names; absent without them. */
  readonly elsewhere?: RotationServiceDeps['elsewhere'];
  readonly alerts: AlertsService;
  /** End-to-end tests only: a shorter spacing of the old keys' reads. */
  readonly watchMs?: number;
}

export type RotationFeature = Feature & { readonly service: RotationService };

export function createRotationFeature(core: Core, deps: RotationDeps): RotationFeature {
  const { clock } = core;
  const { directory } = deps;
  const log = core.log.child('rotation');
  const store = core.store<RotationDocument>(
    'rotations',
    rotationDocumentSchema,
    { rotations: emptyIdRecord() },
    { reportAs: 'key_records', corruptNote: 'rotations were unreadable; kept aside and started empty' },
  );
  const records = new RotationRecords(store, core.events);
  const steps = new RotationSteps({
    records,
    keys: deps.keys,
    handoff: deps.handoff,
    allowance: deps.allowance,
    now: () => clock.now(),
  });
  const service = new RotationService({
    records,
    steps,
    keys: deps.keys,
    handoffs: deps.handoff,
    allowances: deps.allowance,
    ...(deps.elsewhere === undefined ? {} : { elsewhere: deps.elsewhere }),
    directory,
    alerts: deps.alerts,
    clock,
    log,
    ...(deps.watchMs === undefined ? {} : { watchMs: deps.watchMs }),
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
