// /api/token/... at base_url: list, search, detail, create, full and status-only update, delete, reveal.
import type { Hono } from 'hono';
import { requireAccess } from './auth';
import type { GatewayContext, GatewayEnv } from './http';
import { fail, isRecord, ok, positiveInt } from './http';
import { applyFields, applyStatus, parseCreate, parseFullUpdate } from './key-input';
import type { Mutex } from './mutex';
import { buildMatcher, decodeQueryParam, pageOf, paging } from './search';
import type { GatewayState } from './state';
import { keyView } from './state';

export const MAX_BATCH_IDS = 100;

export function registerKeyRoutes(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  const read = requireAccess(state, 'api_key:read');
  const write = requireAccess(state, 'api_key:write');
  const reveal = requireAccess(state, 'api_key:reveal');
  const user = (c: GatewayContext) => c.get('principal').user;

  app.get('/api/token/', read, (c) => {
    const { page, pageSize } = paging(c.req.query('p'), c.req.query('size') ?? c.req.query('page_size'));
    return ok(pageOf(state.keysOf(user(c)).map(keyView), page, pageSize));
  });

  app.get('/api/token/search', read, (c) => {
    const keys = state.keysOf(user(c));
    const cap = state.settings.fuzzy_search_key_cap;
    const rawQuery = new URL(c.req.url).search.replace(/^\?/, '');
    const tokenParam = decodeQueryParam(rawQuery, 'token');
    const byName = buildMatcher('keyword', decodeQueryParam(rawQuery, 'keyword'), keys.length <= cap, cap);
    const byKey = buildMatcher('token', tokenParam?.replace(/^sk-/, '') ?? tokenParam, keys.length <= cap, cap);
    if (typeof byName === 'string') return fail(byName);
    if (typeof byKey === 'string') return fail(byKey);
    const { page, pageSize } = paging(c.req.query('p'), c.req.query('size') ?? c.req.query('page_size'));
    const found = keys.filter((k) => byName(k.name) && byKey(k.key)).map(keyView);
    return ok(pageOf(found, page, pageSize));
  });

  app.post('/api/token/batch/keys', reveal, (c) => {
    const body = c.get('body');
    const ids = isRecord(body) ? body.ids : undefined;
    if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id))) {
      return fail('invalid parameter: ids must be an array of integers');
    }
    if (ids.length === 0 || ids.length > MAX_BATCH_IDS) {
      return fail(`invalid parameter: ids must hold between 1 and ${MAX_BATCH_IDS} key ids`);
    }
    // Ids of missing or foreign keys are left out of the map rather than failing the whole batch.
    const keys: Record<string, string> = {};
    for (const id of ids as number[]) {
      const k = state.ownKey(user(c), id);
      if (k) keys[String(id)] = k.key;
    }
    return ok({ keys });
  });

  app.post('/api/token/:id/key', reveal, (c) => {
    const id = positiveInt(c.req.param('id'));
    const k = id === undefined ? undefined : state.ownKey(user(c), id);
    return k ? ok({ key: k.key }) : fail('record not found');
  });

  app.get('/api/token/:id', read, (c) => {
    const id = positiveInt(c.req.param('id'));
    const k = id === undefined ? undefined : state.ownKey(user(c), id);
    return k ? ok(keyView(k)) : fail('record not found');
  });

  app.post('/api/token/', write, (c) =>
    mutex.run(() => {
      const owner = user(c);
      const parsed = parseCreate(state, owner, c.get('body'));
      if (!parsed.ok) return fail(parsed.message);
      const now = state.clock.now();
      const id = state.allocateKeyId();
      const f = parsed.value;
      state.keys.set(id, {
        ...f,
        id,
        user_id: owner.id,
        key: state.newKeyValue(),
        status: 1,
        created_time: now,
        accessed_time: now,
        used_quota: 0,
        // A new key behaves as the account's default group until the configuration propagates.
        previous_group: '',
        group_changed_at: now,
      });
      // Spec 4.1 #2: create answers success and message only, never the key.
      return ok();
    }),
  );

  app.put('/api/token/', write, (c) =>
    mutex.run(() => {
      const owner = user(c);
      const statusOnly = c.req.query('status_only');
      if (statusOnly !== undefined && statusOnly !== '' && statusOnly !== 'false') {
        const result = applyStatus(state, owner, c.get('body'));
        return result.ok ? ok(keyView(result.value)) : fail(result.message);
      }
      const parsed = parseFullUpdate(state, owner, c.get('body'));
      if (!parsed.ok) return fail(parsed.message);
      applyFields(state, parsed.value.key, parsed.value.fields);
      return ok(keyView(parsed.value.key));
    }),
  );

  app.delete('/api/token/:id', write, (c) =>
    mutex.run(() => {
      const id = positiveInt(c.req.param('id'));
      const k = id === undefined ? undefined : state.ownKey(user(c), id);
      if (!k) return fail('record not found');
      state.keys.delete(k.id);
      return ok();
    }),
  );
}
