// zh-CN messages: the files Keydesk wrote with full keys in them (Settings).
import type { MessageSchema } from '../en-US';

export const exports: MessageSchema['exports'] = {
  title: '含完整密钥的文件',
  hint: '导出的密钥和保存为文件的代码片段中含有完整密钥。Keydesk 会列出它写入的每个文件，并且只在文件仍与写入时完全一致时才会删除。',
  deleteAfter: '在写入',
  days: '天后删除',
  keepPlaceholder: '从不',
  keptNow: '保留，直到你删除。',
  deletedNow: '写入 {n} 天后删除。',
  none: 'Keydesk 尚未写入含完整密钥的文件，或都已删除。',
  kinds: { keys: '密钥导出', snippet: '代码片段' },
  states: { present: '含密钥', changed: '已被改动', missing: '已不存在' },
  bytes: '{n} 字节',
  kilobytes: '{n} KB',
  delete: '删除',
  forget: '从列表移除',
};
