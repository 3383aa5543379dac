// @vitest-environment happy-dom
// One theme-variables value for the whole window: every component below the frame gets the frame's own computed
// value (Naive's useThemeVars would build a new copy per component when the theme has overrides), with the overrides
// applied; a component with no frame above still gets Naive's.
/* eslint-disable vue/one-component-per-file -- a frame and its child, the two sides of the test */
import { mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { provideThemeVars, useAppThemeVars, type ThemeVars } from '../../../../src-renderer/src/composables/theme-vars';

const seen: ThemeVars[] = [];
const Child = defineComponent({
  setup() {
    seen.push(useAppThemeVars());
    return () => h('i');
  },
});
const Frame = defineComponent({
  setup() {
    seen.push(provideThemeVars());
    return () => h('div', [h(Child), h(Child)]);
  },
});

/** Mounts `inner` under a config provider whose theme overrides the primary colour; what each component got is in `seen`. */
function mountUnder(primaryColor: string, inner: ReturnType<typeof defineComponent>): void {
  seen.length = 0;
  mount(NConfigProvider, {
    props: { themeOverrides: { common: { primaryColor } } },
    slots: { default: () => h(inner) },
  });
}

describe('theme variables', () => {
  it('hands the frame’s one value to every component below it, overrides applied', () => {
    mountUnder('#123456', Frame);
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
    expect(seen[1]?.value.primaryColor).toBe('#123456');
  });

  it('falls back to Naive’s own where no frame provides them', () => {
    mountUnder('#654321', Child);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.value.primaryColor).toBe('#654321');
  });
});
