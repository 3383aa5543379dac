// What the running app answers `keydesk mcp` over the local channel, per tool, as zod schemas: the app builds these
// values (agent-answers.ts), the MCP process checks them like any input from outside before it formats them, and the
// cache readers build the same shapes. Amounts are quota units with each account's money beside them, so the MCP
// process formats them as the status command and the renderer do. Every list is bounded here.
import { z } from 'zod';
import { KEY_STATES } from '../../../src-shared/contract';
import { MAX_SETTING_DAYS, MIN_SETTING_DAYS } from '../../../src-shared/rules/settings-rules';
import { moneySchema } from '../status/status.model';

/** Lists an answer carries at most; the answer says how many there were in all. */
export const MAX_LISTED = 200;
const text = (max: number) => z.string().max(max);
const units = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** An account as answers name it: its id, label and how its site shows money. */
export const answerAccountSchema = z.object({ id: text(200), label: text(200), money: moneySchema });
export type AnswerAccount = z.infer<typeof answerAccountSchema>;

/** Why an account could not be read (its error code; the MCP process words it). */
export const accountFailureSchema = z.object({ accountId: text(200), code: text(64) });

/** A key as an agent sees it: never its full value, only the masked form the site lists. */
export const agentKeySchema = z.object({
  accountId: text(200),
  id: z.number().int(),
  name: text(200),
  maskedKey: text(200),
  state: z.enum(KEY_STATES),
  group: text(200),
  remainUnits: units.nullable(),
  isUnlimited: z.boolean(),
  usedUnits: units.nullable(),
  /** Unix seconds; -1 never; null unknown. */
  expiresAt: z.number().int().nullable(),
  modelLimits: z.array(text(200)).max(MAX_LISTED),
});
export type AgentKey = z.infer<typeof agentKeySchema>;

export const keysAnswerSchema = z.object({
  accounts: z.array(answerAccountSchema).max(MAX_LISTED),
  keys: z.array(agentKeySchema).max(MAX_LISTED),
  /** Keys that matched before the list was cut to its limit. */
  total: z.number().int().min(0),
  failures: z.array(accountFailureSchema).max(MAX_LISTED),
});
export type KeysAnswer = z.infer<typeof keysAnswerSchema>;

export const modelAnswerSchema = z.object({
  model: text(200),
  accounts: z.array(answerAccountSchema).max(MAX_LISTED),
  matches: z
    .array(
      z.object({
        key: agentKeySchema,
        /** The group's ratio; null unknown. */
        ratio: z.number().nullable(),
        /** Yuan for US$1 of use at list prices (500,000 units) through this key; null unknown. */
        costYuan: z.number().nullable(),
      }),
    )
    .max(MAX_LISTED),
  total: z.number().int().min(0),
  failures: z.array(accountFailureSchema).max(MAX_LISTED),
  /** When nothing matched: model ids the accounts' groups serve that contain the asked text (a hint). */
  similar: z.array(text(200)).max(20),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

export const spendAnswerSchema = z.object({
  /** Epoch ms of the local midnight "today" starts at. */
  since: z.number(),
  accounts: z.array(answerAccountSchema).max(MAX_LISTED),
  keys: z
    .array(
      z.object({
        accountId: text(200),
        keyId: z.number().int(),
        keyName: text(200),
        /** Spend Keydesk saw since midnight (a floor: reads miss what falls in gaps); null with no read today. */
        todayUnits: units.nullable(),
        /** Share of the time since midnight that fresh consecutive reads cover, 0–1. */
        covered: z.number().min(0).max(1),
        lastHourUnits: units.nullable(),
      }),
    )
    .max(MAX_LISTED),
  total: z.number().int().min(0),
  /** Password and access-token accounts whose spend is not tracked (nothing to say about their keys). */
  untrackedAccountIds: z.array(text(200)).max(MAX_LISTED),
});
export type SpendAnswer = z.infer<typeof spendAnswerSchema>;

export const expiringAnswerSchema = z.object({
  withinDays: z.number().int().min(MIN_SETTING_DAYS).max(MAX_SETTING_DAYS),
  items: z
    .array(
      z.object({
        kind: z.enum(['key', 'plan', 'token']),
        accountId: text(200),
        accountLabel: text(200),
        name: text(200),
        /** Unix seconds. */
        expiresAt: z.number().int(),
      }),
    )
    .max(MAX_LISTED),
  total: z.number().int().min(0),
  failures: z.array(accountFailureSchema).max(MAX_LISTED),
});
export type ExpiringAnswerView = z.infer<typeof expiringAnswerSchema>;

export const runawayAnswerSchema = z.object({
  accounts: z.array(answerAccountSchema).max(MAX_LISTED),
  alerts: z
    .array(
      z.object({
        accountId: text(200),
        accountLabel: text(200),
        keyId: z.number().int(),
        keyName: text(200),
        reason: z.enum(['rate', 'daily_cap']),
        hourSpendUnits: units,
        usualHourUnits: units.nullable(),
        dailyCapUnits: units.nullable(),
        daySpendUnits: units.nullable(),
        raisedAt: z.number(),
      }),
    )
    .max(MAX_LISTED),
  total: z.number().int().min(0),
});
export type RunawayAnswer = z.infer<typeof runawayAnswerSchema>;

export const revealAnswerSchema = z.object({
  accountLabel: text(200),
  keyId: z.number().int(),
  keyName: text(200),
  /** The full key, with sk-: handed over only where the user switched the ability on for this account. */
  key: text(1000),
});
export type RevealAnswer = z.infer<typeof revealAnswerSchema>;

export const disableAnswerSchema = z.object({
  accountLabel: text(200),
  keyId: z.number().int(),
  keyName: text(200),
});
export type DisableAnswer = z.infer<typeof disableAnswerSchema>;

// ---- the tools' arguments, checked by the MCP server (zod, as the SDK takes them) and again by the app ------------

export const accountRef = z.string().trim().min(1).max(200);
export const listKeysArgs = z.strictObject({
  account: accountRef.optional(),
  search: z.string().trim().min(1).max(100).optional(),
  state: z.enum(KEY_STATES).optional(),
  limit: z.number().int().min(1).max(MAX_LISTED).optional(),
});
export const findKeyArgs = z.strictObject({
  model: z.string().trim().min(1).max(200),
  limit: z.number().int().min(1).max(100).optional(),
});
export const spendArgs = z.strictObject({
  account: accountRef.optional(),
  limit: z.number().int().min(1).max(MAX_LISTED).optional(),
});
export const expiringArgs = z.strictObject({
  within_days: z.number().int().min(MIN_SETTING_DAYS).max(MAX_SETTING_DAYS).optional(),
});
export const keyActionArgs = z.strictObject({ account: accountRef, key_id: z.number().int().positive() });
