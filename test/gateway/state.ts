// In-memory gateway state built from a seed: users, keys, login sessions, and the views the spec returns.
import { isIP } from 'node:net';
import type { Clock } from './clock';
import type { Profile } from './profiles';
import { PROFILES, profileOf } from './profiles';
import { PasswordKey } from './password-key';
import { RateLimiter } from './rate-limit';
import { randomAlnum } from './random';
import type { Scope, Seed, SeedSettings } from './seed.schema';
import { ALL_SCOPES, deterministicKey } from './seed.schema';
import { SessionStore } from './session-store';

export type SeedUser = Seed['users'][number];

export interface UserRec extends Omit<SeedUser, 'keys' | 'display_name'> {
  display_name: string;
}

export interface KeyRec {
  id: number;
  user_id: number;
  key: string;
  status: 1 | 2 | 3 | 4;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string | null;
  used_quota: number;
  group: string;
  cross_group_retry: boolean;
  /** one-api's model list and subnet (its `models` and `subnet` columns, Go *string: null when never written). */
  models: string | null;
  subnet: string | null;
  /** Group the key behaves as until `group_changed_at + propagation_delay_s` (why: spec 1, Groups). */
  previous_group: string;
  group_changed_at: number;
}

/** Log types of both servers (model/log.go): 0 is "all" in a filter. */
export const LOG_TYPE = { topup: 1, consume: 2, manage: 3, system: 4 } as const;
/** Rows kept in the log store; older rows are dropped first. */
export const MAX_LOG_ROWS = 20_000;

/** One row of the servers' `logs` table, with every era's fields; the routes shape it per profile. */
export interface LogRow {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_id: number;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Seconds (new-api `use_time`); one-api shows it as `elapsed_time` in milliseconds. */
  use_time: number;
  is_stream: boolean;
  channel: number;
  group: string;
  request_id: string;
  /** new-api's `other` (a JSON column): the ratios a billed call applied (billing.ts); empty for a bare spend. */
  other: Record<string, unknown>;
}

/** What a charge records in its consume row(s). */
export interface ChargeDetail {
  model?: string;
  prompt_tokens?: number;
  completion_tokens?: number;
  is_stream?: boolean;
  use_time?: number;
  /** The ratios the site applied (billing.ts), recorded in each row's `other`; none for a bare spend. */
  other?: Record<string, unknown>;
}

export const DEFAULT_LOG_MODEL = 'gpt-4o-mini';

export interface LoginSession {
  userId: number;
  sid: string;
  expiresAt: number;
}

export interface AccessPrincipal {
  user: UserRec;
  kind: 'login_token' | 'session_cookie' | 'system_token';
  scopes: readonly Scope[];
}

/** A system access token as the seed (or the control plane) gave it to a user. */
export type AccessTokenRec = UserRec['access_tokens'][number];

/** new-api-rc41: legacy tokens keep working this long after the site first starts rc.41 (model package). */
export const LEGACY_TRANSITION_S = 30 * 86400;

export class GatewayState {
  settings!: SeedSettings;
  groups!: Seed['groups'];
  models!: Seed['models'];
  readonly users = new Map<number, UserRec>();
  readonly keys = new Map<number, KeyRec>();
  readonly sessions = new Map<string, LoginSession>();
  /** Sessions of the non-spec profiles (new-api refresh sessions, legacy session cookies). */
  readonly sessionStore: SessionStore;
  readonly rateLimiter: RateLimiter;
  /** The era emulated; fixed for the gateway's lifetime (routes are built from it). */
  readonly profile: Profile;
  /** Emulator setting: the client IP used for allow_ips when no override header is sent. */
  clientIp: string | null = null;
  /** Usage log, oldest first, at most MAX_LOG_ROWS rows. */
  readonly logs: LogRow[] = [];
  /** The servers' LogConsumeEnabled option (default on): off = no consume rows are written. */
  logConsumeEnabled = true;
  /** new-api-rc41's login encryption key pair; kept across /reset, as a server keeps it until restarted. */
  readonly passwordKey = new PasswordKey();
  /** Gateway clock when the seed was (re)loaded: new-api-rc41's "first start" for the legacy-token deadline. */
  loadedAt = 0;
  private nextKeyId = 1;
  private nextLogId = 1;

  constructor(
    seed: Seed,
    readonly clock: Clock,
    profileOverride?: Profile,
  ) {
    this.profile = profileOverride ?? profileOf(seed.settings.profile);
    this.sessionStore = new SessionStore(clock);
    this.rateLimiter = new RateLimiter(clock);
    this.load(seed);
  }

  /** (Re)builds everything from the seed; login sessions and emulator settings are dropped too. */
  load(seed: Seed): void {
    const copy = structuredClone(seed);
    this.settings = copy.settings;
    this.groups = copy.groups;
    this.models = copy.models;
    this.users.clear();
    this.keys.clear();
    this.sessions.clear();
    this.sessionStore.clear();
    this.rateLimiter.clear();
    this.clientIp = null;
    this.logs.length = 0;
    this.nextLogId = 1;
    this.logConsumeEnabled = true;
    this.loadedAt = this.clock.now();
    const explicitIds = copy.users.flatMap((u) => u.keys.flatMap((k) => (k.id === undefined ? [] : [k.id])));
    this.nextKeyId = Math.max(0, ...explicitIds) + 1;
    for (const { keys, ...user } of copy.users) {
      this.users.set(user.id, { ...user, display_name: user.display_name ?? user.username });
      for (const { models, subnet, ...k } of keys) {
        const id = k.id ?? this.nextKeyId++;
        this.keys.set(id, {
          ...k,
          id,
          user_id: user.id,
          key: k.key ?? deterministicKey(user.id, id),
          models: models !== undefined ? models : k.model_limits_enabled ? k.model_limits : '',
          subnet: subnet !== undefined ? subnet : subnetOf(k.allow_ips),
          previous_group: k.group,
          group_changed_at: Number.NEGATIVE_INFINITY,
        });
      }
    }
  }

  /** Appends a log row (id and created_at filled in) and drops the oldest rows beyond the bound. */
  addLog(row: Omit<LogRow, 'id' | 'created_at'> & { created_at?: number }): LogRow {
    const full: LogRow = { ...row, id: this.nextLogId++, created_at: row.created_at ?? this.clock.now() };
    this.logs.push(full);
    if (this.logs.length > MAX_LOG_ROWS) this.logs.splice(0, this.logs.length - MAX_LOG_ROWS);
    return full;
  }

  allocateKeyId(): number {
    return this.nextKeyId++;
  }

  newKeyValue(): string {
    for (;;) {
      const value = randomAlnum(48);
      if (!this.findKeyByValue(value)) return value;
    }
  }

  findKeyByValue(value: string): KeyRec | undefined {
    for (const k of this.keys.values()) if (k.key === value) return k;
    return undefined;
  }

  /** A key of this user, or undefined for a missing key or another account's key (both read "record not found"). */
  ownKey(user: UserRec, id: number): KeyRec | undefined {
    const k = this.keys.get(id);
    return k?.user_id === user.id ? this.refresh(k) : undefined;
  }

  /** Keys of a user, newest id first (our documented sort order for list and search). */
  keysOf(user: UserRec): KeyRec[] {
    return [...this.keys.values()]
      .filter((k) => k.user_id === user.id)
      .sort((a, b) => b.id - a.id)
      .map((k) => this.refresh(k));
  }

  isExpired(k: KeyRec): boolean {
    return k.expired_time !== -1 && k.expired_time <= this.clock.now();
  }

  isExhausted(k: KeyRec): boolean {
    return !k.unlimited_quota && k.remain_quota <= 0;
  }

  /** An enabled key whose expiry passed is written as status 3, as the server does when it notices. */
  refresh(k: KeyRec): KeyRec {
    if (k.status === 1 && this.isExpired(k)) k.status = 3;
    return k;
  }

  /** The group name a key stands for now: empty means the account's default group. */
  resolveGroup(user: UserRec, group: string): string {
    return group === '' ? user.group : group;
  }

  effectiveGroup(k: KeyRec): string {
    const user = this.userOf(k);
    // one-api keys have no group: every call goes out as the owner's group (middleware/distributor.go).
    if (this.profile.keyColumns === 'one-api') return user.group;
    const pending = this.clock.now() < k.group_changed_at + this.settings.propagation_delay_s;
    return this.resolveGroup(user, pending ? k.previous_group : k.group);
  }

  /** Record a group change so the old group stays in effect for the propagation delay. */
  changeGroup(k: KeyRec, group: string): void {
    const user = this.userOf(k);
    if (this.resolveGroup(user, group) === this.resolveGroup(user, k.group)) {
      k.group = group;
      return;
    }
    k.previous_group = this.effectiveGroup(k);
    k.group_changed_at = this.clock.now();
    k.group = group;
  }

  usableGroups(user: UserRec): string[] {
    return user.usable_groups ?? Object.keys(this.groups);
  }

  userOf(k: KeyRec): UserRec {
    const user = this.users.get(k.user_id);
    if (!user) throw new Error(`key ${k.id} has no owner`);
    return user;
  }

  login(user: UserRec): { token: string; session: LoginSession } {
    // Login tokens look like new-api's short-lived ones but are prefixed so a leak is recognisable in tests.
    const token = `login-${randomAlnum(40)}`;
    const session = {
      userId: user.id,
      sid: randomAlnum(24),
      expiresAt: this.clock.now() + this.settings.login_token_ttl_s,
    };
    this.sessions.set(token, session);
    return { token, session };
  }

  /** new-api-rc41: Unix seconds from which tokens without the `nap_` prefix are refused. */
  legacyRetireAt(): number {
    return this.settings.legacy_access_token_retire_at ?? this.loadedAt + LEGACY_TRANSITION_S;
  }

  /** The system access token with this value, and its owner. */
  accessToken(token: string): { user: UserRec; rec: AccessTokenRec } | undefined {
    for (const user of this.users.values()) {
      const rec = user.access_tokens.find((a) => a.token === token);
      if (rec) return { user, rec };
    }
    return undefined;
  }

  /** Resolves an access token; 'expired' only for a known login token past its expiry. */
  principal(token: string): AccessPrincipal | 'expired' | undefined {
    const session = this.sessions.get(token);
    if (session) {
      if (this.clock.now() >= session.expiresAt) return 'expired';
      const user = this.users.get(session.userId);
      return user ? { user, kind: 'login_token', scopes: ALL_SCOPES } : undefined;
    }
    for (const user of this.users.values()) {
      const t = user.access_tokens.find((a) => a.token === token);
      if (t) return { user, kind: 'system_token', scopes: t.scopes };
    }
    return undefined;
  }
}

/** new-api's mask: first four and last four characters around ten asterisks. */
export function maskKey(value: string): string {
  return value.length <= 8 ? '*'.repeat(value.length) : `${value.slice(0, 4)}**********${value.slice(-4)}`;
}

/** A seed key's allow_ips as one-api's subnet: each address its own /32 (or /128), ranges as they are. */
function subnetOf(allowIps: string | null): string {
  return (allowIps ?? '')
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => (s.includes('/') ? s : `${s}/${isIP(s) === 6 ? 128 : 32}`))
    .join(',');
}

/** one-api's Token as its controllers marshal it (model/token.go): no group, model_limits or allow_ips. */
function oneApiKeyView(k: KeyRec) {
  return {
    id: k.id,
    user_id: k.user_id,
    key: k.key,
    status: k.status,
    name: k.name,
    created_time: k.created_time,
    accessed_time: k.accessed_time,
    expired_time: k.expired_time,
    remain_quota: k.remain_quota,
    unlimited_quota: k.unlimited_quota,
    used_quota: k.used_quota,
    models: k.models,
    subnet: k.subnet,
  };
}

/**
 * The key record of spec 2.1 as list, detail, search, create and update return it; other profiles add
 * the ORM's leftovers (DeletedAt, auto_groups), show full keys (early, one-api) or have columns of their own (one-api).
 */
export function keyView(k: KeyRec, profile: Profile = PROFILES.spec) {
  if (profile.keyColumns === 'one-api') return oneApiKeyView(k);
  return {
    id: k.id,
    user_id: k.user_id,
    key: profile.keyList.fullKeys ? k.key : maskKey(k.key),
    status: k.status,
    name: k.name,
    created_time: k.created_time,
    accessed_time: k.accessed_time,
    expired_time: k.expired_time,
    remain_quota: k.remain_quota,
    unlimited_quota: k.unlimited_quota,
    model_limits_enabled: k.model_limits_enabled,
    model_limits: k.model_limits,
    allow_ips: k.allow_ips,
    used_quota: k.used_quota,
    group: k.group,
    cross_group_retry: k.cross_group_retry,
    ...(profile.keyList.autoGroups ? { auto_groups: '' } : {}),
    ...(profile.keyList.deletedAt ? { DeletedAt: null } : {}),
  };
}

/** The account as GET /api/user/self answers it; `withSetting` on eras that keep the user's own settings. */
export function accountView(u: UserRec, withSetting = false) {
  return {
    ...(withSetting ? { setting: u.setting } : {}),
    id: u.id,
    username: u.username,
    display_name: u.display_name,
    email: u.email,
    role: u.role,
    status: u.status,
    group: u.group,
    quota: u.quota,
    used_quota: u.used_quota,
    request_count: u.request_count,
    aff_code: u.aff_code,
    aff_count: u.aff_count,
    aff_quota: u.aff_quota,
    aff_history_quota: u.aff_history_quota,
    inviter_id: u.inviter_id,
  };
}

/**
 * A model call's (or an admin spend's) effect on key and account: both are charged, independently. Each
 * call also writes one consume row (type 2) unless consume logging is off; units and tokens are split
 * evenly over the calls, the remainder on the last row.
 */
export function charge(state: GatewayState, k: KeyRec, units: number, calls = 1, detail: ChargeDetail = {}): void {
  const user = state.userOf(k);
  k.remain_quota -= units;
  k.used_quota += units;
  k.accessed_time = state.clock.now();
  user.quota -= units;
  user.used_quota += units;
  user.request_count += calls;
  if (!state.logConsumeEnabled) return;
  const model = detail.model ?? DEFAULT_LOG_MODEL;
  const group = state.effectiveGroup(k);
  const ratio = state.groups[group]?.ratio ?? 1;
  const share = (total: number, i: number) => {
    const each = Math.floor(total / calls);
    return i === calls - 1 ? total - each * (calls - 1) : each;
  };
  for (let i = 0; i < calls; i++) {
    const row = state.addLog({
      user_id: user.id,
      type: LOG_TYPE.consume,
      content: `模型倍率 1.00，分组倍率 ${ratio.toFixed(2)}`,
      username: user.username,
      token_id: k.id,
      token_name: k.name,
      model_name: model,
      quota: share(units, i),
      prompt_tokens: share(detail.prompt_tokens ?? 0, i),
      completion_tokens: share(detail.completion_tokens ?? 0, i),
      use_time: detail.use_time ?? 1,
      is_stream: detail.is_stream ?? false,
      channel: 1,
      group,
      request_id: '',
      other: { ...(detail.other ?? {}) },
    });
    row.request_id = `emu-request-${row.id}`;
  }
}
