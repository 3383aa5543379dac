// An export's CSV is worded in the user's language: its header row and "never", in both languages, key for key.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../../src-shared/contract';
import { CSV_COLUMNS, EXPORT_STRINGS } from '../../../../../src-main/features/keys/export-strings';
import { toCsv } from '../../../../../src-main/features/keys/key-secrets.service';

const row = {
  id: 7,
  name: 'main',
  key: 'sk-abc',
  group: 'default',
  state: 'enabled',
  unlimited: false,
  remainQuotaUnits: 500_000,
  remainAmount: '1',
  usedQuotaUnits: 0,
  expires: EXPORT_STRINGS['zh-CN'].never,
  modelLimits: '',
  allowIps: '',
} as const;

describe('export strings', () => {
  it.each(LANGUAGES)('%s names every column, none empty', (language) => {
    const words = EXPORT_STRINGS[language];
    expect(Object.keys(words.columns).sort()).toEqual([...CSV_COLUMNS].sort());
    expect(Object.values(words.columns).filter((w) => w.trim() === '')).toEqual([]);
    expect(words.never.trim()).not.toBe('');
  });

  it('writes the header row in the chosen language, the values as they are', () => {
    const [header, line] = toCsv([row], EXPORT_STRINGS['zh-CN']).split('\r\n');
    expect(header).toBe(
      'ID,名称,密钥,分组,状态,无限额度,剩余额度（单位）,剩余金额,已用额度（单位）,过期时间,模型限制,IP 白名单',
    );
    expect(line).toBe('7,main,sk-abc,default,enabled,false,500000,1,0,永不过期,,');
    expect(toCsv([row]).split('\r\n')[0]).toBe(
      'ID,Name,Key,Group,State,Unlimited,Remaining (units),Remaining (amount),Used (units),Expires,Model limits,Allowed IPs',
    );
  });
});
