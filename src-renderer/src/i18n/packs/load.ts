// Language packs loaded on demand: the shown language before the first paint, another one when the user picks it.
// Each pack is its own chunk, so the first screen carries one language, not both, and only the first screen's words:
// the words of the other screens (settings' cards, backups, imports, updates, sync) are a second chunk per language,
// merged into vue-i18n when something first shows them, which awaits them (the router leaving All keys, the update prompt). Naive UI's date locales (date-fns's
// words for the pickers, which only dialogs draw) are chunks of their own, asked for after the first paint.
import type { NDateLocale } from 'naive-ui';
import { shallowReactive } from 'vue';
import type { Language } from '../../../../src-shared/contract';
import type { LaterMessages } from '../en-US';
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

const LATER_LOADERS: Readonly<Record<Language, () => Promise<{ default: LaterMessages }>>> = {
  'en-US': () => import('./later-en-US'),
  'zh-CN': () => import('./later-zh-CN'),
};
const pendingLater = new Map<Language, Promise<LaterMessages>>();

function loadLaterMessages(language: Language): Promise<LaterMessages> {
  let promise = pendingLater.get(language);
  if (!promise) {
    promise = LATER_LOADERS[language]().then(
      ({ default: later }) => later,
      (error: unknown) => {
        pendingLater.delete(language);
        throw error;
      },
    );
    pendingLater.set(language, promise);
  }
  return promise;
}

/** What of vue-i18n's global composer the installing needs (its message typing is the whole schema's). */
export interface MessageHolder {
  readonly availableLocales: readonly string[];
  setLocaleMessage(locale: Language, messages: unknown): void;
  mergeLocaleMessage(locale: Language, messages: unknown): void;
}

const merged = new WeakMap<MessageHolder, Set<Language>>();

/**
 * The language's words complete in vue-i18n: its pack (set first when the language is not there yet, so a merge never
 * stands in for it) and the later messages merged in, once per language. vue-i18n merges into the object it holds:
 * it is always given a copy of the pack's, which stays the first screen's words alone.
 */
export async function ensureAllMessages(holder: MessageHolder, language: Language): Promise<void> {
  const [pack, later] = await Promise.all([loadPack(language), loadLaterMessages(language)]);
  let done = merged.get(holder);
  if (!done) {
    done = new Set();
    merged.set(holder, done);
  }
  if (done.has(language)) return;
  if (!holder.availableLocales.includes(language)) holder.setLocaleMessage(language, { ...pack.messages });
  holder.mergeLocaleMessage(language, later);
  done.add(language);
}
