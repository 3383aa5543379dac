// The contract for an account's API keys: its types, channels and events.
import type { AppError } from './errors';
import type { KeyAccountRef } from './accounts';
import type { ModelView } from './account';

export const KEY_STATES = ['enabled', 'disabled', 'expired', 'exhausted'] as const;
/** Derived from status, expiry and quota together: a key may read status 1 while its expiry has passed. */
export type KeyState = (typeof KEY_STATES)[number];

/**
 * The one "no model limits" list every key without any holds, main and renderer alike: a list of five thousand keys
 * held five thousand empty arrays for it. Frozen, since it is shared.
 */
export const NO_MODEL_LIMITS: readonly string[] = Object.freeze([]);

export interface KeyView {
  readonly accountId: string;
  readonly id: number;
  readonly name: string;
  /** `sk-` + the masked key as listed; never a full key. */
  readonly maskedKey: string;
  readonly status: number;
  readonly state: KeyState;
  readonly createdTime: number | null;
  readonly accessedTime: number | null;
  /** Unix seconds; -1 = never. */
  readonly expiredTime: number | null;
  readonly remainQuota: number | null;
  readonly usedQuota: number | null;
  readonly unlimitedQuota: boolean;
  readonly group: string;
  readonly modelLimitsEnabled: boolean;
  readonly modelLimits: readonly string[];
  readonly allowIps: string;
}

/**
 * Where an account's whole key listing goes on after a page: the next page to read, how many keys came before it, the
 * first page's length (servers that answer bare arrays may ignore the size asked for), and the id the page just read
 * began with (a server that ignores the page number sends that page again). Main makes it; the renderer only hands it
 * back.
 */
export interface KeyListCursor {
  readonly page: number;
  readonly seen: number;
  readonly pageLength: number;
  readonly firstId: number;
}

/** One page of an account's whole key listing, and where it goes on (null: that page was the last). */
export interface KeyListChunk {
  readonly items: readonly KeyView[];
  readonly next: KeyListCursor | null;
}

export interface KeyPage {
  readonly items: readonly KeyView[];
  readonly page: number;
  readonly size: number;
  readonly total: number | null;
}

/** Every writable field of a key, as the user edits it (spec 4.2, 4.5). */
export interface KeyFields {
  readonly name: string;
  readonly remainQuota: number;
  readonly unlimitedQuota: boolean;
  readonly expiredTime: number;
  readonly group: string;
  readonly modelLimitsEnabled: boolean;
  readonly modelLimits: readonly string[];
  readonly allowIps: string;
}

export interface BatchOutcome {
  readonly succeeded: readonly number[];
  readonly failed: readonly { readonly id: number; readonly error: AppError }[];
}

/** A key as the gateway stored it after an update, and which fields differ from the form's start. */
export interface KeyUpdateOutcome {
  readonly key: KeyView;
  /** Fields whose value changed (camelCase KeyFields names). */
  readonly changed: readonly string[];
  /** Fields the server stored differently from what was sent (empty when the update landed as meant). */
  readonly mismatches: readonly string[];
}

/** keys:reveal — the one full key that may reach the renderer, for display or copy, until hideAt (epoch ms). */
export interface RevealedKey {
  readonly id: number;
  readonly key: string;
  readonly hideAt: number;
}

export interface CopyOutcome {
  readonly copied: number;
  /** Epoch ms when the clipboard is cleared if it still holds what Keydesk put there. */
  readonly clearAt: number;
  /** Ids the gateway did not return a key for. */
  readonly missing: readonly number[];
}

export interface ExportOutcome {
  /** null when the user cancelled the save dialog. */
  readonly path: string | null;
  readonly count: number;
  readonly missing: readonly number[];
}

/**
 * What only the key itself can read (it takes the full key, so a reveal, on request): the billing endpoints and the
 * models it can call. The key's own quota, expiry and model limits come with the list and cost nothing to show.
 */
export interface KeyUsageView {
  /** The billing endpoints, converted to units; limits null = unlimited. */
  readonly billing: {
    readonly softLimitUnits: number | null;
    readonly hardLimitUnits: number | null;
    readonly usedUnits: number;
    readonly remainingUnits: number | null;
    readonly accessUntil: number | null;
  } | null;
  readonly billingError: AppError | null;
  readonly models: readonly ModelView[] | null;
  readonly modelsError: AppError | null;
}

/** One model's calls by a key, from the site's usage logs. Amounts in quota units. */
export interface KeyModelUsageLine {
  readonly model: string;
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly quotaUnits: number;
  /** Unix seconds of the latest call. */
  readonly lastCallAt: number;
}

/** A key's calls over a window by model, most spent first, read from `/api/log/self`. */
export interface KeyModelUsageView {
  /** Unix seconds: the window read (the last 24 hours). */
  readonly since: number;
  readonly until: number;
  readonly models: readonly KeyModelUsageLine[];
  /** Calls counted (rows read that belong to the key). */
  readonly calls: number;
  /** More calls matched than were read: the lines cover the newest only. */
  readonly isTruncated: boolean;
  /**
   * `id`: rows carried the key's id, so only its own calls count. `name`: the server filters by name only and its
   * rows carry no id (one-api, the newest new-api); keys sharing this name are counted together.
   */
  readonly matchedBy: 'id' | 'name';
}

/** keys:shape — how a site stores a key's limits, for the key form (main learns it from the site). */
export interface KeyShape {
  /**
   * `allow_ips`: addresses or ranges, one per line (new-api, the spec). `subnet`: one-api's CIDR ranges; an address
   * typed alone is saved as its own /32 (IPv6 /128).
   */
  readonly ipLimit: 'allow_ips' | 'subnet';
  /** Keys carry a group; one-api's do not (a key calls as its account's own group). */
  readonly hasGroups: boolean;
}

export interface KeyTestOutcome {
  readonly modelCount: number;
  readonly latencyMs: number;
}

export type KeySearchField = 'name' | 'key';
export type KeyExportFormat = 'csv' | 'json';

export interface KeyRef extends KeyAccountRef {
  readonly id: number;
}

/** Invoke channels of an account's API keys. */
export interface KeysInvokeMap {
  'keys:list': { args: KeyAccountRef & { page: number; size: number }; result: KeyPage };
  'keys:listAll': { args: KeyAccountRef; result: readonly KeyView[] };
  /** The whole listing a page at a time, so rows show as each page arrives: `from` null starts it. */
  'keys:listChunk': { args: KeyAccountRef & { from: KeyListCursor | null }; result: KeyListChunk };
  'keys:search': {
    args: KeyAccountRef & { field: KeySearchField; pattern: string; page: number; size: number };
    result: KeyPage;
  };
  'keys:get': { args: KeyRef; result: KeyView };
  'keys:shape': { args: KeyAccountRef; result: KeyShape };
  'keys:create': { args: KeyAccountRef & { fields: KeyFields }; result: KeyView | null };
  'keys:update': { args: KeyRef & { edits: Partial<KeyFields>; allowExpire?: boolean }; result: KeyUpdateOutcome };
  'keys:addQuota': { args: KeyRef & { incrementUnits: number }; result: KeyUpdateOutcome };
  'keys:setStatus': { args: KeyAccountRef & { ids: readonly number[]; isEnabled: boolean }; result: BatchOutcome };
  'keys:extendAndEnable': {
    args: KeyRef & { expiredTime?: number; remainQuota?: number; unlimitedQuota?: boolean };
    result: KeyView;
  };
  'keys:delete': { args: KeyAccountRef & { ids: readonly number[] }; result: BatchOutcome };
  'keys:reveal': { args: KeyRef; result: RevealedKey };
  'keys:copy': { args: KeyAccountRef & { ids: readonly number[] }; result: CopyOutcome };
  'keys:export': {
    args: KeyAccountRef & { ids: readonly number[]; format: KeyExportFormat };
    result: ExportOutcome;
  };
  'keys:usage': { args: KeyRef; result: KeyUsageView };
  'keys:test': { args: KeyRef; result: KeyTestOutcome };
  /** The key's calls of the last 24 hours by model, from the site's usage logs (password and token accounts). */
  'keys:modelUsage': { args: KeyRef; result: KeyModelUsageView };
}

export const KEYS_CHANNELS: { readonly [C in keyof KeysInvokeMap]: true } = {
  'keys:list': true,
  'keys:listAll': true,
  'keys:listChunk': true,
  'keys:search': true,
  'keys:get': true,
  'keys:shape': true,
  'keys:create': true,
  'keys:update': true,
  'keys:addQuota': true,
  'keys:setStatus': true,
  'keys:extendAndEnable': true,
  'keys:delete': true,
  'keys:reveal': true,
  'keys:copy': true,
  'keys:export': true,
  'keys:usage': true,
  'keys:test': true,
  'keys:modelUsage': true,
};
