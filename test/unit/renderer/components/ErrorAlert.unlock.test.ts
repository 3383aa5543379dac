// @vitest-environment happy-dom
// An error that a locked vault caused (its passphrase not entered since the start) offers the unlock where it shows,
// unless the place gives its own action; any other vault refusal (a wrong passphrase, a failing backend) does not.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import type { AppError } from '../../../../src-shared/contract';
import ErrorAlert from '../../../../src-renderer/src/components/ErrorAlert.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';

const WAITING: AppError = { code: 'vault.locked', reason: 'vault.passphrase_not_entered' };

const alertFor = (error: AppError, language: 'en-US' | 'zh-CN' = 'en-US', slots = {}) =>
  mount(ErrorAlert, { props: { error }, slots, global: { plugins: [createAppI18n(language)] } });

describe('ErrorAlert and a vault waiting for its passphrase', () => {
  it('offers Unlock vault, in the chosen language', () => {
    expect(alertFor(WAITING).get('[data-testid=error-unlock-vault]').text()).toBe('Unlock vault');
    expect(alertFor(WAITING, 'zh-CN').get('[data-testid=error-unlock-vault]').text()).toBe('解锁保险库');
  });

  it('does not offer it for a vault refusal that unlocking does not fix', () => {
    for (const reason of ['vault.refused', 'vault.wrong_passphrase', 'vault.backend_unavailable'] as const) {
      expect(alertFor({ code: 'vault.locked', reason }).find('[data-testid=error-unlock-vault]').exists()).toBe(false);
    }
  });

  it('leaves it to the place showing the error when that place gives its own action', () => {
    const w = alertFor(WAITING, 'en-US', { actions: () => h('button', { 'data-testid': 'own' }, 'Unlock vault') });
    expect(w.find('[data-testid=own]').exists()).toBe(true);
    expect(w.find('[data-testid=error-unlock-vault]').exists()).toBe(false);
  });
});
