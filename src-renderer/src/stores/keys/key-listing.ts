// The keys store's listing: the key-capable accounts (from the accounts store), the current table (one account paged
// on the server, or "All keys" merged account by account), search (answered from loaded lists where it can be) and
// the state and group filters. Answers to an older load are dropped; a failing account leaves the others shown.
// Over 300 lines: the load of All keys and the local search share the saved list and the ticket that orders them.
import { computed, ref, shallowRef } from 'vue';
import type {
  AccountKind,
  AccountMoney,
  AppError,
  ArgsOf,
  KeySearchField,
  KeyState,
  KeyView,
  Result,
} from '../../../../src-shared/contract';
import { searchMatcher } from '../../../../src-shared/rules/search-rules';
import { keydesk } from '../../bridge';
import { checkSearch } from '../../components/keys/search-rules';
import { useAccountsStore } from '../accounts.store';
import { dropPrefetchedLists, listsKeys, takePrefetchedFirstPage } from '../keys-prefetch';
import { rowKey } from './key-selection';
import { shareEmptyLists } from './shared-lists';
import { pacedFrames } from './paced-frames';

/** An account as the key pages need it: who it is, how it shows money, and whether keys can be managed. */
export interface KeyAccountView {
  readonly id: string;
  readonly label: string;
  readonly kind: AccountKind;
  readonly isDisabled: boolean;
  /** How the account's site shows money, and the yuan rate in force. */
  readonly money: AccountMoney;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const ALL_SEARCH_SIZE = 100;
/** While All keys' lists arrive, a commit at most this often after the first (the last one is never held). */
const LOAD_COMMIT_SPACING_MS = 250;

export interface AccountLoad {
  readonly accountId: string;
  readonly isLoading: boolean;
  readonly error: AppError | null;
  readonly count: number;
}

/** The rows of these accounts whose name matches the pattern by the server's rule ('' matches all), by account. */
function byAccount(rows: readonly KeyView[], accountIds: ReadonlySet<string>, pattern: string): Map<string, KeyView[]> {
  const matches = searchMatcher(pattern);
  const out = new Map<string, KeyView[]>();
  for (const k of rows) {
    if (!accountIds.has(k.accountId) || (pattern !== '' && !matches(k.name))) continue;
    let list = out.get(k.accountId);
    if (list === undefined) out.set(k.accountId, (list = []));
    list.push(k);
  }
  return out;
}

/** What the listing changes in the selection when the rows it holds change. */
export interface ListingSelection {
  readonly clearSelection: () => void;
  readonly keepSelectedOf: (accounts: ReadonlySet<string>) => void;
}

export function useKeyListing(selection: ListingSelection) {
  // The accounts store is the one source of the accounts (hidden ones left out, in the user's order).
  const accountsStore = useAccountsStore();
  const accounts = computed<readonly KeyAccountView[]>(() =>
    accountsStore.visible.map((a) => ({
      id: a.id,
      label: a.label,
      kind: a.kind,
      isDisabled: a.isDisabled,
      money: a.money,
    })),
  );
  const accountsError = computed(() => accountsStore.loadError);
  const isAccountsLoaded = computed(() => accountsStore.isHydrated);

  /** null = All keys. */
  const accountId = ref<string | null>(null);
  const page = ref(1);
  const size = ref<number>(20);
  const total = ref<number | null>(null);
  const items = shallowRef<readonly KeyView[]>([]);
  const isLoading = ref(false);
  const error = ref<AppError | null>(null);
  /** All keys: how far each account got. */
  const loads = ref<readonly AccountLoad[]>([]);
  const loadedAt = ref<number | null>(null);
  /** The last complete unsearched list of All keys (or a filtered account): what a search answers from at once. */
  const listed = shallowRef<readonly KeyView[]>([]);
  /** The accounts whose whole list `listed` holds (each answered in full, none failed). */
  let listedAccounts = new Set<string>();
  const forgetListed = () => {
    listed.value = [];
    listedAccounts = new Set();
  };

  const searchField = ref<KeySearchField>('name');
  const searchPattern = ref('');
  const searchCheck = computed(() => checkSearch(searchPattern.value, searchField.value));
  /** A pattern the spec's rules refuse: nothing is asked, and nothing from an earlier search may look like a match. */
  const isSearchRefused = computed(() => searchPattern.value.trim() !== '' && searchCheck.value.reason !== undefined);

  /** State and group filters, applied to the whole list of the account(s) shown, never to one server page. */
  const stateFilter = ref<KeyState | null>(null);
  const groupFilter = ref<string | null>(null);
  const isFiltered = computed(() => stateFilter.value !== null || groupFilter.value !== null);
  const rows = computed<readonly KeyView[]>(() =>
    isSearchRefused.value
      ? []
      : items.value.filter(
          (k) =>
            (stateFilter.value === null || k.state === stateFilter.value) &&
            (groupFilter.value === null || k.group === groupFilter.value),
        ),
  );

  const manageable = computed(() => accounts.value.filter(listsKeys));
  const account = computed(() => accounts.value.find((a) => a.id === accountId.value) ?? null);
  // By id, built once per change of the accounts: rows ask for their account's label and money thousands of times.
  const accountsById = computed(() => new Map(accounts.value.map((a) => [a.id, a])));
  const accountById = (id: string) => accountsById.value.get(id) ?? null;

  /** Loads the accounts once (the accounts store keeps them current through `accounts:changed`). */
  function loadAccounts(): Promise<void> {
    return accountsStore.hydrate();
  }
  // Each load gets a ticket; answers to an older load are dropped (the user paged or searched again).
  let ticket = 0;

  async function load(): Promise<void> {
    const mine = ++ticket;
    const pattern = searchPattern.value.trim();
    if (isSearchRefused.value) {
      // The ticket above already drops any answer still on its way; the rows of the last search go too.
      items.value = [];
      total.value = null;
      loads.value = [];
      error.value = null;
      isLoading.value = false;
      return;
    }
    isLoading.value = true;
    error.value = null;
    try {
      if (accountId.value === null) await loadAll(mine, pattern, manageable.value);
      // A server page holds only some of the account's keys: a filter needs them all to list every match.
      else if (isFiltered.value)
        await loadAll(
          mine,
          pattern,
          accounts.value.filter((a) => a.id === accountId.value),
        );
      else await loadPage(mine, accountId.value, pattern);
      if (mine === ticket) loadedAt.value = Date.now();
    } finally {
      if (mine === ticket) isLoading.value = false;
    }
  }

  async function loadPage(mine: number, id: string, pattern: string): Promise<void> {
    const r =
      pattern === ''
        ? await keydesk.keys.list({ accountId: id, page: page.value, size: size.value })
        : await keydesk.keys.search({
            accountId: id,
            field: searchField.value,
            pattern,
            page: page.value,
            size: size.value,
          });
    if (mine !== ticket) return;
    if (r.ok) {
      items.value = shareEmptyLists(r.value.items);
      total.value = r.value.total;
    } else {
      items.value = [];
      total.value = null;
      error.value = r.error;
    }
  }

  /**
   * Account by account and page by page: rows appear as each page lands; one account failing leaves the others shown.
   * Answers are committed together (see paced-frames): the first at once, for the first rows, then at most one
   * commit per LOAD_COMMIT_SPACING_MS while the rest arrive, and the last at once when every account has answered. A search never empties the table first: until an account answers, its rows are the ones already
   * loaded that match by the server's own rule (a name search; a key search cannot be judged from masked keys, so
   * those rows stay).
   */
  async function loadAll(mine: number, pattern: string, targets: readonly KeyAccountView[]): Promise<void> {
    const ids = new Set(targets.map((a) => a.id));
    // Unsearched (a refresh, the search cleared): rows appear as each account's pages land, none stand in, so an
    // account still loading shows the pages it has, and one failing shows none.
    const base = pattern === '' ? [] : listed.value.length > 0 ? listed.value : items.value;
    const interim = byAccount(base, ids, searchField.value === 'name' ? pattern : '');
    total.value = null;
    loads.value = targets.map((a) => ({ accountId: a.id, isLoading: true, error: null, count: 0 }));
    // Rows stay in the user's account order whichever account answers first.
    const answered = new Map<string, readonly KeyView[]>();
    const settled = new Map<string, AccountLoad>();
    const frame = pacedFrames(LOAD_COMMIT_SPACING_MS);
    let isDirty = true;
    const commit = () => {
      if (mine !== ticket || !isDirty) return;
      isDirty = false;
      frame.cancel();
      items.value = targets.flatMap((t) => answered.get(t.id) ?? interim.get(t.id) ?? []);
      if (settled.size > 0) loads.value = loads.value.map((l) => settled.get(l.accountId) ?? l);
      if (pattern === '' && settled.size === targets.length) {
        listed.value = items.value;
        listedAccounts = new Set([...settled.values()].filter((l) => l.error === null).map((l) => l.accountId));
      }
    };
    const show = (accountId: string, rows: readonly KeyView[]) => {
      answered.set(accountId, rows);
      isDirty = true;
      frame.request(commit);
    };
    // An account done: its count and state, and its rows. A failed account shows none of its rows rather than rows
    // that may not match, or only part of its list.
    const settle = (a: KeyAccountView, r: Result<readonly KeyView[]>): void => {
      settled.set(a.id, {
        accountId: a.id,
        isLoading: false,
        error: r.ok ? null : r.error,
        count: r.ok ? r.value.length : 0,
      });
      show(a.id, r.ok ? r.value : []);
    };
    // An account's whole list, shown page by page; the first page asked for while Keydesk started (keys-prefetch)
    // stands in for asking again, once, and when it is already in, it is shown before the first await.
    const readList = async (a: KeyAccountView): Promise<void> => {
      let rows: readonly KeyView[] = [];
      const ids = new Set<number>();
      // A key created while the pages are read moves the later ones down: a page may start with a key already shown.
      const isNew = (k: KeyView) => {
        if (ids.has(k.id)) return false;
        ids.add(k.id);
        return true;
      };
      const prefetched = takePrefetchedFirstPage(a.id);
      let r =
        prefetched?.ready ?? (await (prefetched?.answer ?? keydesk.keys.listChunk({ accountId: a.id, from: null })));
      for (;;) {
        if (mine !== ticket) return;
        if (!r.ok) {
          settle(a, r);
          return;
        }
        rows = rows.concat(shareEmptyLists(r.value.items).filter(isNew));
        if (r.value.next === null) {
          settle(a, { ok: true, value: rows });
          return;
        }
        show(a.id, rows);
        r = await keydesk.keys.listChunk({ accountId: a.id, from: r.value.next });
      }
    };
    const search = async (a: KeyAccountView): Promise<void> => {
      const p = await keydesk.keys.search({
        accountId: a.id,
        field: searchField.value,
        pattern,
        page: 1,
        size: ALL_SEARCH_SIZE,
      });
      if (mine === ticket) settle(a, p.ok ? { ok: true, value: shareEmptyLists(p.value.items) } : p);
    };
    const listings = targets.map((a) => (pattern === '' ? readList(a) : search(a)));
    // Committed now, before any await: first pages already in (asked for at start) are in the view's first frame.
    commit();
    dropPrefetchedLists();
    await Promise.all(listings);
    commit();
  }

  /** The accounts a search may be answered for from their loaded lists, or null (see searchLocally). */
  function localTargets(): readonly KeyAccountView[] | null {
    const pattern = searchPattern.value.trim();
    if (isSearchRefused.value || (pattern !== '' && searchField.value !== 'name')) return null;
    const targets =
      accountId.value === null
        ? manageable.value
        : isFiltered.value
          ? accounts.value.filter((a) => a.id === accountId.value)
          : [];
    return targets.length > 0 && targets.every((a) => listedAccounts.has(a.id)) ? targets : null;
  }
  const canSearchLocally = (): boolean => localTargets() !== null;

  /**
   * Typing in All keys (or in a filtered account) when every account's whole list is loaded: a name search, or the
   * search cleared, is answered from that list by the server's own rule, at once and without a request. new-api lets
   * a client search 10 times a minute, and All keys would send one search per account each time typing paused.
   * False when the server must be asked (a key search: the list holds masked keys only; a list not loaded whole).
   */
  function searchLocally(): boolean {
    const targets = localTargets();
    if (targets === null) return false;
    const pattern = searchPattern.value.trim();
    ticket++; // an answer still on its way to an earlier load is dropped
    const found = byAccount(listed.value, new Set(targets.map((a) => a.id)), pattern);
    items.value = targets.flatMap((a) => found.get(a.id) ?? []);
    total.value = null;
    loads.value = targets.map((a) => ({
      accountId: a.id,
      isLoading: false,
      error: null,
      count: found.get(a.id)?.length ?? 0,
    }));
    error.value = null;
    isLoading.value = false;
    return true;
  }

  function setAccount(id: string | null): void {
    if (accountId.value === id) return;
    accountId.value = id;
    page.value = 1;
    selection.clearSelection();
    items.value = [];
    forgetListed();
  }

  /** A key changed outside the list (Disable now in an alert): its row, where one is shown, is read afresh. */
  async function refreshRow(ref: ArgsOf<'keys:get'>): Promise<void> {
    const shown = (rows: readonly KeyView[]) => rows.some((k) => k.accountId === ref.accountId && k.id === ref.id);
    if (!shown(items.value) && !shown(listed.value)) return;
    const r = await keydesk.keys.get(ref);
    if (r.ok) replaceRow(r.value);
  }

  /**
   * Accounts that left All keys (removed, disabled, hidden) while no load is on its way: their rows, loads and
   * selection go, with no request. Returns false when a load is in flight (its answers were asked for those
   * accounts too), so the caller loads again instead.
   */
  function dropAccounts(kept: ReadonlySet<string>): boolean {
    if (isLoading.value) return false;
    const keep = (k: KeyView) => kept.has(k.accountId);
    items.value = items.value.filter(keep);
    listed.value = listed.value.filter(keep);
    listedAccounts = new Set([...listedAccounts].filter((id) => kept.has(id)));
    loads.value = loads.value.filter((l) => kept.has(l.accountId));
    selection.keepSelectedOf(kept);
    return true;
  }

  function replaceRow(k: KeyView): void {
    const swap = (row: KeyView) => (rowKey(row) === rowKey(k) ? k : row);
    items.value = items.value.map(swap);
    listed.value = listed.value.map(swap);
  }

  return {
    accounts,
    accountsError,
    isAccountsLoaded,
    manageable,
    account,
    accountById,
    accountId,
    page,
    size,
    total,
    items,
    isLoading,
    error,
    loads,
    loadedAt,
    searchField,
    searchPattern,
    searchCheck,
    isSearchRefused,
    stateFilter,
    groupFilter,
    isFiltered,
    rows,
    loadAccounts,
    load,
    dropAccounts,
    searchLocally,
    canSearchLocally,
    setAccount,
    replaceRow,
    refreshRow,
    forgetListed,
  };
}
