// @vitest-environment happy-dom
// The shell with the Settings view: choosing a language or theme goes through main and re-renders the app,
// <html lang/data-theme> follow, bridge errors show inline in the UI language, and `/` focuses search.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import App from '../../../../src-renderer/src/App.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { useSettingsStore } from '../../../../src-renderer/src/stores/settings.store';
import { APP_INFO, DEFAULT_SETTINGS, fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

let wrapper: VueWrapper | undefined;

async function mountApp(path: string): Promise<VueWrapper> {
  const pinia = createPinia();
  const settings = useSettingsStore(pinia);
  await settings.hydrate();
  const router = createAppRouter(createMemoryHistory());
  await router.push(path);
  wrapper = mount(App, {
    attachTo: document.body,
    global: { plugins: [pinia, createAppI18n(settings.language), router] },
  });
  await router.isReady();
  await flushPromises();
  // Lazy route components resolve over a few ticks.
  await vi.waitFor(() => {
    expect(wrapper?.find('[data-testid=section-title]').exists()).toBe(true);
  });
  await flushPromises();
  return wrapper;
}

const pick = async (app: VueWrapper, testid: string): Promise<void> => {
  await app.get(`[data-testid=${testid}] input`).trigger('change');
  await flushPromises();
};
const title = (app: VueWrapper): string => app.get('[data-testid=section-title]').text();

beforeEach(() => {
  fake.reset();
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.restoreAllMocks();
});

describe('Settings view', () => {
  it('follows the system language until one is chosen, then switches the whole app', async () => {
    const app = await mountApp('/settings');
    expect(title(app)).toBe('设置');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(app.get('[data-testid=settings-language]').attributes('data-value')).toBe('system');

    await pick(app, 'settings-language-en-US');

    expect(fake.callsTo('settings:update')).toEqual([{ language: 'en-US' }]);
    expect(title(app)).toBe('Settings');
    expect(app.get('[data-testid=sidebar]').text()).toContain('All keys');
    expect(document.documentElement.lang).toBe('en-US');
    expect(app.get('[data-testid=settings-language]').attributes('data-value')).toBe('en-US');
  });

  it('goes back to following the system when "follow system" is picked', async () => {
    fake.setSettings({ ...DEFAULT_SETTINGS, language: 'en-US', theme: 'system' });
    const app = await mountApp('/settings');
    expect(title(app)).toBe('Settings');

    await pick(app, 'settings-language-system');

    expect(fake.callsTo('settings:update')).toEqual([{ language: null }]);
    expect(title(app)).toBe('设置');
  });

  it('switches the theme and marks <html> with it', async () => {
    const app = await mountApp('/settings');
    expect(document.documentElement.dataset.theme).toBe('light');

    await pick(app, 'settings-theme-dark');

    expect(fake.callsTo('settings:update')).toEqual([{ theme: 'dark' }]);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(app.get('[data-testid=settings-theme]').attributes('data-value')).toBe('dark');
  });

  it('follows a change made elsewhere (settings:changed)', async () => {
    const app = await mountApp('/settings');
    fake.emit('settings:changed', { ...DEFAULT_SETTINGS, language: 'en-US', theme: 'dark' });
    await flushPromises();
    expect(title(app)).toBe('Settings');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('shows a refused save inline, localised, with the server’s words, and keeps the old choice', async () => {
    const app = await mountApp('/settings');
    fake.failWith('settings:update', 'validation', 'language: invalid option');

    await pick(app, 'settings-language-en-US');

    const alert = app.get('[data-testid=settings-save-error]');
    expect(alert.text()).toContain('更改未保存');
    expect(alert.text()).toContain('部分输入未被接受');
    expect(alert.text()).toContain('language: invalid option');
    expect(title(app)).toBe('设置');
    expect(app.get('[data-testid=settings-language]').attributes('data-value')).toBe('system');
  });

  it('shows the app info in About', async () => {
    const app = await mountApp('/settings');
    await vi.waitFor(() => {
      expect(app.find('[data-testid=about-version]').exists()).toBe(true);
    });
    expect(app.get('[data-testid=about-version]').text()).toBe(APP_INFO.version);
    expect(app.get('[data-testid=about-mode]').text()).toBe('浏览器模式');
    expect(app.get('[data-testid=about-platform]').text()).toBe('Linux');
  });

  it('says why About is empty when app:info fails, and retries on request', async () => {
    fake.failWith('app:info', 'forbidden', 'bad token');
    const app = await mountApp('/settings');
    await vi.waitFor(() => {
      expect(app.find('[data-testid=about-error]').exists()).toBe(true);
    });
    expect(app.get('[data-testid=about-error]').attributes('data-error-code')).toBe('forbidden');

    fake.reset();
    await app.get('[data-testid=about-error] [data-testid=error-retry]').trigger('click');
    await flushPromises();
    expect(app.find('[data-testid=about-error]').exists()).toBe(false);
    expect(app.get('[data-testid=about-version]').text()).toBe(APP_INFO.version);
  });
});

describe('shell', () => {
  it('focuses the search box on "/" but not while typing elsewhere', async () => {
    const app = await mountApp('/keys');
    const search = app.get<HTMLInputElement>('[data-testid=search-input]');
    expect(document.activeElement).not.toBe(search.element);

    const other = document.body.appendChild(document.createElement('textarea'));
    other.focus();
    other.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
    expect(document.activeElement).toBe(other);
    other.remove();

    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
    expect(document.activeElement).toBe(search.element);
  });

  it('shows each section’s empty state with its title', async () => {
    const app = await mountApp('/accounts');
    expect(title(app)).toBe('账户');
    expect(app.get('[data-testid=empty-state]').text()).toContain('还没有账户');
    // Accounts can be added now: the empty state offers exactly that.
    expect(app.find('[data-testid=accounts-add-first]').exists()).toBe(true);
  });
});
