// Naive UI's tooltip, loaded once the window is idle after the first paint (or at once when a pointer asks first):
// shared by LazyTooltip and the sidebar's one tooltip, so neither puts Naive's tooltip code on the first screen.
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

/** Loads the tooltip's code once the window is idle after the first paint (or at once where idle callbacks are absent). */
export function loadTooltipWhenIdle(): void {
  if (tooltipComponent.value !== null || loading !== null) return;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(loadTooltip, { timeout: 1_000 });
  else setTimeout(loadTooltip, 0);
}
