// The keys feature: list, search, edit, reveal, copy and export keys of the account directory, through the
// platform's clipboard (cleared later if still ours, and on quit) and save dialog.
import type { Core } from '../../core';
import { systemLanguage } from '../quota/quota.feature';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { createKeyFeatures, type KeySink } from './index';
import { registerKeysHandlers } from './keys.handlers';

/** The keys feature, with its services: the handoff feature reads keys and hands them on through the same guard. */
export interface KeysFeature extends Feature {
  readonly services: ReturnType<typeof createKeyFeatures>;
}

export function createKeysFeature(core: Core, directory: AccountDirectory, keySink?: KeySink): KeysFeature {
  const { platform } = core;
  const keys = createKeyFeatures({
    ...(keySink ? { keySink } : {}),
    directory,
    clipboard: platform.clipboard,
    files: platform.secretFiles,
    clock: platform.clock,
    log: core.log.child('keys'),
    language: () => core.settings.get().language ?? systemLanguage(),
  });
  return {
    services: keys,
    register: (router) => {
      registerKeysHandlers(router, keys.keys, keys.secrets);
    },
    dispose: () => {
      keys.clipboard.dispose();
    },
  };
}
