// The "Use this key in…" feature: its service on the sources (accounts, keys, key secrets) and sinks (clipboard
// guard, secret-file sink, link opener) it is given, and the record of the hand-offs it made (handoff-records.json);
// register(router) wires its channels, dispose() forgets the keys it read (the clipboard guard belongs to the keys
// feature, which clears it on quit).
import type { Router } from '../../bridge/router';
import { AppErrorException } from '../../errors';
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import type { KeysFeature } from '../keys/keys.feature';
import type { Logger } from '../../log/logger';
import type { SecretFileSinkPort } from '../../platform/ports';
import { handedFiles } from './handoff-files';
import { emptyIdRecord } from '../../id-record';
import { HandoffElsewhere, handoffElsewhereSchema } from './handoff-elsewhere';
import { EMPTY_HANDOFF_RECORDS, HandoffRecords, handoffRecordsSchema } from './handoff-records';
import { registerHandoffHandlers } from './handoff.handlers';
import { HandoffService, type HandoffLedger, type HandoffSinks, type HandoffSources } from './handoff.service';

/** The hand-off's parts, wired: what createHandoffFeature builds on Core, and what tests build on fakes. */
export interface HandoffParts {
  readonly sources: HandoffSources;
  readonly sinks: HandoffSinks;
  readonly now: () => number;
  readonly log?: Logger;
  readonly ledger?: HandoffLedger;
}

export type HandoffFeature = Feature & { readonly service: HandoffService };

/** The feature as app.ts builds it: with this machine's records and the other machines' (synced, read-only). */
export type HandoffAppFeature = HandoffFeature & {
  readonly records: HandoffRecords;
  readonly elsewhere: HandoffElsewhere;
};

export function assembleHandoff(options: HandoffParts): HandoffFeature {
  const service = new HandoffService(options.sources, options.sinks, options.log, options.now, options.ledger);
  return {
    service,
    register(router: Router): void {
      registerHandoffHandlers(router, service);
    },
    dispose(): void {
      service.dispose();
    },
  };
}

export interface HandoffDeps {
  readonly accounts: AccountsService;
  readonly keys: KeysFeature['services'];
  /** Where a saved key file goes: the exports feature's recording sink, so it is listed and deleted in time. */
  readonly files: SecretFileSinkPort;
}

/** The feature as app.ts lists it: sources from the account directory and the keys feature, sinks from the platform. */
export function createHandoffFeature(core: Core, { accounts, keys, files }: HandoffDeps): HandoffAppFeature {
  const { platform } = core;
  const log = core.log.child('handoff');
  const records = new HandoffRecords(
    core.store('handoff-records', handoffRecordsSchema, EMPTY_HANDOFF_RECORDS, {
      reportAs: 'key_records',
      corruptNote: 'hand-off records were unreadable; kept aside and started empty',
    }),
    () => core.clock.now(),
  );
  const elsewhere = new HandoffElsewhere(
    core.store(
      'handoff-elsewhere',
      handoffElsewhereSchema,
      { records: emptyIdRecord() },
      {
        reportAs: 'cache',
        corruptNote: "other machines' hand-off records were unreadable; kept aside, the next sync brings them again",
      },
    ),
  );
  const keepAccounts = (): void => {
    records.keepAccounts(new Set(accounts.list().map((a) => a.id)));
  };
  keepAccounts();
  const stopAccounts = accounts.onChange(keepAccounts);
  const feature = assembleHandoff({
    sources: {
      account: (id) => {
        const view = accounts.snapshot().accounts.find((account) => account.id === id);
        if (!view) throw new AppErrorException({ code: 'not_found', reason: 'account.not_found' });
        return view;
      },
      key: (accountId, id) => keys.keys.get(accountId, id),
      fullKey: async (accountId, id) => keys.secrets.fullKey(accountId, await accounts.management(accountId), id),
      models: async (accountId, apiKey) => {
        const listed = await (await accounts.keyClient(accountId, apiKey)).listModels();
        return listed.ok ? { ok: true, value: listed.value.map((model) => model.id) } : listed;
      },
    },
    sinks: {
      clipboard: keys.clipboard,
      files,
      links: platform.externalLinks,
      fileDialogTitle: () => (core.language() === 'zh-CN' ? '保存密钥文件' : 'Save the key file'),
    },
    log,
    ledger: { records, files: handedFiles },
    now: () => core.clock.now(),
  });
  return {
    service: feature.service,
    records,
    elsewhere,
    register: (router) => {
      feature.register(router);
    },
    dispose: async () => {
      stopAccounts();
      await feature.dispose();
    },
  };
}
