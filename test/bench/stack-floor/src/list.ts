// The floor's key list (lib/floor-page.ts) written as a Vue component: the same columns, row height, plain elements,
// shared formatters and type-to-filter, fed the same keys from the same emulator a page at a time. Both stack floors
// mount it: `vue.ts` on Vue alone, `stack.ts` inside the rest of the fixed stack. `input` draws the search box, so
// the stack floor can use Naive UI's.
import { computed, defineComponent, h, markRaw, onMounted, ref, shallowRef, type VNode } from 'vue';

/** What the bench puts in the page before its script (the floor page's options). */
export interface FloorConfig {
  readonly tokens: readonly string[];
  readonly rowHeight: number;
  readonly viewportHeight: number;
  readonly pageSize: number;
}

interface BenchProbe {
  rows: number;
  arrivals: number[];
}

declare global {
  interface Window {
    __floorConfig: FloorConfig;
    __bench?: BenchProbe;
  }
}

interface GatewayKey {
  readonly id: number;
  readonly name: string;
  readonly key: string;
  readonly status: number;
  readonly group?: string;
  readonly unlimited_quota: boolean;
  readonly remain_quota: number;
  readonly used_quota: number;
  readonly expired_time: number;
  readonly accessed_time: number;
}

interface Row {
  readonly id: number;
  readonly account: string;
  readonly name: string;
  readonly nameLower: string;
  readonly key: string;
  readonly isOn: boolean;
  readonly state: string;
  readonly group: string;
  readonly quota: string;
  readonly used: number;
  readonly expiry: string;
  readonly accessed: string;
}

const config = window.__floorConfig;
const bench = (window.__bench ??= { rows: 0, arrivals: [] });
const H = config.rowHeight;
const POOL = Math.ceil(config.viewportHeight / H) + 4;
const COLUMNS = ['', 'Name', 'Account', 'Key', 'State', 'Group', 'Quota', 'Expiry', 'Accessed', ''];

const rel = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const nowSec = Date.now() / 1000;

function relative(t: number): string {
  const d = t - nowSec;
  const abs = Math.abs(d);
  if (abs < 3600) return rel.format(Math.round(d / 60), 'minute');
  if (abs < 86400) return rel.format(Math.round(d / 3600), 'hour');
  return rel.format(Math.round(d / 86400), 'day');
}

const rowOf = (k: GatewayKey, account: string): Row =>
  markRaw({
    id: k.id,
    account,
    name: k.name,
    nameLower: k.name.toLowerCase(),
    key: 'sk-' + k.key,
    isOn: k.status === 1,
    state: k.status === 1 ? 'Enabled' : 'Disabled',
    group: k.group || 'default',
    quota: k.unlimited_quota ? 'Unlimited' : '$' + money.format(k.remain_quota / 500000),
    used: k.unlimited_quota ? 0 : Math.min(100, (100 * k.used_quota) / Math.max(1, k.used_quota + k.remain_quota)),
    expiry: k.expired_time === -1 ? 'Never' : day.format(new Date(k.expired_time * 1000)),
    accessed: k.accessed_time ? relative(k.accessed_time) : 'Never',
  });

/** Every account's pages in order, all accounts at once; the list is replaced once a frame as pages land. */
function loadKeys(into: { value: readonly Row[] }): void {
  const rows: Row[] = [];
  let scheduled = false;
  const commit = () => {
    scheduled = false;
    into.value = rows.slice();
  };
  const loadAccount = async (token: string, index: number) => {
    const account = `access_token-${index + 1}`;
    for (let p = 1; ; p += 1) {
      const res = await fetch(`/api/token/?p=${p}&size=${config.pageSize}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data: { items: GatewayKey[] | null; total: number } };
      const items = body.data.items ?? [];
      for (const k of items) rows.push(rowOf(k, account));
      bench.rows += items.length;
      if (!scheduled) {
        scheduled = true;
        requestAnimationFrame(commit);
      }
      if (items.length < config.pageSize || p * config.pageSize >= body.data.total) break;
    }
    bench.arrivals.push(performance.now());
  };
  config.tokens.forEach((token, i) => void loadAccount(token, i));
}

const cell = (text: string, cls = 'cell'): VNode => h('div', { class: cls }, text);

function rowNode(k: Row, slot: number, top: number): VNode {
  return h(
    'div',
    {
      key: slot,
      class: 'row',
      'data-testid': 'key-row',
      style: { height: `${H}px`, transform: `translateY(${top}px)` },
    },
    [
      h('div', { class: 'cell' }, h('input', { type: 'checkbox' })),
      h('div', { class: 'cell', title: k.name }, k.name),
      cell(k.account),
      h('div', { class: 'cell mono' }, [
        h('span', `${k.key.slice(0, 7)}…${k.key.slice(-4)}`),
        ' ',
        h('button', 'Show'),
        ' ',
        h('button', 'Copy'),
      ]),
      h('div', { class: 'cell' }, h('span', { class: k.isOn ? 'pill' : 'pill off' }, k.state)),
      cell(k.group),
      h('div', { class: 'cell' }, [
        h('div', k.quota),
        h('div', { class: 'meter' }, h('div', { style: { width: `${k.used}%` } })),
      ]),
      cell(k.expiry),
      cell(k.accessed),
      h('div', { class: 'cell' }, h('button', 'More')),
    ],
  );
}

export type SearchInput = (value: string, onInput: (value: string) => void) => VNode;

/** The key list with its search box: a window of POOL rows over the filtered keys, moved by the scroll position. */
export const keyList = (input: SearchInput) =>
  defineComponent(() => {
    const all = shallowRef<readonly Row[]>([]);
    const query = ref('');
    const top = ref(0);
    const scroller = ref<HTMLElement>();
    const shown = computed(() => {
      const q = query.value.trim().toLowerCase();
      return q === '' ? all.value : all.value.filter((k) => k.nameLower.includes(q) || k.key.toLowerCase().includes(q));
    });
    const onInput = (value: string) => {
      query.value = value;
      if (scroller.value) scroller.value.scrollTop = 0;
    };
    onMounted(() => loadKeys(all));
    return () => {
      const list = shown.value;
      const first = Math.max(0, Math.floor(top.value / H) - 2);
      const rows: VNode[] = [];
      list.slice(first, first + POOL).forEach((k, i) => rows.push(rowNode(k, i, (first + i) * H)));
      return h('div', [
        h('div', { class: 'bar' }, input(query.value, onInput)),
        h('div', { 'data-testid': 'key-table' }, [
          h(
            'div',
            { class: 'head' },
            COLUMNS.map((c) => cell(c)),
          ),
          h(
            'div',
            {
              ref: scroller,
              class: 'v-vl',
              'data-testid': 'key-table-scroller',
              style: { height: `${config.viewportHeight}px` },
              onScroll: (e: Event) => {
                top.value = (e.target as HTMLElement).scrollTop;
              },
            },
            h('div', { class: 'spacer', style: { height: `${list.length * H}px` } }, rows),
          ),
        ]),
      ]);
    };
  });
