// /api/token/... at base_url: list, search, detail, create, full and status-only update, delete, reveal — shaped per profile.
import type { Hono, MiddlewareHandler } from 'hono';
import type { GatewayContext, GatewayEnv } from './http';
import { fail, isRecord, ok, positiveInt } from './http';
import { applyFields, applyStatus, parseCreate, parseFullUpdate } from './key-input';
import type { Mutex } from './mutex';
import { rateLimit } from './rate-limit';
import type { Matcher } from './search';
import {
  DEFAULT_PAGE_SIZE,
  FUZZY_CAP_MESSAGE,
  MAX_PAGE_SIZE,
  atoi,
  buildMatcher,
  decodeQueryParam,
  newApiPattern,
  pageOf,
  paging,
  prefixPattern,
  substringPattern,
  trimCutset,
} from './search';
import { requireManagement } from './session-auth';
import type { GatewayState, KeyRec } from './state';
import { keyView } from './state';

export const MAX_BATCH_IDS = 100;

export function registerKeyRoutes(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  const { profile } = state;
  const read = requireManagement(state, 'api_key:read');
  const write = requireManagement(state, 'api_key:write');
  const reveal = requireManagement(state, 'api_key:reveal');
  const critical = rateLimit(state, 'critical');
  const user = (c: GatewayContext) => c.get('principal').user;
  const view = (k: KeyRec) => keyView(k, profile);

  /** A list answer: the spec's page object, or the early eras' bare array with a 0-based `p`. */
  const listAnswer = (c: GatewayContext, keys: KeyRec[]): Response => {
    const size = c.req.query('size') ?? c.req.query('page_size');
    if (profile.keyList.paged) {
      const { page, pageSize } = paging(c.req.query('p'), size);
      return ok(pageOf(keys.map(view), page, pageSize));
    }
    const page = Math.max(0, atoi(c.req.query('p')));
    const asked = profile.keyList.honoursSize ? atoi(size) : 0;
    const pageSize = asked <= 0 ? DEFAULT_PAGE_SIZE : Math.min(asked, MAX_PAGE_SIZE);
    return ok(keys.slice(page * pageSize, (page + 1) * pageSize).map(view));
  };

  app.get('/api/token/', read, (c) => listAnswer(c, state.keysOf(user(c))));

  app.get('/api/token/search', rateLimit(state, 'search'), read, (c) => {
    const keys = state.keysOf(user(c));
    const keyword = c.req.query('keyword') ?? '';
    const token = c.req.query('token') ?? '';
    switch (profile.search) {
      case 'spec':
        return specSearch(c, state, keys);
      case 'new-api': {
        const value = token.replace(/^sk-/, '');
        const isFuzzy = keyword.includes('%') || value.includes('%');
        if (isFuzzy && keys.length > state.settings.fuzzy_search_key_cap) return fail(FUZZY_CAP_MESSAGE);
        const byName = newApiPattern(keyword);
        const byKey = newApiPattern(value);
        if (typeof byName === 'string') return fail(byName);
        if (typeof byKey === 'string') return fail(byKey);
        return listAnswer(c, keys.filter(both(byName, byKey)));
      }
      case 'substring': {
        const byKey = substringPattern(token === '' ? '' : trimCutset(token, 'sk-'));
        return ok(keys.filter(both(substringPattern(keyword), byKey)).map(view));
      }
      case 'prefix':
        return ok(keys.filter((k) => prefixPattern(keyword)(k.name)).map(view));
    }
  });

  if (profile.endpoints.reveal) registerReveal(app, state, critical, reveal);

  app.get('/api/token/:id', read, (c) => {
    const id = positiveInt(c.req.param('id'));
    const k = id === undefined ? undefined : state.ownKey(user(c), id);
    return k ? ok(view(k)) : fail('record not found');
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
        // gorm's default:'' fills a subnet the body left out; models stays NULL (model/token.go).
        subnet: profile.keyColumns === 'one-api' ? (f.subnet ?? '') : null,
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
        return result.ok ? ok(view(result.value)) : fail(result.message);
      }
      const parsed = parseFullUpdate(state, owner, c.get('body'));
      if (!parsed.ok) return fail(parsed.message);
      applyFields(state, parsed.value.key, parsed.value.fields);
      return ok(view(parsed.value.key));
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

function both(byName: Matcher, byKey: Matcher): (k: KeyRec) => boolean {
  return (k) => byName(k.name) && byKey(k.key);
}

/** The spec's search (section 4.4): strict decoding, exact without %, fuzzy capped. */
function specSearch(c: GatewayContext, state: GatewayState, keys: KeyRec[]): Response {
  const cap = state.settings.fuzzy_search_key_cap;
  const rawQuery = new URL(c.req.url).search.replace(/^\?/, '');
  const tokenParam = decodeQueryParam(rawQuery, 'token');
  const byName = buildMatcher('keyword', decodeQueryParam(rawQuery, 'keyword'), keys.length <= cap, cap);
  const byKey = buildMatcher('token', tokenParam?.replace(/^sk-/, '') ?? tokenParam, keys.length <= cap, cap);
  if (typeof byName === 'string') return fail(byName);
  if (typeof byKey === 'string') return fail(byKey);
  const { page, pageSize } = paging(c.req.query('p'), c.req.query('size') ?? c.req.query('page_size'));
  return ok(
    pageOf(
      keys.filter(both(byName, byKey)).map((k) => keyView(k)),
      page,
      pageSize,
    ),
  );
}

/** Reveal endpoints (new-api v0.11.4+); older eras answer their JSON 404 instead. */
function registerReveal(
  app: Hono<GatewayEnv>,
  state: GatewayState,
  critical: MiddlewareHandler<GatewayEnv>,
  reveal: MiddlewareHandler<GatewayEnv>,
): void {
  const user = (c: GatewayContext) => c.get('principal').user;
  app.post('/api/token/batch/keys', critical, reveal, (c) => {
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

  app.post('/api/token/:id/key', critical, reveal, (c) => {
    const id = positiveInt(c.req.param('id'));
    const k = id === undefined ? undefined : state.ownKey(user(c), id);
    return k ? ok({ key: k.key }) : fail('record not found');
  });
}
