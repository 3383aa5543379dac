// @vitest-environment happy-dom
// The renderer's parts of "balances where people already look": Settings › Agents (MCP) lists the accounts with key
// lists, every ability off until switched, and switches one through main; the alert drawer says what an agent was
// handed, naming the client; the Account page's site warning shows what the site holds without a secret, says what a
// switch of channel and a save would reset, and writes with the address typed — then forgets it.
import { flushPromises, mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { createMemoryHistory } from 'vue-router';
import { ok, type AgentAlertView, type SiteNotifyView } from '../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY, formatMoney } from '../../../../src-shared/units';
import AgentsCard from '../../../../src-renderer/src/components/AgentsCard.vue';
import AlertDrawer from '../../../../src-renderer/src/components/AlertDrawer.vue';
import SiteWarningCard from '../../../../src-renderer/src/components/SiteWarningCard.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { useAlertsStore } from '../../../../src-renderer/src/stores/alerts.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
  document.body.innerHTML = '';
});

const wrap = (component: object, props: Record<string, unknown> = {}, language: 'en-US' | 'zh-CN' = 'en-US') =>
  mount(
    { render: () => h(NConfigProvider, null, () => h(component, props)) },
    { attachTo: document.body, global: { plugins: [createAppI18n(language)] } },
  );

describe('AgentsCard', () => {
  it('lists the accounts with key lists, all off, and switches one ability of one account through main', async () => {
    fake.override('accounts:list', () =>
      Promise.resolve(
        ok(
          snapshotOf([
            accountView({ id: 'a', label: 'Work' }),
            accountView({ id: 'b', label: 'Home', kind: 'access_token' }),
            accountView({ id: 'k', label: 'Watched', kind: 'api_key' }),
          ]),
        ),
      ),
    );
    fake.override('agents:access', () => Promise.resolve(ok({ accounts: {} })));
    fake.override('agents:setAbility', () =>
      Promise.resolve(ok({ accounts: { b: { reveal: false, disable: true } } })),
    );
    await useAccountsStore().hydrate();
    const card = wrap(AgentsCard);
    await flushPromises();
    expect(card.findAll('tbody tr').map((row) => row.find('th').text())).toEqual(['Work', 'Home']);
    expect(card.findAll('.n-switch--active')).toHaveLength(0);
    expect(card.text()).toContain('Watched keys have no key list');
    await card.get('[data-testid=agents-disable-b]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('agents:setAbility')).toEqual([{ accountId: 'b', ability: 'disable', isOn: true }]);
    expect(card.get('[data-testid=agents-disable-b]').classes()).toContain('n-switch--active');
    expect(card.get('[data-testid=agents-reveal-b]').classes()).not.toContain('n-switch--active');
  });
});

describe('the alert drawer', () => {
  it('says which key an agent was handed or disabled, and by which client, in both languages', async () => {
    const alert = (over: Partial<AgentAlertView>): AgentAlertView => ({
      id: over.id ?? '1',
      kind: 'agent',
      accountId: 'a',
      accountLabel: 'Work',
      episodeKey: `agent:${over.id ?? '1'}`,
      raisedAt: Date.now(),
      isAcknowledged: false,
      action: 'reveal',
      keyId: 3,
      keyName: 'ci-bot',
      client: 'claude-code',
      ...over,
    });
    for (const [language, handed, disabled] of [
      ['en-US', 'ci-bot: its full key was handed to claude-code', 'ci-bot: disabled by an unnamed agent'],
      ['zh-CN', 'ci-bot：完整密钥已交给 claude-code', 'ci-bot：已被 未具名的智能体 停用'],
    ] as const) {
      setActivePinia(createPinia());
      useAlertsStore().alerts = [alert({ id: '2', action: 'disable', client: null }), alert({})];
      const router = createAppRouter(createMemoryHistory());
      const drawer = mount(
        { render: () => h(NConfigProvider, null, () => h(AlertDrawer, { show: true })) },
        { attachTo: document.body, global: { plugins: [createAppI18n(language), router] } },
      );
      await flushPromises();
      const items = [...document.querySelectorAll('[data-kind=agent]')].map((item) => item.textContent);
      expect(items).toHaveLength(2);
      expect(items[0]).toContain(disabled);
      expect(items[1]).toContain(handed);
      drawer.unmount();
    }
  });
});

describe('SiteWarningCard', () => {
  const held: SiteNotifyView = {
    channel: 'webhook',
    thresholdUnits: 100_000,
    email: 'me@example.com',
    isAccountEmail: true,
    webhookHost: 'hooks.example.com',
    hasWebhookSecret: true,
    barkHost: null,
    gotifyHost: null,
    hasGotifyToken: false,
    resetBySave: ['sidebar_modules'],
    keydeskThresholdUnits: 5_000_000,
  };
  const money = (units: number) => formatMoney(units, 'en-US', SPEC_ACCOUNT_MONEY);

  it('shows what the site holds, the threshold Keydesk writes, and what a switch and a save would reset', async () => {
    fake.override('notify:read', () => Promise.resolve(ok(held)));
    const card = wrap(SiteWarningCard, { accountId: 'a', money });
    await flushPromises();
    expect(card.get('[data-testid=site-warning-threshold]').text()).toBe('¥0.20');
    expect(card.get('[data-testid=site-warning-destination]').text()).toBe('hooks.example.com · with a secret');
    expect(card.text()).toContain('Writes ¥10.00');
    expect(card.get('[data-testid=site-warning-reset]').text()).toContain('sidebar_modules');
    expect(card.findAll('[data-testid=site-warning-loses]')).toHaveLength(0);
    await card.get('[data-testid=site-warning-channel-bark] input').setValue(true);
    await flushPromises();
    expect(card.get('[data-testid=site-warning-loses]').text()).toBe(
      'Switching to Bark: the site forgets its Webhook settings.',
    );
  });

  it('writes with the address typed, then forgets it; an era without it says so', async () => {
    fake.override('notify:read', () => Promise.resolve(ok(held)));
    fake.override('notify:write', () => Promise.resolve(ok({ ...held, channel: 'email', isAccountEmail: false })));
    const card = wrap(SiteWarningCard, { accountId: 'a', money });
    await flushPromises();
    await card.get('[data-testid=site-warning-channel-email] input').setValue(true);
    await card.get('[data-testid=site-warning-email] input').setValue('alerts@example.com');
    await card.get('[data-testid=site-warning-write]').trigger('click');
    await flushPromises();
    const confirm = [...document.querySelectorAll('.n-popconfirm button')].at(-1) as HTMLButtonElement;
    confirm.click();
    await flushPromises();
    expect(fake.callsTo('notify:write')).toEqual([{ accountId: 'a', channel: 'email', email: 'alerts@example.com' }]);
    expect(card.get('[data-testid=site-warning-written]').text()).toContain('Written.');
    expect((card.get('[data-testid=site-warning-email] input').element as HTMLInputElement).value).toBe('');
    card.unmount();

    fake.failWith('notify:read', 'unsupported');
    setActivePinia(createPinia());
    const old = wrap(SiteWarningCard, { accountId: 'b', money }, 'zh-CN');
    await flushPromises();
    expect(old.get('[data-testid=site-warning-unsupported]').text()).toBe('此服务器版本不提供站点自己发送的预警。');
  });
});
