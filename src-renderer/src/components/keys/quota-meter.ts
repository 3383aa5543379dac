// A key's quota at a glance, as a render function: remaining of granted as a meter with the amounts in text (colour
// is never the only signal), an "Unlimited" chip for unlimited keys with their use (and a negative remaining shown
// honestly), and "—" with the reason when the list did not say; units on hover. The key table calls it in every row
// it draws, with no component per meter (a component's setup, props and effect are paid on every row mounted);
// KeyQuotaMeter.vue wraps it for a key's details.
import { h, type VNode } from 'vue';
import type { AccountMoney, KeyView, Language } from '../../../../src-shared/contract';
import { formatMoney, formatUnits } from '../../../../src-shared/units';
import type { Fill } from '../../i18n/fill';
import './quota-meter.css';

export type MeterItem = Pick<KeyView, 'remainQuota' | 'usedQuota' | 'unlimitedQuota'>;

export interface MeterView {
  readonly used: number;
  readonly remain: number | null;
  readonly granted: number | null;
  /** Share left, 0–100; null when unknown or unlimited. */
  readonly percent: number | null;
  readonly level: 'none' | 'ok' | 'warn' | 'critical';
}

export function meterView(item: MeterItem): MeterView {
  const used = item.usedQuota ?? 0;
  const remain = item.remainQuota;
  const granted = remain === null ? null : Math.max(remain, 0) + used;
  const percent =
    item.unlimitedQuota || remain === null || granted === null
      ? null
      : granted <= 0
        ? 0
        : Math.max(0, Math.min(100, (Math.max(remain, 0) / granted) * 100));
  const level = percent === null ? 'none' : percent <= 5 ? 'critical' : percent <= 20 ? 'warn' : 'ok';
  return { used, remain, granted, percent, level };
}

/** How the meter is drawn where it is: the language, its messages, and the "Unlimited" chip of the place. */
export interface MeterContext {
  readonly language: Language;
  readonly fill: Fill;
  readonly chip: (text: string) => VNode;
}

export function quotaMeterNode(item: MeterItem, money: AccountMoney, { language, fill, chip }: MeterContext): VNode {
  const view = meterView(item);
  const amount = (u: number) => formatUnits(u, language, money.site);
  const used = () => h('span', { class: 'quota-meter__used' }, fill('keys.meter.used', { amount: amount(view.used) }));
  // One line in a row of fixed height (the whole sentence in its title), wrapped where there is room (the drawer).
  const overGranted = (text: string) =>
    h('div', { class: 'quota-meter__note', 'data-testid': 'quota-negative', title: text }, text);
  let body: (VNode | null)[];
  if (item.unlimitedQuota) {
    body = [
      h('div', { class: 'quota-meter__line' }, [chip(fill('keys.meter.unlimited')), used()]),
      view.remain !== null && view.remain < 0
        ? overGranted(fill('keys.meter.overGranted', { amount: amount(view.remain) }))
        : null,
    ];
  } else if (view.remain === null) {
    body = [
      h(
        'span',
        { class: 'quota-meter__unknown', 'data-testid': 'quota-unknown', title: fill('keys.meter.unknown') },
        '—',
      ),
      used(),
    ];
  } else {
    const percent = view.percent ?? 0;
    body = [
      // A native title, not a tooltip component: the table draws this meter in every row it scrolls to.
      h('div', { title: fill('keys.meter.unitsHint', { remain: view.remain, used: view.used }) }, [
        h('div', { class: 'quota-meter__line' }, [
          h(
            'span',
            { class: 'quota-meter__remain', 'data-testid': 'quota-remaining' },
            formatMoney(view.remain, language, money),
          ),
          h('span', { class: 'quota-meter__of' }, fill('keys.meter.of', { amount: amount(view.granted ?? 0) })),
        ]),
        h(
          'div',
          {
            class: 'quota-meter__bar',
            role: 'meter',
            'aria-valuenow': Math.round(percent),
            'aria-valuemin': '0',
            'aria-valuemax': '100',
            'aria-label': fill('keys.meter.label'),
          },
          [h('div', { class: 'quota-meter__fill', style: { width: `${String(percent)}%` } })],
        ),
      ]),
    ];
  }
  return h('div', { class: 'quota-meter', 'data-testid': 'quota-meter', 'data-level': view.level }, body);
}
