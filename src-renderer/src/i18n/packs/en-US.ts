// The English language pack: Keydesk's messages with Naive UI's own and its date locale, loaded as one chunk.
import { dateEnUS, enUS } from 'naive-ui';
import messages from '../en-US';
import type { LanguagePack } from './language-pack';

const pack: LanguagePack = { messages, naive: enUS, naiveDate: dateEnUS };
export default pack;
