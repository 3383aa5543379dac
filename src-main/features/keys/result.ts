// Small helpers for services that pass gateway Results through: map the value, or turn a failure into the
// AppErrorException the router answers as a Result.
import { ok, type AppError, type Result } from '../../../src-shared/contract';
import { AppErrorException } from '../../bridge/router';
import type { Logger } from '../../log/logger';

export const mapResult = <T, U>(r: Result<T>, f: (value: T) => U): Result<U> => (r.ok ? ok(f(r.value)) : r);

/** The value, or the failure thrown as an AppErrorException (for flows of several calls). */
export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new AppErrorException(r.error);
  return r.value;
}

/**
 * The AppError of anything a flow threw: expected failures keep their code, the rest is internal — and is logged
 * here, where it is caught, since the message tells the user the log has the details.
 */
export function toAppError(error: unknown, log?: Logger, what = 'unexpected failure'): AppError {
  if (error instanceof AppErrorException) return error.appError;
  log?.error(what, { error });
  return { code: 'internal', message: 'Something went wrong in Keydesk. The details are in the log.' };
}
