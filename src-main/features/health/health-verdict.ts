// A probe's answer as the result the user reads: the state, and who told us its cause. Where the site refused without
// naming a cause (today's new-api says "Invalid token" for every one), the key's own record — as Keydesk last read it —
// may still say it: disabled, expired or spent. The site has the last word on whether the key works.
import type { KeyHealthView, KeyView } from '../../../src-shared/contract';
import type { ProbeAnswer } from './key-probe';

export interface VerdictContext {
  readonly accountId: string;
  readonly keyId: number;
  readonly checkedAt: number;
  readonly via: 'models' | 'call';
  readonly model: string | null;
}

/** The states a key's record can explain a refusal with. */
const recordCause = (record: KeyView | undefined): 'disabled' | 'expired' | 'exhausted' | null =>
  record === undefined || record.state === 'enabled' ? null : record.state;

export function verdictOf(answer: ProbeAnswer, record: KeyView | undefined, context: VerdictContext): KeyHealthView {
  const base = {
    accountId: context.accountId,
    keyId: context.keyId,
    checkedAt: context.checkedAt,
    via: context.via,
    model: context.model,
  };
  switch (answer.kind) {
    case 'works':
      return {
        ...base,
        state: 'works',
        causeSource: null,
        modelCount: answer.modelCount,
        modelIds: answer.modelIds,
        latencyMs: answer.latencyMs,
        serverMessage: null,
        error: null,
      };
    case 'failed':
      return {
        ...base,
        state: 'failed',
        causeSource: null,
        modelCount: null,
        modelIds: null,
        latencyMs: answer.latencyMs,
        serverMessage: null,
        error: answer.error,
      };
    case 'refused': {
      const fromRecord = answer.isCauseStated ? null : recordCause(record);
      const isFromRecord = fromRecord !== null;
      return {
        ...base,
        state: fromRecord ?? answer.state,
        causeSource: answer.isCauseStated ? 'site' : isFromRecord ? 'record' : null,
        modelCount: null,
        modelIds: null,
        latencyMs: answer.latencyMs,
        serverMessage: answer.serverMessage,
        error: null,
      };
    }
  }
}

/** A key Keydesk does not hold this session: nothing was sent, and the result says so. */
export function notHeld(context: VerdictContext): KeyHealthView {
  return {
    accountId: context.accountId,
    keyId: context.keyId,
    checkedAt: context.checkedAt,
    via: context.via,
    model: context.model,
    state: 'not_held',
    causeSource: null,
    modelCount: null,
    modelIds: null,
    latencyMs: null,
    serverMessage: null,
    error: null,
  };
}
