// The key features (issue 6) built from their ports: keys, key secrets, account info, and the clipboard guard
// whose dispose (on quit) clears a key still on the clipboard.
import type { Language } from '../../../src-shared/contract';
import type { ClockPort } from '../../gateway';
import type { Logger } from '../../log/logger';
import type { ClipboardPort, SecretFileSinkPort } from '../../platform/ports';
import type { AccountDirectory } from '../accounts/account-directory';
import { AccountInfoService } from '../account-info/account-info.service';
import { ClipboardGuard } from './clipboard-guard';
import { KeySecretsService } from './key-secrets.service';
import { KeysService } from './keys.service';

export interface KeyFeaturesOptions {
  readonly directory: AccountDirectory;
  readonly clipboard: ClipboardPort;
  readonly files: SecretFileSinkPort;
  readonly clock: Pick<ClockPort, 'now'>;
  readonly log: Logger;
  /** The user's language, for the words main writes into an export. */
  readonly language?: () => Language;
}

export function createKeyFeatures(options: KeyFeaturesOptions) {
  const { directory, clock } = options;
  const clipboard = new ClipboardGuard(options.clipboard, () => clock.now());
  return {
    keys: new KeysService({ directory, clock, log: options.log }),
    secrets: new KeySecretsService({
      directory,
      clipboard,
      files: options.files,
      clock,
      log: options.log,
      ...(options.language ? { language: options.language } : {}),
    }),
    info: new AccountInfoService({ directory, clock }),
    clipboard,
  };
}

export type KeyFeatures = ReturnType<typeof createKeyFeatures>;
