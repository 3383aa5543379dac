// The port through which key, account and quota services reach an account's gateway clients, without knowing
// how credentials are stored or renewed (that is the accounts service's job, which implements this port).
import type { AccountKind, AccountMoney, Thresholds } from '../../../src-shared/contract';
import type { KeyClient, ManagementClient, UnitSettings } from '../../gateway';
import type { BalanceReading } from './key-balance';

export interface AccountHandle {
  readonly id: string;
  readonly kind: AccountKind;
  readonly label: string;
  /** The site's base address; its origin names the host whose critical rate limit the account shares. */
  readonly baseUrl?: string;
  /** How the account's site shows money (= money.site). */
  readonly units: UnitSettings;
  /** The site's money and the yuan rate in force (billing answers, alerts, tray). */
  readonly money?: AccountMoney;
  readonly isDisabled: boolean;
  readonly isHidden: boolean;
  /** Low-balance thresholds in quota units (the quota monitor's alerts). */
  readonly thresholds: Thresholds;
  /** Access-token accounts: the token's expiry (Unix seconds) the user entered; null or absent = not given. */
  readonly accessTokenExpiresAt?: number | null;
}

export interface AccountDirectory {
  /** Accounts in the user's order (hidden ones included; callers filter). */
  list(): readonly AccountHandle[];
  /** Throws AppErrorException: not_found (no such account). */
  get(accountId: string): AccountHandle;
  /**
   * The management client of a password or access-token account. Throws AppErrorException: not_found,
   * validation (a watched key has no management access), auth.needs_sign_in, vault.locked.
   */
  management(accountId: string): Promise<ManagementClient>;
  /** A key client for an API key: the watched key of an api_key account, or one revealed by the caller. */
  keyClient(accountId: string, apiKey?: string): Promise<KeyClient>;
  /** The account the user is looking at (tray, notifications); null with no accounts. */
  activeId(): string | null;
  /** Makes an account the active one (tray menu, notification click). */
  switch(accountId: string): void;
  /** Subscribes to the set of accounts changing (added, removed, credentials replaced). */
  onChange(listener: () => void): () => void;
  /**
   * The balance read when a watched key was just added or given a new key, handed over once (the quota monitor takes
   * it as the change is announced): adding a key does not read /api/usage/token/ twice from the site's critical
   * bucket, and a replaced key's balance is the new key's at once.
   */
  takeVerifiedBalance?(accountId: string): BalanceReading | null;
}
