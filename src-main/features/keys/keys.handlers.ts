// Handlers of the keys: channels. Thin: the input schema, then the service. Ids are positive integers, pages are
// 1-based, sizes at most 100 (the gateways' cap), money is integer units.
import { z } from 'zod';
import { KEY_FIELD_LIMITS } from '../../../src-shared/rules/key-rules';
import { MAX_SEARCH_PATTERN_CHARS } from '../../../src-shared/rules/search-rules';
import type { Router } from '../../bridge/router';
import type { KeySecretsService } from './key-secrets.service';
import { MAX_LIST_PAGES, type KeysService } from './keys.service';

const accountId = z.string().min(1).max(200);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Batches are bounded: a selection is at most a few pages of the table. */
const ids = z.array(id).min(1).max(1000);
const units = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const expiry = z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER);
const paging = { page: z.number().int().min(1).max(1_000_000), size: z.number().int().min(1).max(100) };

export const keyFieldsSchema = z.strictObject({
  name: z.string().max(KEY_FIELD_LIMITS.nameChars),
  remainQuota: units,
  unlimitedQuota: z.boolean(),
  expiredTime: expiry,
  group: z.string().max(KEY_FIELD_LIMITS.groupChars),
  modelLimitsEnabled: z.boolean(),
  modelLimits: z.array(z.string().max(KEY_FIELD_LIMITS.modelChars)).max(KEY_FIELD_LIMITS.models),
  allowIps: z.string().max(KEY_FIELD_LIMITS.allowIpsChars),
});

const ref = z.strictObject({ accountId, id });
/** A page's length as some servers send it whatever size was asked (far above the 100 asked for). */
const MAX_PAGE_ITEMS = 100_000;

/** Where a listing goes on, as main handed it out: within listAll's 50 pages and the pages' sizes servers send. */
const listCursor = z.strictObject({
  page: z.number().int().min(2).max(MAX_LIST_PAGES),
  seen: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_PAGES * MAX_PAGE_ITEMS),
  pageLength: z.number().int().min(1).max(MAX_PAGE_ITEMS),
  firstId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export function registerKeysHandlers(router: Router, keys: KeysService, secrets: KeySecretsService): void {
  router
    .handle('keys:list', z.strictObject({ accountId, ...paging }), (a) => keys.list(a.accountId, a.page, a.size))
    .handle('keys:listAll', z.strictObject({ accountId }), (a) => keys.listAll(a.accountId))
    .handle('keys:listChunk', z.strictObject({ accountId, from: listCursor.nullable() }), (a) =>
      keys.listFrom(a.accountId, a.from),
    )
    .handle(
      'keys:search',
      z.strictObject({
        accountId,
        field: z.enum(['name', 'key']),
        pattern: z.string().max(MAX_SEARCH_PATTERN_CHARS),
        ...paging,
      }),
      (a) => keys.search(a.accountId, a.field, a.pattern, a.page, a.size),
    )
    .handle('keys:get', ref, (a) => keys.get(a.accountId, a.id))
    .handle('keys:shape', z.strictObject({ accountId }), (a) => keys.shape(a.accountId))
    .handle('keys:create', z.strictObject({ accountId, fields: keyFieldsSchema }), (a) =>
      keys.create(a.accountId, a.fields),
    )
    .handle(
      'keys:update',
      z.strictObject({ accountId, id, edits: keyFieldsSchema.partial(), allowExpire: z.boolean().optional() }),
      (a) => keys.update(a.accountId, a.id, a.edits, a.allowExpire === true),
    )
    .handle(
      'keys:addQuota',
      z.strictObject({ accountId, id, incrementUnits: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      (a) => keys.addQuota(a.accountId, a.id, a.incrementUnits),
    )
    .handle('keys:setStatus', z.strictObject({ accountId, ids, isEnabled: z.boolean() }), (a) =>
      keys.setStatus(a.accountId, a.ids, a.isEnabled),
    )
    .handle(
      'keys:extendAndEnable',
      z.strictObject({
        accountId,
        id,
        expiredTime: expiry.optional(),
        remainQuota: units.optional(),
        unlimitedQuota: z.boolean().optional(),
      }),
      ({ accountId: account, id: key, ...fix }) => keys.extendAndEnable(account, key, fix),
    )
    .handle('keys:delete', z.strictObject({ accountId, ids }), (a) => keys.delete(a.accountId, a.ids))
    .handle('keys:reveal', ref, (a) => secrets.reveal(a.accountId, a.id))
    .handle('keys:copy', z.strictObject({ accountId, ids }), (a) => secrets.copy(a.accountId, a.ids))
    .handle('keys:export', z.strictObject({ accountId, ids, format: z.enum(['csv', 'json']) }), (a) =>
      secrets.export(a.accountId, a.ids, a.format),
    )
    .handle('keys:usage', ref, (a) => secrets.usage(a.accountId, a.id))
    .handle('keys:test', ref, (a) => secrets.test(a.accountId, a.id))
    .handle('keys:modelUsage', ref, (a) => keys.modelUsage(a.accountId, a.id));
}
