// One row of the key table: a selection box and the cells the table's columns draw. A component of its own so that
// scrolling re-renders only the rows whose key changed; the table reuses each row for the next key that scrolls in
// (its DOM stays, only text and attributes change), the way a hand-written virtual list does.
import { defineComponent, h, type PropType, type VNodeChild } from 'vue';
import type { KeyView } from '../../../../src-shared/contract';

export interface KeyColumn {
  readonly key: string;
  readonly title: string;
  /** A stacked column's second field (its cells show it on a second line): the header's second line too. */
  readonly subtitle?: string;
  /** Fixed width in px; none takes the room left (the name). */
  readonly width?: number;
  readonly isEllipsis?: boolean;
  readonly align?: 'right';
  readonly render: (k: KeyView) => VNodeChild;
}

let canvas: CanvasRenderingContext2D | null | undefined;
let font = '';
const widths = new Map<string, number>();

/**
 * A text's width in the table's font, for the account column. One canvas for every table, the font read once (reading
 * it forces the page's style, and a search that brings the table back would pay for it on that keystroke), and each
 * label measured once.
 */
export function textWidth(text: string, box: HTMLElement | null): number {
  const known = widths.get(text);
  if (known !== undefined) return known;
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return text.length * 8;
  if (font === '') font = canvas.font = getComputedStyle(box ?? document.body).font;
  const width = canvas.measureText(text).width;
  // Labels are few; a bound keeps a long session's renamed accounts from piling up.
  if (widths.size >= 500) widths.clear();
  widths.set(text, width);
  return width;
}

export const cellClass = (column: KeyColumn): string[] => [
  'key-table__td',
  column.isEllipsis === true ? 'key-table__td--ellipsis' : '',
  column.align === 'right' ? 'key-table__td--right' : '',
];

export default defineComponent({
  name: 'KeyRow',
  props: {
    item: { type: Object as PropType<KeyView>, required: true },
    columns: { type: Array as PropType<readonly KeyColumn[]>, required: true },
    isSelected: { type: Boolean, required: true },
    isHighlighted: { type: Boolean, required: true },
    /** The position in the list, 1-based, for assistive technology (rows on screen are a window of the list). */
    rowIndex: { type: Number, required: true },
    selectLabel: { type: String, required: true },
  },
  emits: { toggle: (_isSelected: boolean) => true },
  setup(props, { emit }) {
    return () =>
      h(
        'div',
        {
          class: ['key-table__row', props.isHighlighted ? 'key-table__row--new' : ''],
          role: 'row',
          'aria-rowindex': props.rowIndex + 1, // the header is row 1
          'data-testid': 'key-row',
          'data-key-id': String(props.item.id),
          'data-account': props.item.accountId,
        },
        [
          h('div', { class: 'key-table__td key-table__td--selection', role: 'cell' }, [
            h('input', {
              type: 'checkbox',
              class: 'key-table__check',
              'data-testid': 'select-key',
              'aria-label': props.selectLabel,
              checked: props.isSelected,
              onChange: (event: Event) => emit('toggle', (event.target as HTMLInputElement).checked),
            }),
          ]),
          ...props.columns.map((column) =>
            h('div', { key: column.key, class: cellClass(column), role: 'cell' }, [column.render(props.item)]),
          ),
        ],
      );
  },
});
