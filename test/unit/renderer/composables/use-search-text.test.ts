// @vitest-environment happy-dom
// The top bar's search text: seen by the section at once, written to the URL only once typing pauses (one router
// write for a word, not one per keystroke), and dropped when the user leaves the page before the pause.
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import {
  URL_WRITE_DELAY_MS,
  useSearchModel,
  useSearchText,
} from '../../../../src-renderer/src/composables/use-search-text';

afterEach(() => {
  vi.useRealTimers();
});

async function setup(): Promise<{ router: Router; model: { value: string }; text: { value: string } }> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/keys', component: { render: () => null } },
      { path: '/models', component: { render: () => null } },
    ],
  });
  await router.push('/keys?q=old');
  const out: { model?: { value: string }; text?: { value: string } } = {};
  mount(
    defineComponent({
      setup() {
        out.model = useSearchModel();
        out.text = useSearchText();
        return () => h('div');
      },
    }),
    { global: { plugins: [router] } },
  );
  if (!out.model || !out.text) throw new Error('not mounted');
  return { router, model: out.model, text: out.text };
}

describe('search text', () => {
  it('is seen at once and reaches the URL once typing pauses, in one write', async () => {
    const { router, model, text } = await setup();
    vi.useFakeTimers();
    const replace = vi.spyOn(router, 'replace');
    expect(text.value).toBe('old');
    for (const typed of ['k', 'ke', 'key']) {
      model.value = typed;
      expect(text.value).toBe(typed);
      vi.advanceTimersByTime(URL_WRITE_DELAY_MS / 2);
    }
    expect(replace).not.toHaveBeenCalled();
    expect(router.currentRoute.value.query.q).toBe('old');
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(replace).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.currentRoute.value.query.q).toBe('key'));
    expect(text.value).toBe('key');
  });

  it('stays with the page it was typed on: another page reads its own URL, and nothing is written', async () => {
    const { router, model, text } = await setup();
    vi.useFakeTimers();
    const replace = vi.spyOn(router, 'replace');
    model.value = 'half';
    await router.push('/models?q=gpt');
    await nextTick();
    expect(text.value).toBe('gpt');
    // Past the pause on the fake clock: no write was waiting, and none was made.
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS * 2);
    expect(vi.getTimerCount()).toBe(0);
    expect(replace).not.toHaveBeenCalled();
    expect(router.currentRoute.value.fullPath).toBe('/models?q=gpt');
    // Back on the keys page, its URL holds the search it had: the half-typed text was not kept as typed.
    await router.push('/keys?q=old');
    expect(text.value).toBe('old');
  });
});
