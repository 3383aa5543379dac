// The keys feature: list, search, edit, reveal, copy and export keys of the account directory, through the
// platform's clipboard (cleared later if still ours, and on quit) and save dialog.
import type { Core } from '../../core';
import type { SecretFileSinkPort } from '../../platform/ports';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { createKeyFeatures, type KeySink } from './index';
import { registerKeysHandlers } from './keys.handlers';

/** The keys feature, with its services: the handoff feature reads keys and hands them on through the same guard. */
export interface KeysFeature extends Feature {
  readonly services: ReturnType<typeof createKeyFeatures>;
}

/** `files` is where exports go: the platform's sink, through the exports feature's record of files with keys. */
export interface KeysDeps {
  readonly directory: AccountDirectory;
  /** Where an exported key file goes: the exports feature's recording sink, so it is listed and deleted in time. */
  readonly files: SecretFileSinkPort;
  /** Told of each key Keydesk comes to hold (the health checks use only those). */
  readonly keySink?: KeySink;
}

export function createKeysFeature(core: Core, { directory, files, keySink }: KeysDeps): KeysFeature {
  const { platform } = core;
  const keys = createKeyFeatures({
    ...(keySink ? { keySink } : {}),
    directory,
    clipboard: platform.clipboard,
    files,
    clock: platform.clock,
    log: core.log.child('keys'),
    language: () => core.language(),
  });
  return {
    services: keys,
    register: (router) => {
      registerKeysHandlers(router, keys.keys, keys.secrets);
    },
    // The clipboard is the shutdown's own first step (app.ts), before any feature's dispose.
    dispose: () => undefined,
  };
}
