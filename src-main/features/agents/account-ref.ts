// An account as an agent names it: its id, or its label (any case). Shared by the running app and the cache
// readers, so `account: "work"` means the same account whichever answers.

export interface NamedAccount {
  readonly id: string;
  readonly label: string;
}

export type AccountMatch<T extends NamedAccount> =
  | { readonly kind: 'found'; readonly account: T }
  | { readonly kind: 'none' }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly T[] };

export function resolveAccount<T extends NamedAccount>(accounts: readonly T[], ref: string): AccountMatch<T> {
  const wanted = ref.trim();
  const byId = accounts.find((a) => a.id === wanted);
  if (byId) return { kind: 'found', account: byId };
  const folded = wanted.toLocaleLowerCase();
  const byLabel = accounts.filter((a) => a.label.trim().toLocaleLowerCase() === folded);
  if (byLabel.length === 1 && byLabel[0]) return { kind: 'found', account: byLabel[0] };
  return byLabel.length === 0 ? { kind: 'none' } : { kind: 'ambiguous', candidates: byLabel.slice(0, 10) };
}
