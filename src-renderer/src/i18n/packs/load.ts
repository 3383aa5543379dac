// Language packs loaded on demand: the shown language before the first paint, another one when the user picks it.
// Each pack is its own chunk, so the first screen carries one language, not both.
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
