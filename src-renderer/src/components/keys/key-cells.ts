// The key table's cells, drawn as plain element trees: name with restriction badges, the masked (or revealed) key with
// its buttons, state with a health mark, group, quota meter, dates (relative, exact on hover) and the row's actions.
// Cells are plain elements drawn like Naive's tiny buttons and borderless tags: a scrolled frame mounts a few rows, and
// a Naive component per tag or button made each row cost ten components. key-table.css draws them.
import { h } from 'vue';
import type { useI18n } from 'vue-i18n';
import type {
  AccountMoney,
  KeyHealthView,
  KeyState,
  KeyView,
  Language,
  RevealedKey,
} from '../../../../src-shared/contract';
import type { Fill } from '../../i18n/fill';
import { healthTone } from '../health/health-words';
import { iconNode } from '../icon-shapes';
import { quotaMeterNode, type MeterContext } from './quota-meter';
import { exactTime, expiryText, isNeverUsed, pastTime } from './relative-date';

/** What a row's cells ask the table to do. */
export type KeyAction =
  | 'details'
  | 'handoff'
  | 'rotate'
  | 'reveal'
  | 'hide'
  | 'copy'
  | 'edit'
  | 'addQuota'
  | 'enable'
  | 'disable'
  | 'extendEnable'
  | 'delete';

export type Tone = 'success' | 'default' | 'error' | 'warning' | 'info';

const STATE_TAG: Record<KeyState, Tone> = {
  enabled: 'success',
  disabled: 'default',
  expired: 'error',
  exhausted: 'warning',
};

/** A small tag without a border, as NTag draws it. */
export const tag = (tone: Tone, text: string, attrs: Record<string, unknown> = {}) =>
  h('span', { ...attrs, class: ['key-table__tag', `key-table__tag--${tone}`] }, text);

/** A tiny button without a frame (Naive's quaternary), for an icon. */
const iconButton = (
  label: string,
  icon: 'eye' | 'eyeOff' | 'copy',
  testId: string,
  onClick: () => void,
  isBusy = false,
) =>
  h(
    'button',
    {
      type: 'button',
      class: ['key-table__btn', isBusy ? 'is-busy' : ''],
      'aria-label': label,
      'aria-busy': isBusy ? 'true' : undefined,
      title: label,
      'data-testid': testId,
      onClick,
    },
    [iconNode(icon)],
  );

/** Masks as the server sends them ("sk-abcd**********wxyz"): the run of stars says nothing its first four do not. */
export const shortMask = (masked: string) => masked.replace(/\*{5,}/g, '****');

/** A check's mark: a shape and a colour (✓ works, ! refused, ? could not check), its words in the title. */
const HEALTH_GLYPH = { success: '✓', error: '!', warning: '?', default: '' } as const;

/**
 * What the cells read as they draw. Getters, read inside each row's render: a row re-renders when what it read
 * changes (the clock, a reveal), and the column list built from these cells stays the same.
 */
export interface CellContext {
  readonly fill: Fill;
  readonly t: ReturnType<typeof useI18n>['t'];
  readonly language: () => Language;
  readonly now: () => number;
  readonly health: () => ReadonlyMap<string, KeyHealthView> | undefined;
  readonly revealed: () => (RevealedKey & { accountId: string }) | null;
  /** The row (rowKey) whose reveal or copy is under way or waiting. */
  readonly busy: () => string | null | undefined;
  readonly accountLabel: (id: string) => string;
  readonly moneyOf: (accountId: string) => AccountMoney;
  readonly meter: () => MeterContext;
  readonly rowKey: (k: KeyView) => string;
  readonly onAction: (action: KeyAction, k: KeyView) => void;
  readonly openMenu: (event: MouseEvent, k: KeyView) => void;
}

export type KeyCells = ReturnType<typeof keyCells>;

export function keyCells(c: CellContext) {
  const { fill, t } = c;
  const isShown = (k: KeyView) => {
    const r = c.revealed();
    return r !== null && r.accountId === k.accountId && r.id === k.id;
  };

  function expiry(k: KeyView) {
    const unix = k.expiredTime;
    if (unix === null) return h('span', { class: 'key-table__muted' }, '—');
    if (unix === -1 || unix === 0) return h('span', { class: 'key-table__muted' }, fill('keys.never'));
    return h(
      'span',
      { class: 'key-table__time', title: exactTime(unix, c.language()) },
      expiryText(unix, c.now(), c.language()),
    );
  }

  function accessed(k: KeyView) {
    const unix = k.accessedTime;
    if (unix === null) return h('span', { class: 'key-table__muted' }, '—');
    if (isNeverUsed(unix, k.createdTime, c.now()))
      return h('span', { class: 'key-table__muted', 'data-testid': 'never-used' }, fill('keys.neverUsed'));
    return h(
      'span',
      { class: 'key-table__time', title: exactTime(unix, c.language()) },
      pastTime(unix, c.now(), c.language()),
    );
  }

  function healthMark(k: KeyView) {
    const r = c.health()?.get(c.rowKey(k));
    // A key Keydesk could not check says so in its drawer; the table marks only what a check found.
    if (r === undefined || r.state === 'not_held') return null;
    const tone = healthTone(r.state);
    const when = pastTime(Math.floor(r.checkedAt / 1000), c.now(), c.language());
    const label = fill('health.mark', { state: fill(`health.states.${r.state}`), when });
    return h(
      'span',
      {
        class: ['key-table__health', `key-table__tag--${tone}`],
        role: 'img',
        title: label,
        'aria-label': label,
        'data-testid': 'key-health',
        'data-health': r.state,
      },
      HEALTH_GLYPH[tone],
    );
  }

  const group = (k: KeyView) =>
    k.group === ''
      ? h('span', { class: 'key-table__muted' }, fill('keys.defaultGroup'))
      : h('span', { title: k.group }, k.group);

  /** The name, its badges, and (stacked in a narrow table) its account under it. */
  function name(k: KeyView, withAccount: boolean) {
    const cell = h('div', { class: 'key-table__name-cell' }, [
      h(
        'button',
        {
          class: 'key-table__name',
          type: 'button',
          title: k.name,
          'data-testid': 'key-name',
          onClick: () => c.onAction('details', k),
        },
        k.name || fill('keys.unnamed'),
      ),
      k.modelLimitsEnabled && k.modelLimits.length > 0
        ? tag('default', t('keys.badges.models', { n: k.modelLimits.length }), {
            title: k.modelLimits.join(', '),
            'data-testid': 'badge-models',
          })
        : null,
      k.allowIps !== ''
        ? tag('default', fill('keys.badges.ips'), { title: k.allowIps, 'data-testid': 'badge-ips' })
        : null,
    ]);
    if (!withAccount) return cell;
    const label = c.accountLabel(k.accountId);
    return h('div', { class: 'key-table__stack' }, [
      cell,
      h('span', { class: 'key-table__muted key-table__clip', title: label }, label),
    ]);
  }

  const account = (k: KeyView) => h('span', { title: c.accountLabel(k.accountId) }, c.accountLabel(k.accountId));

  /** The masked key ("abcd****wxyz") and its two buttons; a revealed key wraps inside the column. */
  function key(k: KeyView) {
    const isBusy = c.busy() != null && c.busy() === c.rowKey(k);
    const shown = isShown(k);
    return h('div', { class: 'key-table__key-cell' }, [
      h(
        'code',
        {
          class: ['key-table__key', shown ? 'is-revealed' : ''],
          'data-testid': shown ? 'revealed-key' : 'masked-key',
          title: shown ? undefined : k.maskedKey,
        },
        shown ? (c.revealed()?.key ?? '') : shortMask(k.maskedKey),
      ),
      // Icons, not words: the masked key keeps the room it needs at any width (labels in title and aria-label).
      shown
        ? iconButton(fill('keys.actions.hide'), 'eyeOff', 'hide-key', () => c.onAction('hide', k))
        : iconButton(fill('keys.actions.reveal'), 'eye', 'reveal-key', () => c.onAction('reveal', k), isBusy),
      iconButton(fill('keys.actions.copy'), 'copy', 'copy-key', () => c.onAction('copy', k), isBusy),
    ]);
  }

  /** The state as a tag with its health mark, and (stacked in a narrow table) the group under it. */
  function state(k: KeyView, withGroup: boolean) {
    const tagged = tag(STATE_TAG[k.state], fill(`keys.states.${k.state}`), {
      'data-testid': 'key-state',
      'data-state': k.state,
    });
    const mark = healthMark(k);
    const cell = mark === null ? tagged : h('span', { class: 'key-table__state-cell' }, [tagged, mark]);
    return withGroup ? h('div', { class: 'key-table__stack' }, [cell, group(k)]) : cell;
  }

  const quota = (k: KeyView) => quotaMeterNode(k, c.moneyOf(k.accountId), c.meter());

  const dates = (k: KeyView) => h('div', { class: 'key-table__stack' }, [expiry(k), accessed(k)]);

  const actions = (k: KeyView) =>
    h('div', { class: 'key-table__actions' }, [
      h(
        'button',
        {
          type: 'button',
          class: 'key-table__btn key-table__btn--framed',
          'data-testid': 'edit-key',
          onClick: () => c.onAction('edit', k),
        },
        fill('keys.actions.edit'),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'key-table__btn',
          'aria-label': fill('keys.actions.more'),
          'aria-haspopup': 'menu',
          'data-testid': 'key-menu',
          onClick: (event: MouseEvent) => {
            c.openMenu(event, k);
          },
        },
        '⋯',
      ),
    ]);

  return { name, account, key, state, group, quota, expiry, accessed, dates, actions, isShown };
}
