// The vue-i18n instance (composition mode) built from the language packs already loaded; typed by the en-US schema.
import { createI18n, type MessageCompiler } from 'vue-i18n';
import type { Language } from '../../../src-shared/contract';
import type { MessageSchema } from './en-US';

declare module 'vue-i18n' {
  // Typed keys for t() everywhere: a wrong or missing key is a compile error.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends MessageSchema {}
}

/**
 * For messages the build compiled (scripts/vite-precompile-messages.ts): a function is used as it is and never comes
 * here; a string is plain text already, so it reads as itself.
 */
const precompiledText: MessageCompiler = (message) => () => (typeof message === 'string' ? message : '');

/** `isPrecompiled`: the build's packs (the app); tests hand in the source messages, which vue-i18n compiles. */
export function createI18nWith(
  locale: Language,
  messages: Partial<Record<Language, MessageSchema>>,
  options: { readonly isPrecompiled?: boolean } = {},
) {
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
    ...(options.isPrecompiled === true ? { messageCompiler: precompiledText } : {}),
  });
}
