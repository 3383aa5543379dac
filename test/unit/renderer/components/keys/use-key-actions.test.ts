// @vitest-environment happy-dom
// The keys screen's actions deciding by main's reasons, not by wire field names: enabling a key main refuses as
// expired or exhausted offers extend-and-enable with the matching words; any other refusal is the error line.
import { mount, type VueWrapper } from '@vue/test-utils';
import type { DialogOptions } from 'naive-ui';
import { NMessageProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { ok, type AppError, type BatchOutcome, type KeyView } from '../../../../../src-shared/contract';
import { useKeyActions } from '../../../../../src-renderer/src/components/keys/use-key-actions';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { fake } from '../../fake-keydesk';
import { keyView } from '../../../../support/key-view';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const dialogs: { kind: string; options: DialogOptions }[] = [];
vi.mock('../../../../../src-renderer/src/composables/use-lazy-dialog', () => ({
  useLazyDialog: () => ({
    info: (options: DialogOptions) => dialogs.push({ kind: 'info', options }),
    warning: (options: DialogOptions) => dialogs.push({ kind: 'warning', options }),
    error: (options: DialogOptions) => dialogs.push({ kind: 'error', options }),
  }),
}));

type Actions = ReturnType<typeof useKeyActions>;

let wrapper: VueWrapper | undefined;
const opened: KeyView[] = [];

function mountActions(): Actions {
  let actions: Actions | undefined;
  const Host = defineComponent({
    setup() {
      actions = useKeyActions((k) => opened.push(k));
      return () => null;
    },
  });
  const pinia = createPinia();
  setActivePinia(pinia);
  wrapper = mount(() => h(NMessageProvider, () => h(Host)), {
    global: { plugins: [pinia, createAppI18n('en-US')] },
  });
  if (!actions) throw new Error('the host did not set up');
  return actions;
}

const refusedWith = (error: AppError) => () =>
  Promise.resolve(ok<BatchOutcome>({ succeeded: [], failed: [{ id: 7, error }] }));

beforeEach(() => {
  fake.reset();
  dialogs.length = 0;
  opened.length = 0;
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

describe('enabling a key main refuses to enable', () => {
  const key = keyView({ id: 7, state: 'disabled' });

  it('offers extend-and-enable for the expiry when main says expired (no wire field needed)', async () => {
    fake.override(
      'keys:setStatus',
      refusedWith({ code: 'validation', reason: 'key.enable_expired', retryable: false }),
    );
    const actions = mountActions();
    await actions.setStatus('a', [7], true, key);
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]?.options.content).toContain('It has expired');
    expect(actions.actionError.value).toBeNull();
    void dialogs[0]?.options.onPositiveClick?.(new MouseEvent('click'));
    expect(opened).toEqual([key]);
  });

  it('words an exhausted key as such', async () => {
    fake.override(
      'keys:setStatus',
      refusedWith({ code: 'validation', reason: 'key.enable_exhausted', retryable: false }),
    );
    const actions = mountActions();
    await actions.setStatus('a', [7], true, key);
    expect(dialogs[0]?.options.content).toContain('no quota left');
  });

  it('shows any other refusal on the error line, with no offer', async () => {
    // A refusal naming the wire field but not the reason is not an enable refusal.
    const other: AppError = { code: 'validation', field: 'expired_time', retryable: false };
    fake.override('keys:setStatus', refusedWith(other));
    const actions = mountActions();
    await actions.setStatus('a', [7], true, key);
    expect(dialogs).toHaveLength(0);
    expect(actions.actionError.value).toMatchObject({ code: 'validation', params: { keyId: 7 } });
  });
});
