// English (en-US) messages, one file per section of the screen. This object's shape is the message schema:
// zh-CN must match it key for key. The app loads them in two parts (first.ts with the language pack, later.ts once
// the first screen is painted); tests and checks take the whole.
import first from './first';
import later from './later';

const enUS = { ...first, ...later };

export type MessageSchema = typeof enUS;
export type { FirstMessages } from './first';
export type { LaterMessages } from './later';
export default enUS;
