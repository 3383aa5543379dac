// Main's one error path: AppErrorException for expected failures a service throws, and toAppError, the one
// converter from anything thrown to the contract's AppError (an unexpected failure is logged once, redacted, and
// answered as `internal`). Errors leave main as a code plus parameters; the renderer writes every sentence.
import type { z } from 'zod';
import {
  ERROR_REASONS,
  ok,
  type AppError,
  type ErrorCode,
  type ErrorParams,
  type ErrorReason,
  type Result,
} from '../src-shared/contract';
import type { Logger } from './log/logger';

/** An expected failure, thrown by a service and answered by the router as the Result it carries. */
export class AppErrorException extends Error {
  constructor(readonly appError: AppError) {
    super(appError.reason ?? appError.code);
    this.name = 'AppErrorException';
  }
}

/** An AppError of one of our own reasons (no server words): what services build when they refuse something. */
export const appError = (
  code: ErrorCode,
  reason?: ErrorReason,
  extra: { readonly params?: ErrorParams; readonly field?: string } = {},
): AppError => ({
  code,
  ...(reason === undefined ? {} : { reason }),
  ...(extra.params === undefined ? {} : { params: extra.params }),
  ...(extra.field === undefined ? {} : { field: extra.field }),
});

/** Throws an expected failure; for flows of several steps that answer one Result. */
export const raise = (error: AppError): never => {
  throw new AppErrorException(error);
};

/** Failures that carry their own AppError (the gateway layer's GatewayError has `toAppError()`). */
interface CarriesAppError {
  toAppError(): AppError;
}
const carriesAppError = (error: unknown): error is CarriesAppError =>
  typeof error === 'object' && error !== null && typeof (error as Partial<CarriesAppError>).toAppError === 'function';

/**
 * The AppError of anything thrown: expected failures keep their code; anything else is logged here, once and
 * redacted (the logger redacts), and becomes `internal`. Pass no logger only where the caller logs it itself.
 */
export function toAppError(error: unknown, log: Logger | undefined, what = 'unexpected failure'): AppError {
  if (error instanceof AppErrorException) return error.appError;
  if (carriesAppError(error)) return error.toAppError();
  log?.error(what, { error });
  return { code: 'internal' };
}

/**
 * An expected failure's AppError; anything else is thrown on, so the router converts and logs it once. For flows
 * that answer a Result themselves but have no logger of their own.
 */
export function expectedFailure(error: unknown): AppError {
  if (error instanceof AppErrorException) return error.appError;
  if (carriesAppError(error)) return error.toAppError();
  throw error;
}

/** The value, or the failure thrown as an AppErrorException (for flows of several calls). */
export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new AppErrorException(r.error);
  return r.value;
}

export const mapResult = <T, U>(r: Result<T>, f: (value: T) => U): Result<U> => (r.ok ? ok(f(r.value)) : r);

const REASONS: ReadonlySet<string> = new Set(ERROR_REASONS);

/**
 * A schema's refusal as an AppError: the field it is about and, when the schema named one of our reasons (a
 * refinement's `params.reason`), that reason; otherwise `input.invalid`. Zod's own English never crosses.
 */
export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const custom =
    issue?.code === 'custom' ? (issue.params as { reason?: unknown; min?: unknown } | undefined) : undefined;
  const named = custom?.reason;
  const params: Record<string, string | number> = path ? { field: path } : {};
  // A refinement that names a length rule says its limit too (a new sync folder's passphrase of at least 10).
  if (typeof custom?.min === 'number') params.min = custom.min;
  let reason: ErrorReason = typeof named === 'string' && REASONS.has(named) ? (named as ErrorReason) : 'input.invalid';
  // A text too short or too long says its limit (a passphrase of at least 8 characters, a name of at most 100).
  if (issue?.code === 'too_small' && issue.origin === 'string') {
    reason = 'input.too_short';
    params.min = Number(issue.minimum);
  } else if (issue?.code === 'too_big' && issue.origin === 'string') {
    reason = 'input.too_long';
    params.max = Number(issue.maximum);
  }
  return { code: 'validation', reason, ...(path ? { field: path } : {}), params };
}
