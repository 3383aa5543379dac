// What a failed sync step tells the user: the remote's and the crypto's failures as the contract's errors (a code
// and a named reason; the renderer words them). Anything else is unexpected and becomes `internal` in the router.
import type { AppError } from '../../../src-shared/contract';
import { AppErrorException } from '../../errors';
import { SyncCryptoError } from './sync-crypto';
import { RemoteError } from './webdav.remote';

export function syncError(error: unknown): AppError | null {
  if (error instanceof AppErrorException) return error.appError;
  if (error instanceof SyncCryptoError) {
    if (error.problem === 'newer_format') return { code: 'validation', reason: 'sync.newer_format' };
    if (error.problem === 'wrong_passphrase') return { code: 'validation', reason: 'sync.wrong_passphrase' };
    return { code: 'validation', reason: 'sync.folder_changed' };
  }
  if (!(error instanceof RemoteError)) return null;
  const params = error.status === undefined ? undefined : { status: error.status };
  const withParams = (e: AppError): AppError => (params === undefined ? e : { ...e, params });
  switch (error.problem) {
    case 'unauthorized':
      return withParams({ code: 'auth.unauthorized', reason: 'sync.unauthorized' });
    case 'not_found':
      return withParams({ code: 'not_found', reason: 'sync.folder_missing' });
    case 'insufficient_storage':
      return withParams({ code: 'server', reason: 'sync.server_full', retryable: true });
    case 'server':
      return withParams({ code: 'server', reason: 'sync.server_error', retryable: true });
    case 'network':
      return { code: 'network', reason: 'sync.unreachable', retryable: true };
    case 'timeout':
      return { code: 'timeout', reason: 'sync.timeout', retryable: true };
    case 'too_large':
      return { code: 'protocol', reason: 'sync.too_large' };
    case 'weak_etag':
      return { code: 'unsupported', reason: 'sync.weak_etags' };
    case 'protocol':
      return withParams({ code: 'protocol', reason: 'sync.not_webdav' });
  }
}
