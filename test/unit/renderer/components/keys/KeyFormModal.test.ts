// @vitest-environment happy-dom
// The key form counts the name in UTF-8 bytes as the gateway does (a 17-character Chinese name is refused before
// sending), takes the IP allowlist one address per line and marks entries that are not addresses, and an
// "unsupported" error names what the server version lacks. What older sites do differently is said at the field: a
// name a 30-byte site refused, an allowlist a site dropped, one-api's IP ranges and missing groups, and the yuan beside
// a quota typed in dollars.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { NMessageProvider } from 'naive-ui';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { fail, ok, type KeyFields, type KeyView } from '../../../../../src-shared/contract';
import { DEFAULT_UNITS } from '../../../../../src-shared/units';
import DialogHost from '../../../../../src-renderer/src/components/DialogHost.vue';
import ErrorAlert from '../../../../../src-renderer/src/components/ErrorAlert.vue';
import KeyFormModal from '../../../../../src-renderer/src/components/keys/KeyFormModal.vue';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import type { KeyAccountView } from '../../../../../src-renderer/src/stores/keys.store';
import { fake } from '../../fake-keydesk';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

let wrapper: VueWrapper | undefined;

const account = {
  id: 'a1',
  label: 'Site',
  money: { site: DEFAULT_UNITS, origin: 'spec', fetchedAt: null, yuanPerUsd: null, yuanRateSource: null },
} as unknown as KeyAccountView;

/** A current new-api site in dollars, yuan at its top-up price of 7.3. */
const usdAccount = {
  id: 'a1',
  label: 'Site',
  money: {
    site: { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' },
    origin: 'site',
    fetchedAt: 0,
    yuanPerUsd: '7.3',
    yuanRateSource: 'site_price',
  },
} as unknown as KeyAccountView;

async function openCreate(lang: 'en-US' | 'zh-CN' = 'en-US', on: KeyAccountView = account): Promise<void> {
  // The app mounts the message provider and the dialog host at its root: the form asks before reductions and
  // tells what a site dropped.
  const Host = defineComponent(
    () => () =>
      h(NMessageProvider, () => [
        h(KeyFormModal, { show: true, mode: 'create', accounts: [on], accountId: 'a1', keyId: null }),
        h(DialogHost),
      ]),
  );
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(lang), createPinia()] } });
  await vi.waitFor(() => {
    expect(document.querySelector('[data-testid=form-name]')).not.toBeNull();
  });
  await flushPromises();
}

async function type(testid: string, value: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-testid=${testid}]`);
  if (!input) throw new Error(`no input ${testid}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}
const bodyText = (): string => document.body.textContent;
async function submit(): Promise<void> {
  document.querySelector<HTMLButtonElement>('[data-testid=form-submit]')?.click();
  await flushPromises();
}

beforeEach(() => {
  fake.reset();
  fake.override('account:groups', () => Promise.resolve(ok([])));
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('KeyFormModal', () => {
  it('refuses a name over 50 bytes: 16 Chinese characters pass, 17 do not', async () => {
    await openCreate();
    await type('form-name', '名'.repeat(16));
    expect(bodyText()).not.toContain('At most 50 bytes');
    await type('form-name', '名'.repeat(17));
    expect(bodyText()).toContain('At most 50 bytes: 50 letters or digits, or 16 Chinese characters.');
    await type('form-name', 'x'.repeat(50));
    expect(bodyText()).not.toContain('At most 50 bytes');
  });

  it('says the byte limit in Chinese too', async () => {
    await openCreate('zh-CN');
    await type('form-name', '名'.repeat(17));
    expect(bodyText()).toContain('最多 50 字节，即 16 个汉字');
  });

  it('marks allowlist entries that are not addresses, and sends valid ones one per line', async () => {
    let sent: KeyFields | undefined;
    fake.override('keys:create', (args) => {
      sent = (args as { fields: KeyFields }).fields;
      return Promise.resolve(ok(null));
    });
    await openCreate();
    await type('form-name', 'ci');
    await type('form-ips', '10.0.0.1\nlocalhost');
    expect(bodyText()).toContain('Not an IP address or range: localhost');
    await type('form-ips', '10.0.0.1, 192.168.0.0/16\n2001:db8::1');
    expect(bodyText()).not.toContain('Not an IP address');
    expect(sent).toBeUndefined();
  });
});

describe('KeyFormModal on older sites', () => {
  it('marks the name a 30-byte site refused and says how long a name it takes, until the name is shorter', async () => {
    fake.override('keys:create', () =>
      Promise.resolve(
        fail({
          code: 'validation',
          field: 'name',
          reason: 'key.name_too_long_for_site',
          params: { max: 30 },
          serverMessage: '令牌名称过长',
        }),
      ),
    );
    await openCreate();
    await type('form-name', '名'.repeat(16));
    await type('form-quota', '1');
    await submit();
    expect(bodyText()).toContain(
      'This site refused a name of 48 bytes: older servers (one-api, early new-api) take at most 30 bytes',
    );
    await type('form-name', '名'.repeat(10));
    expect(bodyText()).not.toContain('This site refused a name');
  });

  it('warns when the key read back has none of the IPs sent (a site without the field drops it)', async () => {
    fake.override('keys:create', () => Promise.resolve(ok({ allowIps: '' } as KeyView)));
    await openCreate();
    await type('form-name', 'ci');
    await type('form-quota', '1');
    await type('form-ips', '10.0.0.1\n10.0.0.2');
    await submit();
    await vi.waitFor(() => {
      expect(bodyText()).toContain('This site did not keep the IP allowlist');
    });
  });

  it('adds the yuan beside a quota typed in dollars, at the account’s rate', async () => {
    await openCreate('en-US', usdAccount);
    await type('form-quota', '2');
    const hint = document.querySelector('[data-testid=quota-input-hint]');
    expect(hint?.textContent).toContain('≈ ¥14.60');
    // Internal units only on request (money is written one way, the site's): the hint's tooltip, not its text.
    expect(hint?.textContent).not.toContain('units');
    expect(hint?.getAttribute('title')).toBe('1,000,000 units');
  });
});

describe('KeyFormModal on a site that stores IP ranges and has no groups (one-api)', () => {
  beforeEach(() => {
    fake.override('keys:shape', () => Promise.resolve(ok({ ipLimit: 'subnet', hasGroups: false })));
  });
  const ipsItem = () => document.querySelector('[data-testid=form-ips-item]')?.textContent ?? '';

  it('has no group to pick, and asks for no groups', async () => {
    await openCreate();
    expect(document.querySelector('[data-testid=form-group]')).toBeNull();
    expect(document.querySelector('[data-testid=form-no-groups]')?.textContent).toBe(
      'The account’s own (this site has no key groups)',
    );
    expect(fake.callsTo('account:groups')).toEqual([]);
  });

  it('says what an address typed alone is saved as, and what the site refuses and why', async () => {
    await openCreate();
    expect(ipsItem()).toContain('This site stores IP ranges: an address on its own is saved as its /32 (IPv6: /128).');
    await type('form-ips', '10.0.0.1\n192.168.0.0/24\n2001:db8::1');
    expect(ipsItem()).toContain('Saved as ranges: 10.0.0.1/32, 2001:db8::1/128.');
    await type('form-ips', '10.0.0.0/33\nexample.com');
    expect(ipsItem()).toContain(
      'This site does not accept: 10.0.0.0/33 (a range ends at /32 for IPv4, /128 for IPv6), example.com (not an IP address).',
    );
    expect(document.querySelector('[data-testid=form-submit]')?.hasAttribute('disabled')).toBe(true);
  });

  it('says it in Chinese too', async () => {
    await openCreate('zh-CN');
    await type('form-ips', '10.0.0.1\n10.0.0.2');
    expect(ipsItem()).toContain('将保存为网段：10.0.0.1/32、10.0.0.2/32。');
    await type('form-ips', '10.0.0.1/40');
    expect(ipsItem()).toContain('该站点不接受：10.0.0.1/40（IPv4 网段最长 /32，IPv6 最长 /128）。');
  });
});

describe('KeyFormModal before any input: no error for a field not yet touched', () => {
  const problem = () => document.querySelector('[data-testid=form-problem]');
  const submit = () => document.querySelector<HTMLButtonElement>('[data-testid=form-submit]');

  it('shows no error on a form nobody has typed in', async () => {
    await openCreate();
    expect(problem()).toBeNull();
    expect(document.querySelector('.n-form-item-feedback--error, .n-input--error-status')).toBeNull();
  });

  it('says the quota is missing once the user clears it, or tries to create without it', async () => {
    await openCreate();
    await type('form-quota', '5');
    expect(problem()).toBeNull();
    await type('form-quota', '');
    expect(problem()?.textContent).toContain('quota');

    wrapper?.unmount();
    document.body.innerHTML = '';
    await openCreate();
    submit()?.click();
    await flushPromises();
    expect(problem()).not.toBeNull();
    expect(fake.callsTo('keys:create')).toEqual([]);
  });
});

describe('ErrorAlert for unsupported', () => {
  it('names the missing feature in both languages', () => {
    const error = { code: 'unsupported' as const, message: '', feature: 'key_usage' };
    const en = mount(ErrorAlert, { props: { error }, global: { plugins: [createAppI18n('en-US')] } });
    expect(en.text()).toContain('This server version does not offer the key usage endpoint.');
    const zh = mount(ErrorAlert, { props: { error }, global: { plugins: [createAppI18n('zh-CN')] } });
    expect(zh.text()).toContain('此服务器版本不提供密钥用量查询功能。');
    const unknown = mount(ErrorAlert, {
      props: { error: { code: 'unsupported' as const, feature: 'teleport' } },
      global: { plugins: [createAppI18n('en-US')] },
    });
    expect(unknown.text()).toContain('This server version does not offer this.');
  });
});
