// Which UI language to use: the user's choice, else the system language (zh* → zh-CN, anything else → en-US).
import type { Language } from '../../../src-shared/contract';

/** Maps a BCP 47 tag from the system (navigator.language) to a language Keydesk ships. */
export function languageFromSystem(tag: string | undefined): Language {
  return tag?.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** The user's choice wins; null means "follow the system". */
export function resolveLanguage(chosen: Language | null, systemTag: string | undefined): Language {
  return chosen ?? languageFromSystem(systemTag);
}

/** Language names are shown in their own language, whatever the UI language is. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  'zh-CN': '中文',
  'en-US': 'English',
};
