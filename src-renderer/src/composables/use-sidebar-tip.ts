// What the sidebar's one tooltip speaks about, found by listening on the account list instead of on each row: the
// state or the balance of the row under the pointer (its `data-tip` part), or the whole row while it holds keyboard
// focus; placed right of the sidebar, level with that part.
import { computed, shallowRef, type Ref } from 'vue';

/** `row`: a row reached by keyboard says its state and its balance together. */
export type TipPart = 'state' | 'balance' | 'row';

export interface SidebarTip {
  readonly accountId: string;
  readonly part: TipPart;
  /** Viewport point the tooltip points at: the sidebar's right edge, the part's middle. */
  readonly x: number;
  readonly y: number;
}

const isHoverPart = (part: string | undefined): part is 'state' | 'balance' => part === 'state' || part === 'balance';

/** Focus a pointer gave (a click) needs no tooltip; focus from the keyboard does. Unknown support counts as keyboard. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** `sidebar` is the element whose right edge the tooltip stands beside. */
export function useSidebarTip(sidebar: Readonly<Ref<HTMLElement | null>>) {
  const hovered = shallowRef<SidebarTip | null>(null);
  const focused = shallowRef<SidebarTip | null>(null);
  let focusedRow: HTMLElement | null = null;

  const tipAt = (element: HTMLElement, part: TipPart): SidebarTip | null => {
    const accountId = element.closest<HTMLElement>('[data-account-id]')?.dataset.accountId;
    if (accountId === undefined) return null;
    const box = element.getBoundingClientRect();
    const x = sidebar.value?.getBoundingClientRect().right ?? box.right;
    return { accountId, part, x, y: box.top + box.height / 2 };
  };

  function onMouseover(event: MouseEvent): void {
    const part = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-tip]') : null;
    const name = part?.dataset.tip;
    if (!part || !isHoverPart(name)) {
      hovered.value = null;
      return;
    }
    const current = hovered.value;
    // Moving between the children of the same part changes nothing.
    const accountId = part.closest<HTMLElement>('[data-account-id]')?.dataset.accountId;
    if (current?.part === name && current.accountId === accountId) return;
    hovered.value = tipAt(part, name);
  }

  function onMouseleave(): void {
    hovered.value = null;
  }

  function onFocusin(event: FocusEvent): void {
    const row = event.target instanceof HTMLElement && event.target.dataset.accountId ? event.target : null;
    focusedRow = row !== null && isKeyboardFocus(row) ? row : null;
    focused.value = focusedRow === null ? null : tipAt(focusedRow, 'row');
  }

  function onFocusout(): void {
    focusedRow = null;
    focused.value = null;
  }

  /** A scrolled list moves the rows: the pointer's part is no longer where the tooltip points, the focused row is. */
  function onScroll(): void {
    hovered.value = null;
    if (focusedRow !== null) focused.value = tipAt(focusedRow, 'row');
  }

  /** Escape dismisses the tooltip (it comes back with the next row or part). */
  function onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    hovered.value = null;
    focused.value = null;
  }

  return {
    tip: computed(() => hovered.value ?? focused.value),
    listeners: { onMouseover, onMouseleave, onFocusin, onFocusout, onScroll, onKeydown },
  };
}
