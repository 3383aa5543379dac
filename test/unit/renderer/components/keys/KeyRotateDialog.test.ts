// @vitest-environment happy-dom
// Rotate…'s plan, for a key agents read (MCP reveal_key): an agent of this computer is named as an agent to ask for the
// twin, one that gave no name is said in words (never empty quotes), and an agent on another computer is named as an
// agent there, in both languages.
import { mount, type VueWrapper } from '@vue/test-utils';
import { NMessageProvider } from 'naive-ui';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { ok, type HandoffRecordView, type Language, type RotationPlan } from '../../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../../src-shared/units';
import KeyRotateDialog from '../../../../../src-renderer/src/components/keys/KeyRotateDialog.vue';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { keyView } from '../../../../support/key-view';
import { fake } from '../../fake-keydesk';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

let wrapper: VueWrapper | undefined;
const key = keyView({ id: 4, name: 'main' });
const agentRead = (id: string, place: string): HandoffRecordView => ({
  id,
  accountId: key.accountId,
  keyId: 4,
  target: 'agent',
  document: 0,
  via: 'reveal',
  place,
  path: null,
  at: 1_000,
});
const plan: RotationPlan = {
  key,
  twin: {
    name: 'main',
    remainQuota: 0,
    unlimitedQuota: true,
    expiredTime: -1,
    group: '',
    modelLimitsEnabled: false,
    modelLimits: [],
    allowIps: '',
  },
  handoffs: [agentRead('r1', 'fake-agent 1.0.0'), agentRead('r2', '')],
  elsewhere: [{ deviceName: 'Laptop', target: 'agent', via: 'reveal', place: 'other-agent 2.0', at: 900 }],
  allowance: null,
  running: null,
};

async function open(language: Language): Promise<string[]> {
  const Host = defineComponent(
    () => () => h(NMessageProvider, () => [h(KeyRotateDialog, { show: true, item: key, money: SPEC_ACCOUNT_MONEY })]),
  );
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(language), createPinia()] } });
  await vi.waitFor(() => {
    expect(document.querySelectorAll('[data-testid=rotation-elsewhere-place]')).toHaveLength(1);
  });
  return [...document.querySelectorAll('[data-testid=rotation-place], [data-testid=rotation-elsewhere-place]')].map(
    (e) => e.textContent.trim(),
  );
}

beforeEach(() => {
  fake.reset();
  fake.override('rotation:list', () => Promise.resolve(ok([])));
  fake.override('rotation:plan', () => Promise.resolve(ok(plan)));
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('the agents in a rotation plan', () => {
  it.each([
    [
      'en-US',
      [
        'The agent “fake-agent 1.0.0” read this key: let it read the twin',
        'An agent that gave no name read this key: let it read the twin',
        'the agent “other-agent 2.0” on Laptop',
      ],
    ],
    [
      'zh-CN',
      [
        '智能体“fake-agent 1.0.0”读取过此密钥：请让它读取新密钥',
        '一个未报名称的智能体读取过此密钥：请让它读取新密钥',
        '「Laptop」上的 智能体“other-agent 2.0”',
      ],
    ],
  ] as const)('in %s: named as agents, here and on another computer', async (language, lines) => {
    expect(await open(language)).toEqual(lines);
  });
});
