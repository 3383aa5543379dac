// @vitest-environment happy-dom
// The updates card and prompt against the fake bridge: installs that do not update themselves say so; a failed
// check shows why and when, in the UI language; the prompt asks before the download and before the install and
// acts only on a click; "Later" asks nothing of main; an unknown download total is never shown as 0 %.
import { flushPromises, mount } from '@vue/test-utils';
import { NConfigProvider, NDialogProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { fail, ok, type UpdateStatus } from '../../../../src-shared/contract';
import UpdatePrompt from '../../../../src-renderer/src/components/UpdatePrompt.vue';
import UpdatesCard from '../../../../src-renderer/src/components/UpdatesCard.vue';
import { formatBytes, percentOf } from '../../../../src-renderer/src/components/update-format';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { useSettingsStore } from '../../../../src-renderer/src/stores/settings.store';
import { useUpdatesStore } from '../../../../src-renderer/src/stores/updates.store';
import { BROWSER_UPDATES, DEFAULT_SETTINGS, fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const CHECKED_AT = Date.UTC(2026, 10, 20, 8, 30);
const status = (over: Partial<UpdateStatus> = {}): UpdateStatus => ({
  ...BROWSER_UPDATES,
  support: 'supported',
  currentVersion: '1.0.0',
  ...over,
});
const available = (over: Partial<UpdateStatus> = {}): UpdateStatus =>
  status({
    phase: 'available',
    release: {
      version: '1.1.0',
      releaseDate: '2026-11-20T08:00:00.000Z',
      notes: 'Faster start-up\n• Tray fix',
      sizeBytes: 94_371_840,
      source: 'mirror',
      signedBy: '3f9a0c1d2e4b5a67',
    },
    lastCheck: { at: CHECKED_AT, outcome: 'available', source: 'mirror', failure: null },
    ...over,
  });

function serve(next: UpdateStatus): void {
  fake.override('updates:status', () => Promise.resolve(ok(next)));
}

async function render(component: typeof UpdatesCard, language: 'en-US' | 'zh-CN' = 'en-US') {
  fake.setSettings({ ...DEFAULT_SETTINGS, language });
  await useSettingsStore().hydrate();
  const wrapper = mount(
    { render: () => h(NConfigProvider, null, () => h(NDialogProvider, null, () => h(component))) },
    { global: { plugins: [createAppI18n(language)] }, attachTo: document.body },
  );
  await flushPromises();
  return wrapper;
}
const byTestId = (id: string): HTMLElement | null => document.querySelector(`[data-testid=${id}]`);

/** The prompt, and its dialog once loaded: UpdatePrompt loads UpdatePromptDialog only when there is a question. */
async function renderPrompt() {
  const wrapper = await render(UpdatePrompt);
  if (useUpdatesStore().prompt !== null) await vi.waitFor(() => expect(byTestId('update-prompt')).not.toBeNull());
  return wrapper;
}

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('updates card', () => {
  it('browser mode: updates come with the desktop app, and nothing can be checked', async () => {
    const card = await render(UpdatesCard);
    expect(card.get('[data-testid=updates-support-note]').text()).toContain('Updates come with the desktop app');
    expect(card.find('[data-testid=updates-check]').exists()).toBe(false);
    expect(card.find('[data-testid=updates-automatic]').exists()).toBe(false);
  });

  it('a deb install names its package manager as the way to update, in Chinese too', async () => {
    serve(status({ support: 'package_manager', packageFormat: 'deb' }));
    const card = await render(UpdatesCard, 'zh-CN');
    expect(card.get('[data-testid=updates-support-note]').text()).toBe(
      '以 deb 软件包安装：请通过系统的软件包管理器更新。',
    );
    expect(card.find('[data-testid=updates-check]').exists()).toBe(false);
  });

  it('a failed check says why, when and through which address, calmly in Settings', async () => {
    serve(
      status({
        lastCheck: {
          at: CHECKED_AT,
          outcome: 'failed',
          source: 'github',
          failure: { kind: 'timeout', source: 'github', why: { reason: 'stalled', params: { seconds: 20 } } },
        },
        nextCheckAt: CHECKED_AT + 6 * 3_600_000,
      }),
    );
    const card = await render(UpdatesCard);
    const lastCheck = card.get('[data-testid=updates-last-check]').text();
    expect(lastCheck).toContain('2026');
    expect(lastCheck).toContain('failed');
    expect(lastCheck).toContain('via GitHub');
    const failure = card.get('[data-testid=updates-check-failure]');
    expect(failure.attributes('data-kind')).toBe('timeout');
    expect(failure.text()).toContain('The update server stopped answering');
    expect(failure.text()).toContain('(nothing arrived for 20 s)');
    expect(card.find('[data-testid=updates-next-check]').exists()).toBe(true);
  });

  it('words main’s reason for a failure in Chinese for a Chinese user: no English written in main reaches them', async () => {
    serve(
      status({
        lastCheck: {
          at: CHECKED_AT,
          outcome: 'failed',
          source: 'mirror',
          failure: {
            kind: 'too_large',
            source: 'mirror',
            why: { reason: 'declared_size', params: { bytes: 2_097_152 } },
          },
        },
      }),
    );
    const card = await render(UpdatesCard, 'zh-CN');
    const check = card.get('[data-testid=updates-check-failure]').text();
    expect(check).toContain('服务器声明大小为 2');
    // Only the product's name is in Latin letters.
    expect(check.replace(/Keydesk/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('checks on request and turns automatic checks off through main', async () => {
    serve(status({ phase: 'up_to_date' }));
    fake.override('updates:check', () => Promise.resolve(ok(status({ phase: 'up_to_date' }))));
    fake.override('updates:configure', (args) => Promise.resolve(ok(status({ ...(args as object) }))));
    const card = await render(UpdatesCard);
    expect(card.get('[data-testid=updates-phase]').text()).toBe('Keydesk is up to date');
    await card.get('[data-testid=updates-check]').trigger('click');
    await card.get('[data-testid=updates-automatic]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('updates:check')).toHaveLength(1);
    expect(fake.callsTo('updates:configure')).toEqual([{ isEnabled: false }]);
  });

  it('a refused mirror is explained under the field and keeps what was typed', async () => {
    serve(status());
    fake.override('updates:configure', () =>
      Promise.resolve(fail({ code: 'validation', field: 'mirrorUrl', reason: 'updates.mirror_invalid' })),
    );
    const card = await render(UpdatesCard);
    const input = card.get('[data-testid=updates-mirror] input');
    await input.setValue('http://mirror.example.cn/');
    await input.trigger('blur');
    await flushPromises();
    expect(fake.callsTo('updates:configure')).toEqual([{ mirrorUrl: 'http://mirror.example.cn/' }]);
    expect(card.get('[data-testid=updates-mirror-problem]').text()).toBe(
      'Use an https address without a user name, query or fragment.',
    );
    expect((input.element as HTMLInputElement).value).toBe('http://mirror.example.cn/');
    expect(card.find('[data-testid=updates-action-error]').exists()).toBe(false);
  });

  it('progress with an unknown total shows the bytes so far, not 0 %', async () => {
    serve(
      available({
        phase: 'downloading',
        progress: { transferredBytes: 3_145_728, totalBytes: null, bytesPerSecond: null },
      }),
    );
    const card = await render(UpdatesCard);
    const progress = card.get('[data-testid=updates-progress]');
    expect(progress.text()).toContain('3.0 MB downloaded');
    expect(progress.text()).not.toContain('0%');
  });
});

describe('update prompt', () => {
  it('asks before downloading, with the notes, and downloads only on the click', async () => {
    serve(available());
    fake.override('updates:download', () =>
      Promise.resolve(
        ok(
          available({
            phase: 'downloading',
            progress: { transferredBytes: 0, totalBytes: 94_371_840, bytesPerSecond: null },
          }),
        ),
      ),
    );
    await renderPrompt();
    expect(byTestId('update-prompt')?.getAttribute('data-prompt')).toBe('download');
    expect(byTestId('update-prompt')?.textContent).toContain('Keydesk 1.1.0 is available');
    expect(byTestId('update-prompt-notes')?.textContent).toBe('Faster start-up\n• Tray fix');
    expect(byTestId('update-prompt')?.textContent).toContain('90.0 MB');
    expect(fake.callsTo('updates:download')).toEqual([]);

    byTestId('update-prompt-download')?.click();
    await flushPromises();
    expect(fake.callsTo('updates:download')).toHaveLength(1);
    expect(useUpdatesStore().prompt).toBe('downloading');
  });

  it('"Later" closes the prompt for that version without asking main for anything', async () => {
    serve(available());
    await renderPrompt();
    byTestId('update-prompt-later')?.click();
    await flushPromises();
    expect(useUpdatesStore().prompt).toBeNull();
    expect(fake.calls.map((call) => call.channel).filter((channel) => channel.startsWith('updates:'))).toEqual([
      'updates:status',
    ]);
    // A newer release asks again.
    fake.emit(
      'updates:changed',
      available({ release: { ...(available().release ?? ({} as never)), version: '1.2.0' } }),
    );
    expect(useUpdatesStore().prompt).toBe('download');
  });

  it('asks before installing a downloaded release and installs only on the click', async () => {
    serve(available());
    await renderPrompt();
    fake.override('updates:install', () => Promise.resolve(ok(available({ phase: 'installing' }))));
    fake.emit('updates:changed', available({ phase: 'downloaded' }));
    await flushPromises();
    expect(byTestId('update-prompt')?.getAttribute('data-prompt')).toBe('install');
    expect(byTestId('update-prompt')?.textContent).toContain('Keydesk closes, installs the update and starts again.');
    expect(fake.callsTo('updates:install')).toEqual([]);
    byTestId('update-prompt-install')?.click();
    await flushPromises();
    expect(fake.callsTo('updates:install')).toHaveLength(1);
  });

  it('never prompts where the app does not update itself', async () => {
    serve({ ...available(), support: 'package_manager' });
    await renderPrompt();
    expect(useUpdatesStore().prompt).toBeNull();
    expect(byTestId('update-prompt')).toBeNull();
  });
});

describe('update formats', () => {
  it('writes sizes and percentages, and unknown as unknown', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(94_371_840)).toBe('90.0 MB');
    expect(formatBytes(null)).toBeNull();
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(50, null)).toBeNull();
    expect(percentOf(50, 0)).toBeNull();
  });
});
