// The floor for the keys table: a hand-written virtual list in plain DOM (no framework) with Keydesk's columns and
// row height, fed the same keys from the same emulator, with type-to-filter. Served by the bench at the emulator's
// origin (Playwright route), so its fetches reach the emulator directly. Also the empty page (the frame floor).

/** Query of the floor page: accounts' access tokens, the row height and the list's visible height to copy. */
export interface FloorOptions {
  readonly tokens: readonly string[];
  readonly rowHeight: number;
  readonly viewportHeight: number;
  readonly pageSize: number;
}

/** The floor's styles: its columns and row look, shared with the stack floors (test/bench/stack-floor/). */
export const FLOOR_STYLE = `
  body { margin: 0; font: 14px system-ui, sans-serif; color: #1f2225; }
  .bar { height: 56px; display: flex; align-items: center; padding: 0 16px; border-bottom: 1px solid #e5e7eb; }
  .bar input { width: 320px; height: 32px; padding: 0 8px; font: inherit; }
  .head, .row { display: grid; grid-template-columns: 36px minmax(160px, 1fr) 120px 184px 84px 76px 128px 96px 96px 88px;
    align-items: center; }
  .head { height: 40px; font-weight: 600; border-bottom: 1px solid #e5e7eb; }
  .v-vl { position: relative; overflow-y: auto; }
  .spacer { position: relative; }
  .row { position: absolute; left: 0; right: 0; border-bottom: 1px solid #eef0f2; box-sizing: border-box; }
  .cell { padding: 0 8px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .mono { font-family: ui-monospace, monospace; font-size: 12px; }
  .pill { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 12px; background: #e8f5ee; color: #18794e; }
  .pill.off { background: #f1f3f5; color: #5f6368; }
  .meter { height: 4px; background: #eef0f2; border-radius: 2px; margin-top: 4px; }
  .meter > div { height: 100%; background: #2f6bd8; border-radius: 2px; }
  button { font: inherit; font-size: 12px; padding: 0 6px; height: 24px; }
`;

/** What the stack floors' pages need before their script: the floor's styles and its options. */
export function stackFloorHead(options: FloorOptions): string {
  return `<style>${FLOOR_STYLE}</style><script>window.__floorConfig = ${JSON.stringify(options)};</script>`;
}

export const EMPTY_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>empty</title></head><body></body></html>';

export function floorPage(options: FloorOptions): string {
  const config = JSON.stringify(options);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>
<style>${FLOOR_STYLE}</style></head>
<body>
<div class="bar"><input data-testid="search-input" placeholder="Search"></div>
<div data-testid="key-table">
  <div class="head"><div class="cell"><input type="checkbox"></div><div class="cell">Name</div><div class="cell">Account</div>
  <div class="cell">Key</div><div class="cell">State</div><div class="cell">Group</div><div class="cell">Quota</div>
  <div class="cell">Expiry</div><div class="cell">Accessed</div><div class="cell"></div></div>
  <div class="v-vl" data-testid="key-table-scroller"><div class="spacer"></div></div>
</div>
<script>
(() => {
  const cfg = ${config};
  const bench = window.__bench || { arrivals: [], rows: 0 };
  const H = cfg.rowHeight;
  const scroller = document.querySelector('.v-vl');
  const spacer = document.querySelector('.spacer');
  const input = document.querySelector('input[data-testid="search-input"]');
  scroller.style.height = cfg.viewportHeight + 'px';
  const all = [];
  let shown = all;
  // One formatter per kind, shared by every cell.
  const rel = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  const nowSec = Date.now() / 1000;
  const relative = (t) => {
    const d = t - nowSec;
    const abs = Math.abs(d);
    if (abs < 3600) return rel.format(Math.round(d / 60), 'minute');
    if (abs < 86400) return rel.format(Math.round(d / 3600), 'hour');
    return rel.format(Math.round(d / 86400), 'day');
  };
  const view = (k, account) => ({
    id: k.id, account, name: k.name, nameLower: k.name.toLowerCase(), key: 'sk-' + k.key,
    isOn: k.status === 1, state: k.status === 1 ? 'Enabled' : 'Disabled', group: k.group || 'default',
    quota: k.unlimited_quota ? 'Unlimited' : '$' + money.format(k.remain_quota / 500000),
    used: k.unlimited_quota ? 0 : Math.min(100, (100 * k.used_quota) / Math.max(1, k.used_quota + k.remain_quota)),
    expiry: k.expired_time === -1 ? 'Never' : day.format(new Date(k.expired_time * 1000)),
    accessed: k.accessed_time ? relative(k.accessed_time) : 'Never',
  });
  // A pool of row elements, reused as the window moves: only text and position change.
  const pool = [];
  const makeRow = () => {
    const row = document.createElement('div');
    row.className = 'row';
    row.dataset.testid = 'key-row';
    row.style.height = H + 'px';
    row.innerHTML = '<div class="cell"><input type="checkbox"></div><div class="cell"></div><div class="cell"></div>' +
      '<div class="cell mono"><span></span> <button>Show</button> <button>Copy</button></div>' +
      '<div class="cell"><span class="pill"></span></div><div class="cell"></div>' +
      '<div class="cell"><div></div><div class="meter"><div></div></div></div><div class="cell"></div>' +
      '<div class="cell"></div><div class="cell"><button>More</button></div>';
    const c = row.children;
    const refs = { row, name: c[1], account: c[2], key: c[3].firstChild, pill: c[4].firstChild, group: c[5],
      quota: c[6].firstChild, bar: c[6].lastChild.firstChild, expiry: c[7], accessed: c[8], id: -1 };
    spacer.appendChild(row);
    return refs;
  };
  const fill = (r, k) => {
    r.id = k.id;
    r.name.textContent = k.name; r.name.title = k.name;
    r.account.textContent = k.account;
    r.key.textContent = k.key.slice(0, 7) + '…' + k.key.slice(-4);
    r.pill.textContent = k.state; r.pill.className = k.isOn ? 'pill' : 'pill off';
    r.group.textContent = k.group;
    r.quota.textContent = k.quota; r.bar.style.width = k.used + '%';
    r.expiry.textContent = k.expiry; r.accessed.textContent = k.accessed;
  };
  let scheduled = false;
  const render = () => {
    scheduled = false;
    spacer.style.height = shown.length * H + 'px';
    const first = Math.max(0, Math.floor(scroller.scrollTop / H) - 2);
    const count = Math.min(shown.length - first, Math.ceil(cfg.viewportHeight / H) + 4);
    while (pool.length < count) pool.push(makeRow());
    for (let i = 0; i < pool.length; i += 1) {
      const r = pool[i];
      const k = i < count ? shown[first + i] : undefined;
      if (!k) { r.row.style.display = 'none'; r.id = -1; continue; }
      r.row.style.display = '';
      r.row.style.transform = 'translateY(' + (first + i) * H + 'px)';
      if (r.id !== k.id) fill(r, k);
    }
  };
  const schedule = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(render); } };
  scroller.addEventListener('scroll', render, { passive: true });
  const filter = () => {
    const q = input.value.trim().toLowerCase();
    shown = q === '' ? all : all.filter((k) => k.nameLower.includes(q) || k.key.toLowerCase().includes(q));
    scroller.scrollTop = 0;
    render();
  };
  input.addEventListener('input', filter);
  // Every account's pages in order, all accounts at once; rows appear per page as it arrives.
  const loadAccount = async (token, index) => {
    const account = 'access_token-' + (index + 1);
    for (let p = 1; ; p += 1) {
      const res = await fetch('/api/token/?p=' + p + '&size=' + cfg.pageSize, { headers: { Authorization: 'Bearer ' + token } });
      const body = await res.json();
      const items = body.data.items || [];
      for (const k of items) all.push(view(k, account));
      bench.rows += items.length;
      if (input.value !== '') filter(); else schedule();
      if (items.length < cfg.pageSize || p * cfg.pageSize >= body.data.total) break;
    }
    bench.arrivals.push(performance.now());
  };
  cfg.tokens.forEach((token, i) => void loadAccount(token, i));
})();
</script></body></html>`;
}
