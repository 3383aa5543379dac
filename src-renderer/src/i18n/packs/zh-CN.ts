// The Simplified Chinese language pack: the first screen's messages with Naive UI's own (its date locale is date-zh-CN.ts), as one chunk.
import { zhCN } from 'naive-ui';
import messages from '../zh-CN/first';
import type { LanguagePack } from './language-pack';

const pack: LanguagePack = { messages, naive: zhCN };
export default pack;
