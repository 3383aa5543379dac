// @vitest-environment happy-dom
// A validation error that names no field the user could find (main named none, or only a path inside a request, or
// names it beside the params only) is worded without an empty or technical name, in both languages, and its remedy
// does not send the user to a marked field; one that names a field we have words for still names it.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../src-shared/contract';
import ErrorAlert from '../../../../src-renderer/src/components/ErrorAlert.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';

const textOf = (error: AppError, language: 'en-US' | 'zh-CN') =>
  mount(ErrorAlert, { props: { error }, global: { plugins: [createAppI18n(language)] } }).text();

describe('ErrorAlert for a validation error without a field to name', () => {
  it.each<[string, AppError]>([
    ['no field at all', { code: 'validation', reason: 'input.invalid', params: {} }],
    ['no params either', { code: 'validation', reason: 'input.invalid' }],
    ['a path inside the request', { code: 'validation', reason: 'input.invalid', params: { field: 'accounts.0.id' } }],
    ['a field beside the params only', { code: 'validation', reason: 'input.invalid', field: 'document' }],
    ['no reason', { code: 'validation' }],
  ])('words %s without an empty name, in both languages', (_, error) => {
    const en = textOf(error, 'en-US');
    expect(en).toContain('Some input was not accepted.');
    expect(en).toContain('Check what you entered and try again.');
    expect(en).not.toMatch(/“|”|marked field|accounts\.0|document/);
    const zh = textOf(error, 'zh-CN');
    expect(zh).toContain('部分输入未被接受。');
    expect(zh).toContain('请检查输入的内容后重试。');
    expect(zh).not.toMatch(/“|”|标出|accounts\.0|document/);
  });

  it('says a limit it knows without a field: “a value needs at least 10 characters”', () => {
    const error: AppError = { code: 'validation', reason: 'input.too_short', params: { min: 10 } };
    expect(textOf(error, 'en-US')).toContain('A value needs at least 10 characters.');
    expect(textOf(error, 'zh-CN')).toContain('有一个值至少需要 10 个字符。');
  });

  it('still names a field it has words for, in params or beside them', () => {
    const inParams: AppError = {
      code: 'validation',
      reason: 'input.too_short',
      params: { field: 'passphrase', min: 10 },
    };
    expect(textOf(inParams, 'en-US')).toContain('“passphrase” needs at least 10 characters.');
    expect(textOf(inParams, 'zh-CN')).toContain('“口令”至少需要 10 个字符。');
    const beside: AppError = { code: 'validation', reason: 'input.invalid', field: 'username' };
    expect(textOf(beside, 'en-US')).toContain('The value of “user name” was not accepted.');
    expect(textOf(beside, 'en-US')).toContain('Correct the marked field and try again.');
    expect(textOf(beside, 'zh-CN')).toContain('“用户名”的值未被接受。');
  });
});
