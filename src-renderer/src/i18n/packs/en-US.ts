// The English language pack: the first screen's messages with Naive UI's own (its date locale is date-en-US.ts), loaded as one chunk.
import { enUS } from 'naive-ui';
import messages from '../en-US/first';
import type { LanguagePack } from './language-pack';

const pack: LanguagePack = { messages, naive: enUS };
export default pack;
