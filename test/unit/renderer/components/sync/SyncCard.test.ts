// @vitest-environment happy-dom
// The sync card: a conflict's copies side by side (thresholds in the account's money, a credential as a fingerprint
// only), each pick sent as the copy it names; a failed run worded as the sync folder's problem with its remedy,
// never as a gateway's.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type SyncStatus } from '../../../../../src-shared/contract';
import SyncCard from '../../../../../src-renderer/src/components/sync/SyncCard.vue';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { fake } from '../../fake-keydesk';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const NOW = Date.now();
const THIS = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const accountFields = (label: string, warn: string, credential: string) => [
  { name: 'label', value: label },
  { name: 'baseUrl', value: 'https://gateway.example.com' },
  { name: 'warnUnits', value: warn },
  { name: 'criticalUnits', value: '' },
  { name: 'yuanPerUsd', value: '' },
  { name: 'credential', value: credential },
];

const STATUS: SyncStatus = {
  isConfigured: true,
  url: 'https://dav.example.com/keydesk/',
  username: 'me',
  deviceName: 'Laptop',
  groups: ['monitoring'],
  isSyncing: false,
  lastSyncAt: NOW - 60_000,
  lastError: null,
  nextRunAt: NOW + 9 * 60_000,
  waiting: 0,
  devices: [
    { id: THIS, name: 'Laptop', isThisDevice: true, lastSyncAt: NOW - 60_000 },
    { id: OTHER, name: 'Desktop', isThisDevice: false, lastSyncAt: NOW - 3_600_000 },
  ],
  conflicts: [
    {
      conflictId: 'r-1.kds',
      kind: 'account',
      recordId: 'account-1',
      title: 'Alice',
      copies: [
        {
          copyId: 'current',
          isCurrent: true,
          isDeleted: false,
          deviceName: 'Desktop',
          at: NOW,
          title: 'Alice',
          fields: accountFields('Alice', '1000000', 'a1b2c3'),
        },
        {
          copyId: '1.0.x',
          isCurrent: false,
          isDeleted: false,
          deviceName: 'Laptop',
          at: NOW,
          title: 'Alice (old)',
          fields: accountFields('Alice (old)', '', ''),
        },
      ],
    },
  ],
  notices: [],
  refused: [],
};

let wrapper: VueWrapper | undefined;

async function mountCard(status: SyncStatus): Promise<VueWrapper> {
  fake.override('sync:status', () => Promise.resolve(ok(status)));
  fake.override('sync:resolve', () => Promise.resolve(ok({ ...status, conflicts: [] })));
  wrapper = mount(SyncCard, { attachTo: document.body, global: { plugins: [createPinia(), createAppI18n('en-US')] } });
  await flushPromises();
  return wrapper;
}

beforeEach(() => {
  fake.reset();
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

describe('SyncCard', () => {
  it('shows a conflict copy by copy and sends the copy picked', async () => {
    const card = await mountCard(STATUS);
    const copies = card.findAll('[data-testid=sync-copy]');
    expect(copies).toHaveLength(2);
    const value = (copy: number, field: string) => copies[copy]?.get(`[data-field=${field}]`).text();
    // 1,000,000 units at the spec's ¥ (no site money known): two yuan, not a raw unit count.
    expect(value(0, 'warnUnits')).toBe('¥2.00');
    expect(value(1, 'warnUnits')).toBe('—');
    expect(value(0, 'credential')).toBe('fingerprint a1b2c3');
    expect(value(1, 'credential')).toBe('none');
    expect(copies[0]?.text()).toContain('From Desktop');
    await copies[1]?.get('[data-testid=sync-keep]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('sync:resolve')).toEqual([{ conflictId: 'r-1.kds', copyId: '1.0.x' }]);
    expect(card.findAll('[data-testid=sync-conflict]')).toHaveLength(0);
  });

  it('words a failed run as the sync folder’s problem, with what to do', async () => {
    const card = await mountCard({
      ...STATUS,
      conflicts: [],
      waiting: 2,
      lastError: { code: 'server', reason: 'sync.server_full', params: { status: 507 }, retryable: true },
    });
    const error = card.get('[data-testid=sync-last-error]').text();
    expect(error).toContain('out of space (HTTP 507)');
    expect(error).toContain('Free space on the server');
    expect(error).not.toMatch(/gateway/i);
    expect(card.get('[data-testid=sync-status]').text()).toContain('Waiting to be sent: 2');
  });
});
