// Main-side words of a key export (CSV column names, "never" for a key that does not expire), in both languages:
// main writes the file, so it words it in the user's chosen language. A test keeps the two key for key.
import type { Language } from '../../../src-shared/contract';

/** The CSV columns of an export row, in file order. */
export const CSV_COLUMNS = [
  'id',
  'name',
  'key',
  'group',
  'state',
  'unlimited',
  'remainQuotaUnits',
  'remainAmount',
  'usedQuotaUnits',
  'expires',
  'modelLimits',
  'allowIps',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export interface ExportStrings {
  readonly columns: Readonly<Record<CsvColumn, string>>;
  readonly never: string;
  /** The save dialog's title. */
  readonly dialogTitle: string;
}

export const EXPORT_STRINGS: Readonly<Record<Language, ExportStrings>> = {
  'en-US': {
    columns: {
      id: 'ID',
      name: 'Name',
      key: 'Key',
      group: 'Group',
      state: 'State',
      unlimited: 'Unlimited',
      remainQuotaUnits: 'Remaining (units)',
      remainAmount: 'Remaining (amount)',
      usedQuotaUnits: 'Used (units)',
      expires: 'Expires',
      modelLimits: 'Model limits',
      allowIps: 'Allowed IPs',
    },
    never: 'never',
    dialogTitle: 'Export keys',
  },
  'zh-CN': {
    columns: {
      id: 'ID',
      name: '名称',
      key: '密钥',
      group: '分组',
      state: '状态',
      unlimited: '无限额度',
      remainQuotaUnits: '剩余额度（单位）',
      remainAmount: '剩余金额',
      usedQuotaUnits: '已用额度（单位）',
      expires: '过期时间',
      modelLimits: '模型限制',
      allowIps: 'IP 白名单',
    },
    never: '永不过期',
    dialogTitle: '导出密钥',
  },
};
