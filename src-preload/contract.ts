// THE contract between renderer and main: every invoke channel with its argument and result, every event with
// its payload, the Result envelope and the error codes. Imports nothing: main, preload and renderer all use it.

/** Error codes that cross the bridge. The renderer maps each to a localised message and a remedy. */
export const ERROR_CODES = [
  'auth.expired', // login token expired and could not be renewed silently
  'auth.unauthorized', // credential refused by the gateway
  'auth.scope_denied', // system access token lacks a scope (AppError.scope names it)
  'auth.needs_sign_in', // no usable credential: the user must sign in again
  'auth.second_factor', // login needs a second factor the user must answer
  'key.invalid', // HTTP 401 on an API-key endpoint: key invalid, expired or disabled
  'key.group_denied', // the key's group may not use this endpoint: use the key usage endpoint or change the group
  'not_found', // record not found (or owned by another account)
  'validation', // input refused, by us before sending or by the gateway
  'wrong_base_address', // a management call answered "404 page not found": base_url/api_url mixed up
  'model_not_found', // the key's group has no channel for the model
  'rate_limited', // HTTP 429; AppError.retryAfterMs says when to try again
  'network', // connection failed
  'timeout', // no answer in time
  'server', // 5xx or an HTML error page
  'protocol', // the answer did not parse: shown as unknown, never as zero
  'vault.locked', // the secret store is locked or cannot decrypt
  'forbidden', // the bridge refused the caller (wrong sender, token, host or origin)
  'unavailable', // not available in this mode (for example the tray in browser mode)
  'internal', // an unexpected failure, logged (redacted) in main
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  readonly code: ErrorCode;
  /** Human-readable detail; for gateway failures, the server's own message as is. */
  readonly message?: string;
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;
  /** For auth.scope_denied: the scope the token lacks. */
  readonly scope?: string;
  /** For validation: which input field is wrong. */
  readonly field?: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: AppError): { readonly ok: false; readonly error: AppError } => ({ ok: false, error });

// ---------------------------------------------------------------------------------------------------------------
// DTOs

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface Settings {
  /** null = follow the system language until the user picks one. */
  readonly language: Language | null;
  readonly theme: Theme;
}
export type SettingsPatch = Partial<Settings>;

export type AppMode = 'electron' | 'browser';

export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly mode: AppMode;
  readonly platform: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Channels

/** Invoke channels: `domain:verb` → argument and result. `undefined` args means the method takes none. */
export interface InvokeMap {
  'app:info': { args: undefined; result: AppInfo };
  'settings:get': { args: undefined; result: Settings };
  'settings:update': { args: SettingsPatch; result: Settings };
}

/** Events pushed from main to the renderer. */
export interface EventMap {
  'settings:changed': Settings;
}

export type InvokeChannel = keyof InvokeMap;
export type EventName = keyof EventMap;
export type ArgsOf<C extends InvokeChannel> = InvokeMap[C]['args'];
export type ResultOf<C extends InvokeChannel> = InvokeMap[C]['result'];

// Runtime lists, checked against the maps above so neither can drift from the other.
const invokeTable: { readonly [C in InvokeChannel]: true } = {
  'app:info': true,
  'settings:get': true,
  'settings:update': true,
};
const eventTable: { readonly [E in EventName]: true } = {
  'settings:changed': true,
};
export const INVOKE_CHANNELS = Object.freeze(Object.keys(invokeTable)) as readonly InvokeChannel[];
export const EVENT_NAMES = Object.freeze(Object.keys(eventTable)) as readonly EventName[];

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(invokeTable, value);
export const isEventName = (value: unknown): value is EventName =>
  typeof value === 'string' && Object.hasOwn(eventTable, value);

// ---------------------------------------------------------------------------------------------------------------
// The API object: window.keydesk in Electron, the loopback client in browser mode. Both are built by buildApi
// from the channel list, so neither has per-channel code.

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? V : never;
type Domain = DomainOf<InvokeChannel>;

type Method<C extends InvokeChannel> = [ArgsOf<C>] extends [undefined]
  ? () => Promise<Result<ResultOf<C>>>
  : (args: ArgsOf<C>) => Promise<Result<ResultOf<C>>>;

export type KeydeskApi = {
  readonly [D in Domain]: {
    readonly [C in InvokeChannel as DomainOf<C> extends D ? VerbOf<C> : never]: Method<C>;
  };
} & {
  /** Subscribe to an event; returns the unsubscribe function. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventMap[E]) => void) => () => void;
};

export type InvokeFn = (channel: InvokeChannel, args: unknown) => Promise<Result<unknown>>;
export type SubscribeFn = (event: EventName, listener: (payload: unknown) => void) => () => void;

export function buildApi(invoke: InvokeFn, subscribe: SubscribeFn): KeydeskApi {
  const api: Record<string, Record<string, (args?: unknown) => Promise<Result<unknown>>>> = {};
  for (const channel of INVOKE_CHANNELS) {
    const [domain = '', verb = ''] = channel.split(':');
    api[domain] ??= {};
    api[domain][verb] = (args?: unknown) => invoke(channel, args);
  }
  const on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`Unknown event: ${String(event)}`);
    return subscribe(event, listener);
  };
  return Object.freeze({ ...api, on }) as unknown as KeydeskApi;
}

/** Name of the global the preload exposes. */
export const API_GLOBAL = 'keydesk';
