// The key table's column model: the layout rule (the name keeps its room; last use, then account and group stack
// instead), the columns each layout has with their widths and second header lines, and the grid they make.
import { describe, expect, it } from 'vitest';
import type { KeyCells } from '../../../../../src-renderer/src/components/keys/key-cells';
import {
  accountColumnWidth,
  COLUMN_WIDTHS as W,
  gridTemplate,
  keyColumns,
  NAME_MIN,
  stateColumnWidth,
  tableLayout,
  type TableLayout,
} from '../../../../../src-renderer/src/components/keys/key-columns';
import { keyView } from '../../../../support/key-view';

/** Cells that say which cell drew them and how, so a column's render can be checked without Vue. */
const cells = {
  name: (_k: unknown, withAccount: boolean) => `name${withAccount ? '+account' : ''}`,
  account: () => 'account',
  key: () => 'key',
  state: (_k: unknown, withGroup: boolean) => `state${withGroup ? '+group' : ''}`,
  group: () => 'group',
  quota: () => 'quota',
  expiry: () => 'expiry',
  accessed: () => 'accessed',
  dates: () => 'dates',
  actions: () => 'actions',
  isShown: () => false,
} as unknown as KeyCells;

const titles = {
  name: 'Name',
  account: 'Account',
  key: 'Key',
  state: 'State',
  group: 'Group',
  quota: 'Quota',
  expiry: 'Expires',
  accessed: 'Last used',
};

const columnsOf = (layout: TableLayout, showAccount: boolean) =>
  keyColumns({ layout, showAccount, accountWidth: 120, stateWidth: W.state, titles }, cells);

/** Every fixed column of the wide layout, without an account column. */
const WIDE = W.selection + W.key + W.state + W.group + W.quota + 2 * W.date + W.actions;

describe('the key table layout', () => {
  it('is wide while the name keeps NAME_MIN, stacks the dates first, then account and group', () => {
    expect(tableLayout(WIDE + NAME_MIN, W.state, 0)).toBe('wide');
    expect(tableLayout(WIDE + NAME_MIN - 1, W.state, 0)).toBe('stackDates');
    const stacked = WIDE - 2 * W.date + W.dates;
    expect(tableLayout(stacked + NAME_MIN, W.state, 0)).toBe('stackDates');
    expect(tableLayout(stacked + NAME_MIN - 1, W.state, 0)).toBe('compact');
    // An account column and a health mark each take their room from the name.
    expect(tableLayout(WIDE + NAME_MIN, W.state, 60)).toBe('stackDates');
    expect(tableLayout(WIDE + NAME_MIN, W.state, 120)).toBe('compact');
    expect(tableLayout(WIDE + NAME_MIN, stateColumnWidth(true), 0)).toBe('stackDates');
    expect(tableLayout(Number.POSITIVE_INFINITY, W.state, 160)).toBe('wide');
  });

  it('widens the state column for health marks only when there are some', () => {
    expect(stateColumnWidth(false)).toBe(W.state);
    expect(stateColumnWidth(true)).toBeGreaterThan(W.state);
  });

  it('sizes the account column to its longest label plus padding, within bounds', () => {
    expect(accountColumnWidth(0)).toBe(80);
    expect(accountColumnWidth(92.4)).toBe(120);
    expect(accountColumnWidth(1_000)).toBe(160);
  });
});

describe('the columns of each layout', () => {
  const k = keyView({ id: 1 });

  it('gives the wide layout a column for each field, the account only in All keys', () => {
    expect(columnsOf('wide', true).map((c) => c.key)).toEqual([
      'name',
      'account',
      'key',
      'state',
      'group',
      'quota',
      'expiry',
      'accessed',
      'actions',
    ]);
    expect(columnsOf('wide', false).map((c) => c.key)).not.toContain('account');
    expect(columnsOf('wide', true).find((c) => c.key === 'account')?.width).toBe(120);
  });

  it('stacks last use under expiry in one dates column named on two lines', () => {
    const columns = columnsOf('stackDates', true);
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'account',
      'key',
      'state',
      'group',
      'quota',
      'dates',
      'actions',
    ]);
    const dates = columns.find((c) => c.key === 'dates');
    expect(dates).toMatchObject({ title: 'Expires', subtitle: 'Last used', width: W.dates });
    expect(dates?.render(k)).toBe('dates');
  });

  it('stacks the account under the name and the group under the state when compact', () => {
    const columns = columnsOf('compact', true);
    expect(columns.map((c) => c.key)).toEqual(['name', 'key', 'state', 'quota', 'dates', 'actions']);
    const name = columns[0];
    expect(name).toMatchObject({ title: 'Name', subtitle: 'Account' });
    expect(name?.render(k)).toBe('name+account');
    const state = columns.find((c) => c.key === 'state');
    expect(state).toMatchObject({ subtitle: 'Group' });
    expect(state?.render(k)).toBe('state+group');
    // One account's keys: no account to stack under the name.
    const single = columnsOf('compact', false);
    expect(single[0]?.subtitle).toBeUndefined();
    expect(single[0]?.render(k)).toBe('name');
  });

  it('lets the name take the room left and gives every other column its width', () => {
    const columns = columnsOf('wide', false);
    expect(columns[0]?.width).toBeUndefined();
    expect(gridTemplate(columns)).toBe(
      [W.selection, 'fr', W.key, W.state, W.group, W.quota, W.date, W.date, W.actions]
        .map((w) => (w === 'fr' ? 'minmax(0, 1fr)' : `${String(w)}px`))
        .join(' '),
    );
    expect(columns.find((c) => c.key === 'quota')?.align).toBe('right');
  });
});
