// Naive UI's dialogs (warning, info, error) without NDialogProvider on the first screen: the first call mounts
// DialogHost's provider (loading Naive UI's dialog, modal and card then), and every call is answered once it is there.
import type { DialogApi, DialogOptions } from 'naive-ui';
import { ref } from 'vue';

/** Set by the first call; DialogHost mounts the provider from then on. */
export const isDialogHostWanted = ref(false);

let giveApi: (api: DialogApi) => void;
let api: Promise<DialogApi>;
/** A new promise for the next provider: calls made while there is none wait for it. */
function expectApi(): void {
  api = new Promise<DialogApi>((resolve) => (giveApi = resolve));
}
expectApi();

/** Called by the provider's child once mounted: the useDialog() of the app's one dialog provider. */
export function provideDialogApi(dialog: DialogApi): void {
  giveApi(dialog);
}

/** Called by the provider's child when it unmounts (tests mount the app's root more than once). */
export function withdrawDialogApi(): void {
  expectApi();
}

type Kind = 'warning' | 'info' | 'error';

export interface LazyDialog {
  warning(options: DialogOptions): void;
  info(options: DialogOptions): void;
  error(options: DialogOptions): void;
}

export function useLazyDialog(): LazyDialog {
  const open = (kind: Kind, options: DialogOptions): void => {
    isDialogHostWanted.value = true;
    void api.then((dialog) => dialog[kind](options));
  };
  return {
    warning: (options) => open('warning', options),
    info: (options) => open('info', options),
    error: (options) => open('error', options),
  };
}
