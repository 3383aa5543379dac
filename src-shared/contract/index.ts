// THE contract between renderer and main, one file per domain: every invoke channel with its argument and result,
// every event with its payload, the Result envelope and the error codes. Imports nothing outside this folder: main,
// preload and renderer all use it.
import { type AppInvokeMap, APP_CHANNELS } from './app';
import { type SettingsInvokeMap, SETTINGS_CHANNELS, type SettingsEventMap, SETTINGS_EVENTS } from './settings';
import { type AccountsInvokeMap, ACCOUNTS_CHANNELS, type AccountsEventMap, ACCOUNTS_EVENTS } from './accounts';
import { type VaultInvokeMap, VAULT_CHANNELS, type VaultEventMap, VAULT_EVENTS } from './vault';
import { type KeysInvokeMap, KEYS_CHANNELS } from './keys';
import { type AccountInvokeMap, ACCOUNT_CHANNELS } from './account';
import { type SiteInvokeMap, SITE_CHANNELS } from './site';
import { type QuotaInvokeMap, QUOTA_CHANNELS, type QuotaEventMap, QUOTA_EVENTS } from './quota';
import { type AlertsInvokeMap, ALERTS_CHANNELS, type AlertsEventMap, ALERTS_EVENTS } from './alerts';
import { type HandoffInvokeMap, HANDOFF_CHANNELS } from './handoff';
import { type UpdatesInvokeMap, UPDATES_CHANNELS, type UpdatesEventMap, UPDATES_EVENTS } from './updates';
import { type BackupInvokeMap, BACKUP_CHANNELS, type BackupEventMap, BACKUP_EVENTS } from './backup';
import { type ImportInvokeMap, IMPORT_CHANNELS, type ImportEventMap, IMPORT_EVENTS } from './import';
import { type WatchInvokeMap, WATCH_CHANNELS } from './watch';
import { type SpendInvokeMap, SPEND_CHANNELS } from './spend';
import { type ExportsInvokeMap, EXPORTS_CHANNELS } from './exports';
import { type AgentsInvokeMap, AGENTS_CHANNELS } from './agents';
import { type NotifyInvokeMap, NOTIFY_CHANNELS } from './notify';
import { type SyncInvokeMap, SYNC_CHANNELS, type SyncEventMap, SYNC_EVENTS } from './sync';
import { type AllowanceInvokeMap, ALLOWANCE_CHANNELS, type AllowanceEventMap, ALLOWANCE_EVENTS } from './allowance';
import { type RotationInvokeMap, ROTATION_CHANNELS, type RotationEventMap, ROTATION_EVENTS } from './rotation';
import { type HealthInvokeMap, HEALTH_CHANNELS, type HealthEventMap, HEALTH_EVENTS } from './health';
import { type AuditInvokeMap, AUDIT_CHANNELS } from './audit';
import type { Result } from './errors';

export * from './errors';
export * from './app';
export * from './settings';
export * from './accounts';
export * from './vault';
export * from './keys';
export * from './account';
export * from './site';
export * from './quota';
export * from './alerts';
export * from './handoff';
export * from './updates';
export * from './backup';
export * from './import';
export * from './watch';
export * from './spend';
export * from './exports';
export * from './agents';
export * from './notify';
export * from './sync';
export * from './allowance';
export * from './rotation';
export * from './health';
export * from './audit';

/** Invoke channels: `domain:verb` → argument and result. `undefined` args means the method takes none. */
export interface InvokeMap
  extends
    AppInvokeMap,
    SettingsInvokeMap,
    AccountsInvokeMap,
    VaultInvokeMap,
    KeysInvokeMap,
    AccountInvokeMap,
    SiteInvokeMap,
    QuotaInvokeMap,
    AlertsInvokeMap,
    HandoffInvokeMap,
    UpdatesInvokeMap,
    BackupInvokeMap,
    ImportInvokeMap,
    WatchInvokeMap,
    SpendInvokeMap,
    ExportsInvokeMap,
    AgentsInvokeMap,
    NotifyInvokeMap,
    SyncInvokeMap,
    AllowanceInvokeMap,
    RotationInvokeMap,
    HealthInvokeMap,
    AuditInvokeMap {}

/** Events pushed from main to the renderer. */
export interface EventMap
  extends
    SettingsEventMap,
    AccountsEventMap,
    VaultEventMap,
    QuotaEventMap,
    AlertsEventMap,
    UpdatesEventMap,
    BackupEventMap,
    ImportEventMap,
    SyncEventMap,
    AllowanceEventMap,
    RotationEventMap,
    HealthEventMap {}

export type InvokeChannel = keyof InvokeMap;
export type EventName = keyof EventMap;
export type ArgsOf<C extends InvokeChannel> = InvokeMap[C]['args'];
export type ResultOf<C extends InvokeChannel> = InvokeMap[C]['result'];

// Runtime lists, checked against the maps above so neither can drift from the other.
const invokeTable: { readonly [C in InvokeChannel]: true } = {
  ...APP_CHANNELS,
  ...SETTINGS_CHANNELS,
  ...ACCOUNTS_CHANNELS,
  ...VAULT_CHANNELS,
  ...KEYS_CHANNELS,
  ...ACCOUNT_CHANNELS,
  ...SITE_CHANNELS,
  ...QUOTA_CHANNELS,
  ...ALERTS_CHANNELS,
  ...HANDOFF_CHANNELS,
  ...UPDATES_CHANNELS,
  ...BACKUP_CHANNELS,
  ...IMPORT_CHANNELS,
  ...WATCH_CHANNELS,
  ...SPEND_CHANNELS,
  ...EXPORTS_CHANNELS,
  ...AGENTS_CHANNELS,
  ...NOTIFY_CHANNELS,
  ...SYNC_CHANNELS,
  ...ALLOWANCE_CHANNELS,
  ...ROTATION_CHANNELS,
  ...HEALTH_CHANNELS,
  ...AUDIT_CHANNELS,
};
const eventTable: { readonly [E in EventName]: true } = {
  ...SETTINGS_EVENTS,
  ...ACCOUNTS_EVENTS,
  ...VAULT_EVENTS,
  ...QUOTA_EVENTS,
  ...ALERTS_EVENTS,
  ...UPDATES_EVENTS,
  ...BACKUP_EVENTS,
  ...IMPORT_EVENTS,
  ...SYNC_EVENTS,
  ...ALLOWANCE_EVENTS,
  ...ROTATION_EVENTS,
  ...HEALTH_EVENTS,
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
