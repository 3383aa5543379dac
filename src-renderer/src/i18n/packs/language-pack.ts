// What one language pack holds: the first screen's messages and Naive UI's locale for that language (its date locale is a
// chunk of its own, load.ts).
import type { NLocale } from 'naive-ui';
import type { FirstMessages } from '../en-US';

export interface LanguagePack {
  /** The first screen's messages; the rest (later.ts) arrive once it is painted. */
  readonly messages: FirstMessages;
  readonly naive: NLocale;
}
