// A key's calls by model from the site's usage logs: rows of other keys (same name, where the rows say whose they
// are) are left out, refunds and zero-cost rows counted as calls, lines ordered by what they spent.
import type { KeyModelUsageLine, KeyModelUsageView } from '../../../src-shared/contract';
import type { UsageLogRead } from '../../gateway';

/** Models named by a site are free text: the line keeps a bounded name, and at most this many lines are kept. */
const MAX_MODEL_NAME = 200;
export const MAX_MODEL_LINES = 50;

export function modelUsage(
  read: UsageLogRead,
  key: { readonly id: number },
  window: { readonly since: number; readonly until: number },
): KeyModelUsageView {
  const hasIds = read.rows.some((r) => r.token_id !== undefined && r.token_id > 0);
  const own = hasIds ? read.rows.filter((r) => r.token_id === key.id) : read.rows;
  const lines = new Map<string, { -readonly [K in keyof KeyModelUsageLine]: KeyModelUsageLine[K] }>();
  for (const row of own) {
    const model = row.model_name.slice(0, MAX_MODEL_NAME);
    const line = lines.get(model) ?? {
      model,
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
      quotaUnits: 0,
      lastCallAt: row.created_at,
    };
    line.calls += 1;
    line.promptTokens += row.prompt_tokens;
    line.completionTokens += row.completion_tokens;
    line.quotaUnits += row.quota;
    line.lastCallAt = Math.max(line.lastCallAt, row.created_at);
    lines.set(model, line);
  }
  const models = [...lines.values()]
    .sort((a, b) => b.quotaUnits - a.quotaUnits || b.calls - a.calls || a.model.localeCompare(b.model))
    .slice(0, MAX_MODEL_LINES);
  return {
    since: window.since,
    until: window.until,
    models,
    calls: own.length,
    isTruncated: read.isTruncated,
    matchedBy: hasIds ? 'id' : 'name',
  };
}
