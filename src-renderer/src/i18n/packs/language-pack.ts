// What one language pack holds: the app's messages and Naive UI's locale for that language (its date locale is a
// chunk of its own, load.ts).
import type { NLocale } from 'naive-ui';
import type { MessageSchema } from '../en-US';

export interface LanguagePack {
  readonly messages: MessageSchema;
  readonly naive: NLocale;
}
