// What key health keeps on disk: the schedule and each key's last check (states and times), never a key: the site's
// words with every secret Keydesk knows taken out, errors by code and reason, the model ids left for the next check.
import { describe, expect, it } from 'vitest';
import type { KeyHealthView } from '../../../../../src-shared/contract';
import { fromStored, healthDocumentSchema, toStored } from '../../../../../src-main/features/health/health.store';
import { registerSecret } from '../../../../../src-main/log/redact';

const view = (over: Partial<KeyHealthView> = {}): KeyHealthView => ({
  accountId: 'a1',
  keyId: 3,
  state: 'refused',
  causeSource: null,
  checkedAt: 1_780_000_000_000,
  via: 'models',
  model: null,
  modelCount: null,
  modelIds: null,
  latencyMs: 12,
  serverMessage: 'Invalid token',
  error: null,
  ...over,
});

describe('key health on disk', () => {
  it('keeps a check as the schema reads it back, model ids left out', () => {
    const stored = toStored(view({ state: 'works', modelCount: 2, modelIds: ['a', 'b'], serverMessage: null }));
    expect(stored).not.toHaveProperty('modelIds');
    const doc = healthDocumentSchema.parse({ intervalHours: 6, lastPassAt: null, results: [stored] });
    expect(fromStored(doc.results[0] ?? stored)).toEqual(
      view({ state: 'works', modelCount: 2, modelIds: null, serverMessage: null }),
    );
  });

  it('never writes a secret Keydesk knows, even if a site quoted it back', () => {
    registerSecret('fakeheldkeyquotedbackxxxxxxxxxxxxxxxxx');
    const stored = toStored(view({ serverMessage: 'key fakeheldkeyquotedbackxxxxxxxxxxxxxxxxx refused' }));
    expect(JSON.stringify(stored)).not.toContain('fakeheldkeyquotedback');
  });

  it('keeps an error by its code and reason only, and refuses a state or code it does not know', () => {
    const stored = toStored(
      view({
        state: 'failed',
        error: { code: 'network', reason: 'network.refused', serverMessage: 'x', retryable: true },
      }),
    );
    expect(stored.error).toEqual({ code: 'network', reason: 'network.refused', retryable: true });
    const odd = { intervalHours: 2, lastPassAt: null, results: [] };
    expect(healthDocumentSchema.safeParse(odd).success).toBe(false);
    const badState = { intervalHours: 0, lastPassAt: null, results: [{ ...stored, state: 'great' }] };
    expect(healthDocumentSchema.safeParse(badState).success).toBe(false);
  });
});
