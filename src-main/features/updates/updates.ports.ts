// The update service's own port and error: the feed (reads one file of the update feed; adapter http-feed.ts) and
// the failure kinds it is told about. The runtime's side (downloader, install facts) is platform/updates.port.ts.
import type { UpdateFailureKind } from '../../../src-shared/contract';

/** A failure with the kind the user is told about; `detail` is technical (a status, a message), never a secret. */
export class UpdateError extends Error {
  override readonly name = 'UpdateError';
  constructor(
    readonly kind: UpdateFailureKind,
    readonly detail?: string,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
  }
}

export interface UpdateFeedPort {
  /** The bytes of the file at `url`; throws UpdateError (offline, timeout, server, too_large, redirect). */
  read(url: string, maxBytes: number): Promise<Uint8Array>;
}
