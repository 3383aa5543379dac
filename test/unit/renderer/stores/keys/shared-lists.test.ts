// Keys just arrived from the bridge share one empty model list; a key with limits keeps its own, untouched.
import { describe, expect, it } from 'vitest';
import { NO_MODEL_LIMITS } from '../../../../../src-shared/contract';
import { shareEmptyLists } from '../../../../../src-renderer/src/stores/keys/shared-lists';
import { keyView } from '../../../../support/key-view';

describe('shareEmptyLists', () => {
  it('swaps each fresh empty list for the shared one and leaves listed models as they were', () => {
    const models = ['gpt-4o', 'o1'];
    const keys = [keyView({ id: 1 }), keyView({ id: 2, modelLimitsEnabled: true, modelLimits: models })];
    expect(keys[0]?.modelLimits).not.toBe(NO_MODEL_LIMITS);
    const out = shareEmptyLists(keys);
    expect(out).toBe(keys);
    expect(out[0]?.modelLimits).toBe(NO_MODEL_LIMITS);
    expect(out[1]?.modelLimits).toBe(models);
    expect(models).toEqual(['gpt-4o', 'o1']);
  });
});
