// Keys as they arrive from main, made lighter to hold: an answer crosses the bridge as JSON (or a structured clone),
// which gives every key a fresh empty model list; All keys holds thousands of keys and most have none.
import { NO_MODEL_LIMITS, type KeyView } from '../../../../src-shared/contract';

/**
 * Gives each key without model limits the one shared empty list, in place: the keys are a bridge answer just
 * parsed, held by nobody else yet, so changing them costs nothing a copy of every key would.
 */
export function shareEmptyLists(keys: readonly KeyView[]): readonly KeyView[] {
  for (const k of keys) {
    if (k.modelLimits.length === 0 && k.modelLimits !== NO_MODEL_LIMITS)
      (k as { modelLimits: readonly string[] }).modelLimits = NO_MODEL_LIMITS;
  }
  return keys;
}
