// The update service's own port and error: the feed (reads one file of the update feed; adapter http-feed.ts) and
// the failure kinds it is told about. The runtime's side (downloader, install facts) is platform/updates.port.ts.
import type { UpdateFailureKind, UpdateFailureWhy } from '../../../src-shared/contract';

/**
 * A failure with the kind the user is told about, Keydesk's own reason when it has one (`why`: a code and numbers the
 * renderer words), and a technical `detail` (a status, a file, another program's message), never a secret.
 */
export class UpdateError extends Error {
  override readonly name = 'UpdateError';
  constructor(
    readonly kind: UpdateFailureKind,
    readonly detail?: string,
    readonly why?: UpdateFailureWhy,
  ) {
    super([kind, why?.reason, detail].filter(Boolean).join(': '));
  }
}

export interface UpdateFeedPort {
  /** The bytes of the file at `url`; throws UpdateError (offline, timeout, server, too_large, redirect). */
  read(url: string, maxBytes: number): Promise<Uint8Array>;
}

/** The reason of a stall watchdog's failure: nothing arrived for this long. */
export const stalledFor = (ms: number): UpdateFailureWhy => ({
  reason: 'stalled',
  params: { seconds: Math.round(ms / 1000) },
});
