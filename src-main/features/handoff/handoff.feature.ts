// The "Use this key in…" feature: its service on the sources (accounts, keys, key secrets) and sinks (clipboard
// guard, secret-file sink, link opener) it is given, and the record of the hand-offs it made (handoff-records.json);
// register(router) wires its channels, dispose() forgets the keys it read (the clipboard guard belongs to the keys
// feature, which clears it on quit).
import type { Router } from '../../bridge/router';
import { AppErrorException } from '../../errors';
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { systemLanguage } from '../quota/quota.feature';
import type { KeysFeature } from '../keys/keys.feature';
import type { Logger } from '../../log/logger';
import type { SecretFileSinkPort } from '../../platform/ports';
import { ConfigStore } from '../../vault/config.store';
import { handedFiles } from './handoff-files';
import { EMPTY_HANDOFF_RECORDS, HandoffRecords, handoffRecordsSchema } from './handoff-records';
import { registerHandoffHandlers } from './handoff.handlers';
import { HandoffService, type HandoffLedger, type HandoffSinks, type HandoffSources } from './handoff.service';

export interface HandoffFeatureOptions {
  readonly sources: HandoffSources;
  readonly sinks: HandoffSinks;
  readonly log?: Logger;
  readonly ledger?: HandoffLedger;
  readonly now?: () => number;
}

export type HandoffFeature = Feature & { readonly service: HandoffService };

export function createHandoffFeature(options: HandoffFeatureOptions) {
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

/** The feature as app.ts lists it: sources from the account directory and the keys feature, sinks from the platform. */
export function handoffFeature(
  core: Core,
  accounts: AccountsService,
  keys: KeysFeature['services'],
  files: SecretFileSinkPort = core.platform.secretFiles,
): HandoffFeature {
  const { platform } = core;
  const log = core.log.child('handoff');
  const records = new HandoffRecords(
    new ConfigStore({
      engine: platform.storeEngine,
      dataDir: core.dataDir,
      name: 'handoff-records',
      schema: handoffRecordsSchema,
      defaults: EMPTY_HANDOFF_RECORDS,
      onCorrupt: (keptAt, reason) => {
        log.warn('hand-off records were unreadable; kept aside and started empty', { keptAt, reason });
      },
      onReport: core.storeStatus.reporter('key_records', 'handoff-records.json'),
    }),
    () => platform.clock.now(),
  );
  const keepAccounts = (): void => {
    records.keepAccounts(new Set(accounts.list().map((a) => a.id)));
  };
  keepAccounts();
  const stopAccounts = accounts.onChange(keepAccounts);
  const feature = createHandoffFeature({
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
      fileDialogTitle: () =>
        (core.settings.get().language ?? systemLanguage()) === 'zh-CN' ? '保存密钥文件' : 'Save the key file',
    },
    log,
    ledger: { records, files: handedFiles },
    now: () => platform.clock.now(),
  });
  return {
    service: feature.service,
    register: (router) => {
      feature.register(router);
    },
    dispose: () => {
      stopAccounts();
      feature.dispose();
    },
  };
}
