// The user's usage log at base_url: `GET /api/log/self`, shaped per era (profile switch `logs`).
// Sources: new-api controller/log.go GetUserLogs + model/log.go (Calcium-Ion ef8ae4db; current [idx]),
// one-api controller/log.go + model/log.go (8df4a267). Junk numbers read 0 there (`strconv.Atoi` errors
// are ignored), so they do here too.
import type { Hono } from 'hono';
import type { GatewayContext, GatewayEnv } from './http';
import { ok } from './http';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, atoi } from './search';
import { requireManagement } from './session-auth';
import type { GatewayState, LogRow } from './state';

/** one-api's config.ItemsPerPage: its page size, whatever the query says. */
export const ONE_API_LOG_PAGE = 10;

export function registerLogRoutes(app: Hono<GatewayEnv>, state: GatewayState): void {
  const { logs } = state.profile;
  if (logs === 'none') return;
  const read = requireManagement(state, 'wallet:read');

  app.get('/api/log/self', read, (c) => {
    const rows = ownRows(c, state, logs !== 'bare-10');
    const q = (name: string) => c.req.query(name);
    switch (logs) {
      case 'paged-dto': {
        // common.GetPageQuery: p from 1; page_size, else ps, else size; 1..100, default 10.
        const page = Math.max(1, atoi(q('p')));
        let pageSize = atoi(q('page_size'));
        if (pageSize === 0) pageSize = atoi(q('ps'));
        if (pageSize === 0) pageSize = atoi(q('size'));
        if (pageSize < 1) pageSize = DEFAULT_PAGE_SIZE;
        pageSize = Math.min(pageSize, MAX_PAGE_SIZE);
        const start = (page - 1) * pageSize;
        const items = rows.slice(start, start + pageSize).map((r, i) => dtoView(r, start + i + 1));
        return ok({ page, page_size: pageSize, total: rows.length, items });
      }
      case 'paged-row': {
        // page_size < 0 → 10, > 100 → 100, 0 (also when missing) goes to GORM as Limit(0): no rows.
        const page = Math.max(1, atoi(q('p')));
        let pageSize = atoi(q('page_size'));
        if (pageSize < 0) pageSize = DEFAULT_PAGE_SIZE;
        pageSize = Math.min(pageSize, MAX_PAGE_SIZE);
        const start = (page - 1) * pageSize;
        const items = rows.slice(start, start + pageSize).map(rowView);
        return ok({ items, total: rows.length, page, page_size: pageSize });
      }
      case 'bare-10': {
        const page = Math.max(0, atoi(q('p')));
        const start = page * ONE_API_LOG_PAGE;
        return ok(rows.slice(start, start + ONE_API_LOG_PAGE).map(oneApiView));
      }
    }
  });
}

/** The principal's rows matching the filters, newest first. `group` exists on new-api eras only. */
function ownRows(c: GatewayContext, state: GatewayState, hasGroupFilter: boolean): LogRow[] {
  const userId = c.get('principal').user.id;
  const type = atoi(c.req.query('type'));
  const start = atoi(c.req.query('start_timestamp'));
  const end = atoi(c.req.query('end_timestamp'));
  const tokenName = c.req.query('token_name') ?? '';
  const modelName = c.req.query('model_name') ?? '';
  const group = hasGroupFilter ? (c.req.query('group') ?? '') : '';
  const rows: LogRow[] = [];
  for (let i = state.logs.length - 1; i >= 0; i--) {
    const r = state.logs[i];
    if (r === undefined || r.user_id !== userId) continue;
    if (type !== 0 && r.type !== type) continue;
    if (start !== 0 && r.created_at < start) continue;
    if (end !== 0 && r.created_at > end) continue;
    if (tokenName !== '' && r.token_name !== tokenName) continue;
    if (modelName !== '' && r.model_name !== modelName) continue;
    if (group !== '' && r.group !== group) continue;
    rows.push(r);
  }
  return rows;
}

/** Current new-api's userLogDTO: a page-relative `id`, no user, token id, channel id or group. */
function dtoView(r: LogRow, displayId: number) {
  return {
    id: displayId,
    created_at: r.created_at,
    type: r.type,
    content: r.content,
    token_name: r.token_name,
    model_name: r.model_name,
    channel_name: '',
    quota: r.quota,
    prompt_tokens: r.prompt_tokens,
    completion_tokens: r.completion_tokens,
    use_time: r.use_time,
    is_stream: r.is_stream,
    ...(Object.keys(r.other).length === 0 ? {} : { other: r.other }),
  };
}

/** new-api v0.4.2.4 … v0.13: the whole row after formatUserLogs (`id` % 1024, `other` a JSON string). */
function rowView(r: LogRow) {
  return {
    id: r.id % 1024,
    user_id: r.user_id,
    created_at: r.created_at,
    type: r.type,
    content: r.content,
    username: r.username,
    token_name: r.token_name,
    model_name: r.model_name,
    quota: r.quota,
    prompt_tokens: r.prompt_tokens,
    completion_tokens: r.completion_tokens,
    use_time: r.use_time,
    is_stream: r.is_stream,
    channel: r.channel,
    channel_name: '',
    token_id: r.token_id,
    group: r.group,
    other: JSON.stringify(r.other),
  };
}

/** one-api's Log row (`Omit("id")` → 0), elapsed time in milliseconds. */
function oneApiView(r: LogRow) {
  return {
    id: 0,
    user_id: r.user_id,
    created_at: r.created_at,
    type: r.type,
    content: r.content,
    username: r.username,
    token_name: r.token_name,
    model_name: r.model_name,
    quota: r.quota,
    prompt_tokens: r.prompt_tokens,
    completion_tokens: r.completion_tokens,
    channel: r.channel,
    request_id: r.request_id,
    elapsed_time: r.use_time * 1000,
    is_stream: r.is_stream,
    system_prompt_reset: false,
  };
}
