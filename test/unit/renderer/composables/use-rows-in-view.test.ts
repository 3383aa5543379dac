// @vitest-environment happy-dom
// A list's rows built as they come into view: the first count at once, a page more each time the spacer standing in
// for the rest nears the edge (and again while it stays there), every row once focus enters the list, and every row
// at once where the browser has no IntersectionObserver; how many rows a window can show is counted generously.
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { rowsInView, useRowsInView, type RowsInView } from '../../../../src-renderer/src/composables/use-rows-in-view';

/** An IntersectionObserver the test drives: `seen(true)` reports the observed spacer in view. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  readonly options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.last = this;
  }
  observe(target: Element): void {
    this.observed.add(target);
  }
  disconnect(): void {
    this.observed.clear();
  }
  seen(isIntersecting: boolean): void {
    this.callback([...this.observed].map((target) => ({ isIntersecting, target })));
  }
}

/** Twenty rows in a scrolled box, the unbuilt ones stood in for by a spacer, as the sidebar draws them. */
function mountList(first: number): { rows: () => RowsInView; count: () => number; unmount: () => void } {
  let state: RowsInView | null = null;
  const List = defineComponent({
    setup() {
      const root = ref<HTMLElement | null>(null);
      const spacer = ref<HTMLElement | null>(null);
      state = useRowsInView({ first, page: 8, root, spacer });
      const rows = state;
      return () =>
        h('div', { ref: root, onFocusin: rows.buildAll }, [
          ...Array.from({ length: Math.min(20, rows.built.value) }, (_, i) =>
            h('button', { class: 'row', key: i }, `row ${String(i)}`),
          ),
          rows.built.value < 20 ? h('div', { ref: spacer, class: 'spacer' }) : null,
        ]);
    },
  });
  const wrapper = mount(List, { attachTo: document.body });
  return {
    rows: () => state as unknown as RowsInView,
    count: () => wrapper.findAll('.row').length,
    unmount: () => wrapper.unmount(),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
  document.body.innerHTML = '';
});

describe('rows built as they come into view', () => {
  it('builds the first rows only, then a page more each time the spacer nears the edge, until all are built', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const list = mountList(5);
    await nextTick();
    expect(list.count()).toBe(5);
    const observer = FakeObserver.last;
    if (observer === null) throw new Error('no observer');
    expect(observer.observed.size).toBe(1);
    observer.seen(false);
    await nextTick();
    expect(list.count()).toBe(5);
    observer.seen(true);
    await nextTick();
    await nextTick();
    expect(list.count()).toBe(13);
    // Still in view after that page (observing afresh reports it again): another page, then no spacer is left.
    observer.seen(true);
    await nextTick();
    await nextTick();
    expect(list.count()).toBe(20);
    expect(observer.observed.size).toBe(0);
    list.unmount();
  });

  it('builds every row once focus enters the list', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const list = mountList(5);
    await nextTick();
    document.querySelector<HTMLButtonElement>('.row')?.focus();
    await nextTick();
    expect(list.count()).toBe(20);
    list.unmount();
  });

  it('builds every row where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const list = mountList(5);
    await nextTick();
    expect(list.count()).toBe(20);
    list.unmount();
  });
});

describe('rowsInView', () => {
  it.each([
    [800, 11],
    [600, 8],
    [256, 1],
    [200, 1],
    [100, 1],
    [Number.NaN, 1],
  ])('a window %d px high shows up to %d rows of at least 56 px below 200 px', (height, rows) => {
    expect(rowsInView(height, 200, 56)).toBe(rows);
  });
});
