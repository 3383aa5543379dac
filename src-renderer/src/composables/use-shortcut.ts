// Single-key keyboard shortcuts (`/`, later `n` and `r`) that stay out of the way while the user types.
import { onBeforeUnmount, onMounted } from 'vue';

const isTypingTarget = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
};

/** Calls `handler` when `key` is pressed with no modifier outside a text field, for the component's lifetime. */
export function useShortcut(key: string, handler: (event: KeyboardEvent) => void): void {
  const onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== key || event.defaultPrevented || event.isComposing) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTypingTarget(event.target)) return;
    event.preventDefault();
    handler(event);
  };
  onMounted(() => {
    window.addEventListener('keydown', onKeydown);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', onKeydown);
  });
}
