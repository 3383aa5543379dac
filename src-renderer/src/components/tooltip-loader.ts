// Naive UI's tooltip, loaded when a pointer first reaches a trigger: shared by LazyTooltip and the sidebar's one
// tooltip, so neither puts Naive's tooltip code on the first screen. Not when the window is idle: held from the start,
// the tooltip's code (popover, binder, follower and their styles) was a third of a megabyte of the first screen's heap,
// and a local chunk arrives within the tooltip's own show delay.
import { shallowRef, type Component } from 'vue';

/** NTooltip once its code has arrived; null until then. */
export const tooltipComponent = shallowRef<Component | null>(null);
let loading: Promise<void> | null = null;

export function loadTooltip(): void {
  loading ??= import('./tooltip-impl').then(
    ({ NTooltip }) => {
      tooltipComponent.value = NTooltip;
    },
    () => {
      // A failed chunk load leaves the trigger alone (no tooltip); the next hover tries again.
      loading = null;
    },
  );
}
