// @vitest-environment happy-dom
// The add form in the app: problems are marked on their fields before anything is sent, a valid form sends the
// draft main expects, the server's refusal is shown in place, and a second factor opens the code dialog.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import { fail, ok } from '../../../../src-shared/contract';
import App from '../../../../src-renderer/src/App.vue';
import SecondFactorDialog from '../../../../src-renderer/src/components/SecondFactorDialog.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { fake } from '../fake-keydesk';
import { accountView } from '../account-fixtures';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

let wrapper: VueWrapper | undefined;

async function openAddForm(): Promise<void> {
  const router = createAppRouter(createMemoryHistory());
  await router.push('/accounts?add=1');
  wrapper = mount(App, {
    attachTo: document.body,
    global: { plugins: [createPinia(), createAppI18n('en-US'), router] },
  });
  await router.isReady();
  await vi.waitFor(() => {
    expect(document.querySelector('[data-testid=account-form]')).not.toBeNull();
  });
  await flushPromises();
}

const field = (testid: string): HTMLInputElement => {
  const input = document.querySelector<HTMLInputElement>(`[data-testid=${testid}] input`);
  if (!input) throw new Error(`no input ${testid}`);
  return input;
};
async function type(testid: string, value: string): Promise<void> {
  const input = field(testid);
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}
async function click(testid: string): Promise<void> {
  const element = document.querySelector<HTMLElement>(`[data-testid=${testid}]`);
  if (!element) throw new Error(`no ${testid}`);
  element.click();
  await flushPromises();
}
const formText = (): string => document.querySelector('[data-testid=account-form]')?.textContent ?? '';

beforeEach(() => {
  fake.reset();
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('account form', () => {
  it('marks missing and malformed fields and sends nothing', async () => {
    await openAddForm();
    await type('account-base-url', 'gateway.example.com');
    await type('account-warn', '0.000003');
    await click('account-submit');
    expect(formText()).toContain('Required.');
    expect(formText()).toContain('Not a web address');
    expect(formText()).toContain('Too many decimals');
    expect(fake.callsTo('accounts:add')).toEqual([]);
  });

  it('sends the draft, shows the server’s refusal in place, and closes once added', async () => {
    await openAddForm();
    await type('account-label', 'Work');
    await type('account-base-url', 'https://gw.example.com/api/');
    await type('account-username', 'alice');
    await type('account-password', 'pw');
    await type('account-warn', '5');
    fake.override('accounts:add', () =>
      Promise.resolve(fail({ code: 'auth.unauthorized', serverMessage: 'username or password is wrong' })),
    );
    await click('account-submit');
    expect(fake.callsTo('accounts:add')).toEqual([
      {
        label: 'Work',
        baseUrl: 'https://gw.example.com',
        apiUrl: '',
        credential: { kind: 'password', username: 'alice', password: 'pw', remember: true },
        thresholds: { warnUnits: 2_500_000, criticalUnits: null },
      },
    ]);
    const error = document.querySelector('[data-testid=account-form-error]');
    expect(error?.getAttribute('data-error-code')).toBe('auth.unauthorized');
    expect(error?.textContent).toContain('username or password is wrong');

    fake.override('accounts:add', () => Promise.resolve(ok({ status: 'done', account: accountView({ id: 'w' }) })));
    await click('account-submit');
    // Listed at once from main's answer (the modal's leave transition never ends in happy-dom).
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=account-item][data-account-id=w]')).not.toBeNull();
    });
  });

  it('clears a failed Add’s error once Test connection passes, so a stale failure does not sit beside a success', async () => {
    await openAddForm();
    await type('account-label', 'Work');
    await type('account-base-url', 'https://gw.example.com');
    await type('account-username', 'alice');
    await type('account-password', 'pw');
    fake.override('accounts:add', () =>
      Promise.resolve(fail({ code: 'auth.unauthorized', serverMessage: 'username or password is wrong' })),
    );
    await click('account-submit');
    expect(document.querySelector('[data-testid=account-form-error]')).not.toBeNull();

    fake.override('accounts:test', () =>
      Promise.resolve(
        ok({
          displayName: 'alice',
          balanceUnits: 500_000,
          money: { displayType: 'CNY', quotaPerUnit: 500_000, rate: '1', symbol: '¥', price: '1' },
        }),
      ),
    );
    await click('account-test');
    expect(document.querySelector('[data-testid=account-test-result]')).not.toBeNull();
    expect(document.querySelector('[data-testid=account-form-error]')).toBeNull();
    expect(formText()).not.toContain('username or password is wrong');
  });

  it('sends a yuan rate typed with the new account, and shows the tested balance in the site currency', async () => {
    await openAddForm();
    await type('account-label', 'Relay');
    await type('account-base-url', 'https://relay.example.com');
    await type('account-username', 'alice');
    await type('account-password', 'pw');
    await type('account-yuan-rate', '0.85');
    fake.override('accounts:test', () =>
      Promise.resolve(
        ok({
          displayName: 'alice',
          balanceUnits: 5_000_000,
          money: { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '1' },
        }),
      ),
    );
    await click('account-test');
    expect(document.querySelector('[data-testid=account-test-balance]')?.textContent).toContain('$10.00');
    fake.override('accounts:add', () => Promise.resolve(fail({ code: 'network' })));
    await click('account-submit');
    expect(fake.callsTo('accounts:add')).toEqual([expect.objectContaining({ yuanPerUsd: '0.85' })]);
  });

  it('asks for the second factor and answers the challenge', async () => {
    await openAddForm();
    await type('account-label', 'Work');
    await type('account-base-url', 'https://gw.example.com');
    await type('account-username', 'alice');
    await type('account-password', 'pw');
    fake.override('accounts:add', () =>
      Promise.resolve(ok({ status: 'second_factor', challengeId: 'ch-1', method: '2fa', methods: [] })),
    );
    fake.override('accounts:answerChallenge', () =>
      Promise.resolve(ok({ status: 'done', account: accountView({ id: 'w', label: 'Work' }) })),
    );
    await click('account-submit');
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=second-factor-dialog]')).not.toBeNull();
    });
    await type('second-factor-code', '123456');
    await click('second-factor-submit');
    expect(fake.callsTo('accounts:answerChallenge')).toEqual([{ challengeId: 'ch-1', code: '123456' }]);
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=account-item][data-account-id=w]')).not.toBeNull();
    });
    // The step closes with the form (its modal's leave never ends in this DOM, so its challenge is what is read).
    expect(wrapper?.findComponent(SecondFactorDialog).props('challenge')).toBeNull();
  });
});
