// Both languages' messages at once, and the vue-i18n instance holding both (tests and checks). The app itself loads
// only the language it shows (packs/load.ts), so the other one stays out of the first screen's bundle.
import type { Language } from '../../../src-shared/contract';
import enUS, { type MessageSchema } from './en-US';
import { createI18nWith } from './setup';
import zhCN from './zh-CN';

export const messages: Readonly<Record<Language, MessageSchema>> = { 'en-US': enUS, 'zh-CN': zhCN };

export function createAppI18n(locale: Language) {
  return createI18nWith(locale, messages);
}

export type AppI18n = ReturnType<typeof createAppI18n>;
