// The key table's column model: the fixed widths, the one layout rule for every key table, and the columns each
// layout has. The table is exactly as wide as its box (never a horizontal scrollbar, so no pinned column with text
// sliding under it); where the name would get less than NAME_MIN, last use, then the account and the group stack
// under their neighbours instead of taking columns of their own. Cells come from key-cells.ts; no Vue state here.
import type { KeyView } from '../../../../src-shared/contract';
import type { KeyCells } from './key-cells';
import type { KeyColumn } from './key-row';

/** Widths of the fixed columns; the name takes what is left. */
// A date column holds the longest relative date on two lines ("11 months" / "ago"; 88 px cut it to three) and a
// stacked one each of its two dates on one line at 12 px.
export const COLUMN_WIDTHS = {
  selection: 36,
  key: 184,
  state: 84,
  group: 76,
  quota: 128,
  date: 96,
  dates: 112,
  actions: 88,
} as const;
const W = COLUMN_WIDTHS;
/** The state column makes room for a health check's mark once there is one to show (none: as wide as ever). */
const HEALTH_MARK_ROOM = 18;
/** The name keeps at least this much before the dates and the group give up their own columns. */
export const NAME_MIN = 140;
const CELL_PADDING = 28;
const ACCOUNT_MIN = 80;
const ACCOUNT_MAX = 160;

export type TableLayout = 'wide' | 'stackDates' | 'compact';

export const stateColumnWidth = (hasHealthMarks: boolean): number => W.state + (hasHealthMarks ? HEALTH_MARK_ROOM : 0);

/** The account column as wide as its longest label, within bounds, so labels are cut only when space runs out. */
export const accountColumnWidth = (widestLabel: number): number =>
  Math.round(Math.min(ACCOUNT_MAX, Math.max(ACCOUNT_MIN, widestLabel + CELL_PADDING)));

/**
 * How much stacks, so that the name keeps NAME_MIN: first last use goes under expiry (one dates column), then the
 * account under the name and the group under the state. `accountWidth` 0 when no account column is shown.
 */
export function tableLayout(boxWidth: number, stateWidth: number, accountWidth: number): TableLayout {
  const wide = W.selection + W.key + stateWidth + W.group + W.quota + 2 * W.date + W.actions + accountWidth;
  if (boxWidth - wide >= NAME_MIN) return 'wide';
  if (boxWidth - (wide - 2 * W.date + W.dates) >= NAME_MIN) return 'stackDates';
  return 'compact';
}

/** The header titles the columns need, in the user's language. */
export interface ColumnTitles {
  readonly name: string;
  readonly account: string;
  readonly key: string;
  readonly state: string;
  readonly group: string;
  readonly quota: string;
  readonly expiry: string;
  readonly accessed: string;
}

export interface ColumnsInput {
  readonly layout: TableLayout;
  readonly showAccount: boolean;
  readonly accountWidth: number;
  readonly stateWidth: number;
  readonly titles: ColumnTitles;
}

/** The columns a layout shows, left to right, each drawing its cell with `cells`. */
export function keyColumns(input: ColumnsInput, cells: KeyCells): KeyColumn[] {
  const { layout, showAccount, titles } = input;
  const isCompact = layout === 'compact';
  const hasAccountColumn = showAccount && !isCompact;
  const isNameStacked = showAccount && isCompact;
  return [
    {
      key: 'name',
      title: titles.name,
      ...(isNameStacked ? { subtitle: titles.account } : {}),
      render: (k: KeyView) => cells.name(k, isNameStacked),
    },
    ...(hasAccountColumn
      ? [{ key: 'account', title: titles.account, width: input.accountWidth, isEllipsis: true, render: cells.account }]
      : []),
    { key: 'key', title: titles.key, width: W.key, render: cells.key },
    {
      key: 'state',
      title: titles.state,
      ...(isCompact ? { subtitle: titles.group } : {}),
      width: input.stateWidth,
      render: (k: KeyView) => cells.state(k, isCompact),
    },
    ...(isCompact
      ? []
      : [{ key: 'group', title: titles.group, width: W.group, isEllipsis: true, render: cells.group }]),
    // The amount and "of …" wrap onto two lines rather than take room from the name.
    { key: 'quota', title: titles.quota, width: W.quota, align: 'right' as const, render: cells.quota },
    ...(layout === 'wide'
      ? [
          { key: 'expiry', title: titles.expiry, width: W.date, render: cells.expiry },
          { key: 'accessed', title: titles.accessed, width: W.date, render: cells.accessed },
        ]
      : [{ key: 'dates', title: titles.expiry, subtitle: titles.accessed, width: W.dates, render: cells.dates }]),
    { key: 'actions', title: '', width: W.actions, render: cells.actions },
  ];
}

/** The grid's columns: the selection box, then each column's width, the name's the room left. */
export const gridTemplate = (columns: readonly KeyColumn[]): string =>
  [`${String(W.selection)}px`, ...columns.map((c) => (c.width ? `${String(c.width)}px` : 'minmax(0, 1fr)'))].join(' ');
