// The Simplified Chinese language pack: Keydesk's messages with Naive UI's own and its date locale, as one chunk.
import { dateZhCN, zhCN } from 'naive-ui';
import messages from '../zh-CN';
import type { LanguagePack } from './language-pack';

const pack: LanguagePack = { messages, naive: zhCN, naiveDate: dateZhCN };
export default pack;
