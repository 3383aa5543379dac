// Language packs loaded on demand: the shown language before the first paint, another one when the user picks it.
// Each pack is its own chunk, so the first screen carries one language, not both. Naive UI's date locales (date-fns's
// words for the pickers, which only dialogs draw) are chunks of their own, asked for after the first paint.
import type { NDateLocale } from 'naive-ui';
import { shallowReactive } from 'vue';
import type { Language } from '../../../../src-shared/contract';
import type { LanguagePack } from './language-pack';

const LOADERS: Readonly<Record<Language, () => Promise<{ default: LanguagePack }>>> = {
  'en-US': () => import('./en-US'),
  'zh-CN': () => import('./zh-CN'),
};

/** The packs loaded so far (reactive: the appearance switches once a pack has arrived). */
export const loadedPacks = shallowReactive(new Map<Language, LanguagePack>());
const pending = new Map<Language, Promise<LanguagePack>>();

export function loadPack(language: Language): Promise<LanguagePack> {
  const loaded = loadedPacks.get(language);
  if (loaded) return Promise.resolve(loaded);
  let promise = pending.get(language);
  if (!promise) {
    promise = LOADERS[language]().then(
      ({ default: pack }) => {
        loadedPacks.set(language, pack);
        pending.delete(language);
        return pack;
      },
      (error: unknown) => {
        pending.delete(language);
        throw error;
      },
    );
    pending.set(language, promise);
  }
  return promise;
}

const DATE_LOADERS: Readonly<Record<Language, () => Promise<{ default: NDateLocale }>>> = {
  'en-US': () => import('./date-en-US'),
  'zh-CN': () => import('./date-zh-CN'),
};

/** The date locales loaded so far (reactive, like the packs). */
export const loadedDateLocales = shallowReactive(new Map<Language, NDateLocale>());
const pendingDates = new Map<Language, Promise<NDateLocale>>();

export function loadDateLocale(language: Language): Promise<NDateLocale> {
  const loaded = loadedDateLocales.get(language);
  if (loaded) return Promise.resolve(loaded);
  let promise = pendingDates.get(language);
  if (!promise) {
    promise = DATE_LOADERS[language]().then(
      ({ default: locale }) => {
        loadedDateLocales.set(language, locale);
        pendingDates.delete(language);
        return locale;
      },
      (error: unknown) => {
        pendingDates.delete(language);
        throw error;
      },
    );
    pendingDates.set(language, promise);
  }
  return promise;
}
