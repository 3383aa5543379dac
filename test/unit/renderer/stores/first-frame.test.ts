// @vitest-environment happy-dom
// The start's first frame: read from the page's data block (once, and taken out of the document) or asked for in one
// app:firstFrame call; the settings, accounts and quota stores take it as their first load, and anything main pushed
// before the answer arrived wins over it.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_FRAME_ELEMENT_ID, ok, type FirstFrame, type Result } from '../../../../src-shared/contract';
import { pageSession } from '../../../../src-renderer/src/bridge';
import { readPageFirstFrame } from '../../../../src-renderer/src/page-first-frame';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { hydrateFirstFrame } from '../../../../src-renderer/src/stores/first-frame';
import { useQuotaStore } from '../../../../src-renderer/src/stores/quota.store';
import { useSettingsStore } from '../../../../src-renderer/src/stores/settings.store';
import { accountView } from '../account-fixtures';
import { DEFAULT_SETTINGS, deferred, fake } from '../fake-keydesk';

// The bridge module builds its own bridge on import; a stand-in preload global keeps that one from calling out.
vi.hoisted(() => {
  (globalThis as Record<string, unknown>).keydesk = {};
});
vi.mock('../../../../src-renderer/src/bridge', async (original) => ({
  ...(await original<typeof import('../../../../src-renderer/src/bridge')>()),
  keydesk: (await import('../fake-keydesk')).fake.api,
}));

const FRAME: FirstFrame = {
  settings: ok({ ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'dark' }),
  accounts: ok({ accounts: [accountView({ id: 'a1', label: 'Example </script> site' })], activeId: 'a1' }),
  balances: ok([]),
};

function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('Keydesk');
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_FRAME_ELEMENT_ID;
  element.textContent = text;
  doc.head.append(element);
  return doc;
}

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

describe('the first frame in the page', () => {
  it('is read once and taken out of the document', () => {
    const doc = pageWith(JSON.stringify(FRAME).replace(/</g, '\\u003c'));
    expect(readPageFirstFrame(doc)).toEqual(FRAME);
    expect(doc.getElementById(FIRST_FRAME_ELEMENT_ID)).toBeNull();
    expect(readPageFirstFrame(doc)).toBeNull();
  });

  it('is none when absent, malformed or not a first frame, so the start asks main instead', () => {
    expect(readPageFirstFrame(document.implementation.createHTMLDocument('Keydesk'))).toBeNull();
    expect(readPageFirstFrame(pageWith('{"settings":'))).toBeNull();
    expect(readPageFirstFrame(pageWith('null'))).toBeNull();
    expect(readPageFirstFrame(pageWith(JSON.stringify({ ...FRAME, balances: [] })))).toBeNull();
  });

  it('spares the launch-code exchange only when the page came with it and the address had no code', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify(ok(null)))));
    expect(await pageSession(null, true, fetchImpl)).toBe(true);
    expect(fetchImpl).not.toHaveBeenCalled();
    await pageSession('ab'.repeat(32), true, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('the first frame asked for', () => {
  it('hydrates settings, accounts and balances from one call', async () => {
    fake.override('app:firstFrame', () => Promise.resolve(ok(FRAME)));
    expect(await hydrateFirstFrame(createPiniaActive(), 1_000)).toEqual({ isFromPage: false });
    expect(fake.calls.map((call) => call.channel)).toEqual(['app:firstFrame']);
    expect(useSettingsStore().language).toBe('zh-CN');
    expect(useSettingsStore().theme).toBe('dark');
    expect(useAccountsStore().accounts.map((a) => a.id)).toEqual(['a1']);
    expect(useAccountsStore().isHydrated).toBe(true);
    expect(useQuotaStore().isHydrated).toBe(true);
  });

  it('lets a change main pushed before the answer win over the answer', async () => {
    const answer = deferred<Result<FirstFrame>>();
    fake.override('app:firstFrame', () => answer.promise);
    const pinia = createPiniaActive();
    const accounts = useAccountsStore(pinia);
    const settings = useSettingsStore(pinia);
    const started = hydrateFirstFrame(pinia, 1_000);
    fake.emit('accounts:changed', { accounts: [accountView({ id: 'newer' })], activeId: 'newer' });
    fake.emit('settings:changed', { ...DEFAULT_SETTINGS, language: 'en-US', theme: 'light' });
    answer.resolve(ok(FRAME));
    await started;
    expect(accounts.accounts.map((a) => a.id)).toEqual(['newer']);
    expect(settings.language).toBe('en-US');
    expect(settings.theme).toBe('light');
  });
});

/** A fresh Pinia, active, so the stores the start fills are the ones the test reads. */
function createPiniaActive() {
  const pinia = createPinia();
  setActivePinia(pinia);
  return pinia;
}
