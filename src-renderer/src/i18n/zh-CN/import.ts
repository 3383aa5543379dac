// zh-CN messages: importing accounts from a file (an All API Hub backup or a CSV).
import type { MessageSchema } from '../en-US';

export const importAccounts: MessageSchema['importAccounts'] = {
  action: '导入账户…',
  title: '导入账户',
  intro:
    '选择一个 {product} 备份（JSON）或含有 name、base_url、kind、credential 列的 CSV。确认之前不会添加任何内容；每个账户都会先向其站点验证。',
  choose: '选择文件…',
  reading: '正在读取文件…',
  file: '文件：{name}',
  formats: { all_api_hub: '{product} 备份', csv: 'CSV' },
  counts: {
    add: '将添加：{n}',
    duplicate: '已存在：{n}',
    refused: '已拒绝：{n}',
  },
  columns: {
    row: '#',
    name: '名称',
    address: '地址',
    kind: '类型',
    user: '用户',
    outcome: '结果',
  },
  outcomes: { add: '添加', duplicate: '重复', refused: '拒绝' },
  duplicateNote: '地址和用户与 Keydesk 中已有的账户或前面的某一行相同。',
  unknown: '未知',
  confirm: '导入 {n} 个账户',
  cancel: '取消',
  moreRows: '下面列出前 {shown} 行（不接受的行在前）；另外 {more} 行已计入上面的数量。',
  progress: {
    checking: '正在向各站点核对账户：{done} / {total}…',
    writing: '正在保存 {total} 个账户…',
  },
  close: '关闭',
  chooseOther: '选择其他文件',
  report: {
    summary: '已添加 {added} 个，失败 {failed} 个，跳过 {skipped} 个。',
    added: '已添加',
    failed: '失败',
    skipped: '已跳过',
  },
  previewFailed: '无法读取此文件。',
  importFailed: '导入未执行。',
};
