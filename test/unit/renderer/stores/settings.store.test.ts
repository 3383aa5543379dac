// @vitest-environment happy-dom
// The settings store against a fake bridge: hydrate once, follow pushed changes, update through main.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type Result, type Settings } from '../../../../src-shared/contract';
import { useSettingsStore } from '../../../../src-renderer/src/stores/settings.store';
import { DEFAULT_SETTINGS, deferred, fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const setSystemLanguage = (tag: string): void => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(tag);
};

beforeEach(() => {
  fake.reset();
  setSystemLanguage('en-US');
  setActivePinia(createPinia());
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('hydrate', () => {
  it('loads the settings from main and resolves language and theme from them', async () => {
    fake.setSettings({ ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'dark' });
    const store = useSettingsStore();
    expect(store.isHydrated).toBe(false);

    await store.hydrate();

    expect(store.settings).toEqual({ ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'dark' });
    expect(store.language).toBe('zh-CN');
    expect(store.chosenLanguage).toBe('zh-CN');
    expect(store.theme).toBe('dark');
    expect(store.loadError).toBeNull();
  });

  it('asks main once, however often it is called', async () => {
    const store = useSettingsStore();
    await Promise.all([store.hydrate(), store.hydrate()]);
    await store.hydrate();
    expect(fake.callsTo('settings:get')).toHaveLength(1);
  });

  it('keeps the error, shows the defaults, and retries on the next call when loading fails', async () => {
    setSystemLanguage('zh-TW');
    fake.failWith('settings:get', 'internal', 'config unreadable');
    const store = useSettingsStore();

    await store.hydrate();
    expect(store.loadError).toEqual({ code: 'internal', serverMessage: 'config unreadable' });
    expect(store.settings).toBeNull();
    expect(store.language).toBe('zh-CN');
    expect(store.theme).toBe('system');

    fake.reset();
    fake.setSettings({ ...DEFAULT_SETTINGS, language: 'en-US', theme: 'light' });
    await store.hydrate();
    expect(store.loadError).toBeNull();
    expect(store.language).toBe('en-US');
  });

  it('lets a change pushed while the read is in flight win over the older read', async () => {
    const slow = deferred<Result<unknown>>();
    fake.override('settings:get', () => slow.promise);
    const store = useSettingsStore();

    const hydrating = store.hydrate();
    fake.emit('settings:changed', { ...DEFAULT_SETTINGS, language: 'en-US', theme: 'dark' });
    slow.resolve(ok<Settings>({ ...DEFAULT_SETTINGS, language: null, theme: 'system' }));
    await hydrating;

    expect(store.settings).toEqual({ ...DEFAULT_SETTINGS, language: 'en-US', theme: 'dark' });
  });
});

describe('pushed changes', () => {
  it('follows settings:changed', async () => {
    const store = useSettingsStore();
    await store.hydrate();

    fake.emit('settings:changed', { ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'light' });

    expect(store.language).toBe('zh-CN');
    expect(store.theme).toBe('light');
  });

  it('stops listening when the store is disposed', () => {
    const store = useSettingsStore();
    expect(fake.listenerCount('settings:changed')).toBe(1);
    store.$dispose();
    expect(fake.listenerCount('settings:changed')).toBe(0);
  });

  it('follows the system language while none is chosen', async () => {
    const store = useSettingsStore();
    await store.hydrate();
    expect(store.language).toBe('en-US');

    setSystemLanguage('zh-CN');
    window.dispatchEvent(new Event('languagechange'));

    expect(store.language).toBe('zh-CN');
    expect(store.systemLanguage).toBe('zh-CN');
  });
});

describe('update', () => {
  it('sends the patch to main and takes main’s answer', async () => {
    const store = useSettingsStore();
    await store.hydrate();

    const result = await store.update({ language: 'zh-CN' });

    expect(fake.callsTo('settings:update')).toEqual([{ language: 'zh-CN' }]);
    expect(result).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'system' } });
    expect(store.language).toBe('zh-CN');
    expect(store.isSaving).toBe(false);
  });

  it('keeps the old settings and exposes the error when main refuses', async () => {
    fake.setSettings({ ...DEFAULT_SETTINGS, language: 'en-US', theme: 'light' });
    const store = useSettingsStore();
    await store.hydrate();
    fake.failWith('settings:update', 'validation', 'theme: invalid option');

    const result = await store.update({ theme: 'dark' });

    expect(result.ok).toBe(false);
    expect(store.saveError).toEqual({ code: 'validation', serverMessage: 'theme: invalid option' });
    expect(store.theme).toBe('light');
  });

  it('clears an earlier save error when the next save succeeds', async () => {
    const store = useSettingsStore();
    await store.hydrate();
    fake.failWith('settings:update', 'internal');
    await store.update({ theme: 'dark' });
    expect(store.saveError?.code).toBe('internal');

    fake.reset();
    await store.update({ theme: 'dark' });
    expect(store.saveError).toBeNull();
    expect(store.theme).toBe('dark');
  });
});
