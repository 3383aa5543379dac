// What a failed sync step tells the user: an expected failure (the remote's, the crypto's, a refusal) as the
// contract's error, through errors.ts's one converter; anything else is unexpected (null: the caller says internal).
import type { AppError } from '../../../src-shared/contract';
import { expectedFailure } from '../../errors';

export function syncError(error: unknown): AppError | null {
  try {
    return expectedFailure(error);
  } catch {
    return null;
  }
}
