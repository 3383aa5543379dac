// What one language pack holds: the app's messages and Naive UI's locale and date locale for that language.
import type { NDateLocale, NLocale } from 'naive-ui';
import type { MessageSchema } from '../en-US';

export interface LanguagePack {
  readonly messages: MessageSchema;
  readonly naive: NLocale;
  readonly naiveDate: NDateLocale;
}
