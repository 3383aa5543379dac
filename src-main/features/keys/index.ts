// The key services built from their ports: keys, key secrets, and the clipboard guard whose dispose (on
// quit) clears a key still on the clipboard. keys.feature.ts registers them; tests build them over fakes.
import type { Language } from '../../../src-shared/contract';
import type { KeyRecord, SearchKeyRecord } from '../../gateway';
import type { Logger } from '../../log/logger';
import type { ClipboardPort, Clock, SecretFileSinkPort } from '../../platform/ports';
import type { AccountDirectory } from '../accounts/account-directory';
import { CLIPBOARD_CLEAR_MS, ClipboardGuard } from './clipboard-guard';
import { KeySecretsService } from './key-secrets.service';
import { KeysService } from './keys.service';

export interface KeyFeaturesOptions {
  readonly directory: AccountDirectory;
  readonly clipboard: ClipboardPort;
  readonly files: SecretFileSinkPort;
  readonly clock: Pick<Clock, 'now' | 'setTimer' | 'clearTimer'>;
  readonly log: Logger;
  /** The user's language, for the words main writes into an export. */
  readonly language?: () => Language;
  /** Where key records and whole keys the services obtain are told (key health's held keys); absent in most tests. */
  readonly keySink?: KeySink;
}

/** What key health learns from the key services: the records reads bring, and each whole key obtained. */
export interface KeySink {
  records(accountId: string, records: readonly (KeyRecord | SearchKeyRecord)[]): void;
  fullKey(accountId: string, id: number, key: string): void;
}

export function createKeyFeatures(options: KeyFeaturesOptions) {
  const { directory, clock } = options;
  const clipboard = new ClipboardGuard(
    options.clipboard,
    () => clock.now(),
    CLIPBOARD_CLEAR_MS,
    (fn, ms) => {
      const timer = clock.setTimer(ms, fn);
      return () => {
        clock.clearTimer(timer);
      };
    },
  );
  return {
    keys: new KeysService({
      directory,
      clock,
      log: options.log,
      ...(options.keySink ? { onRecords: options.keySink.records.bind(options.keySink) } : {}),
    }),
    secrets: new KeySecretsService({
      directory,
      clipboard,
      files: options.files,
      clock,
      log: options.log,
      ...(options.language ? { language: options.language } : {}),
      ...(options.keySink ? { onFullKey: options.keySink.fullKey.bind(options.keySink) } : {}),
    }),
    clipboard,
  };
}
