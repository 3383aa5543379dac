// The vue-i18n instance (composition mode) built from the language packs already loaded; typed by the en-US schema.
import { createI18n } from 'vue-i18n';
import type { Language } from '../../../src-shared/contract';
import type { MessageSchema } from './en-US';

declare module 'vue-i18n' {
  // Typed keys for t() everywhere: a wrong or missing key is a compile error.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends MessageSchema {}
}

export function createI18nWith(locale: Language, messages: Partial<Record<Language, MessageSchema>>) {
  return createI18n<[MessageSchema], Language, false>({
    // Composition mode. The option is deprecated only because v12 drops legacy mode, which makes this the default.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    legacy: false,
    locale,
    fallbackLocale: 'en-US',
    messages: messages as Record<Language, MessageSchema>,
    // Missing keys are caught by the type checker and the i18n unit test, not at run time in the console.
    missingWarn: false,
    fallbackWarn: false,
  });
}
