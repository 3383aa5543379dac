// Simplified Chinese (zh-CN) messages. Typed by the en-US schema, so a missing or extra key fails to compile. The app
// loads them in two parts (first.ts with the language pack, later.ts once the first screen is painted).
import type { MessageSchema } from '../en-US';
import first from './first';
import later from './later';

const zhCN: MessageSchema = { ...first, ...later };

export default zhCN;
