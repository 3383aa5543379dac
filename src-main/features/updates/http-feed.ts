// Reads one file of the update feed over HTTP with the limits a slow or hostile network needs: a stall timeout (the
// address stopped sending), a byte cap (a feed file is a few hundred bytes; anything huge is not one), no cache, and
// redirects followed by hand, each hop held to the mirror rules (https, or http only from and to this machine).
import type { FetchPort } from '../../gateway';
import { isAcceptableFeedHop } from './update-support';
import type { Clock } from '../../platform/ports';
import { stalledFor, UpdateError, type UpdateFeedPort } from './updates.ports';

export interface HttpFeedOptions {
  readonly fetch: FetchPort;
  readonly clock: Pick<Clock, 'setTimer' | 'clearTimer'>;
  /** Abort when no byte arrived for this long (headers included). */
  readonly stallMs: number;
}

const STALLED = Symbol('stalled');
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** GitHub's release download answers one redirect (to its file storage); a few more leave room for a mirror's. */
export const MAX_FEED_REDIRECTS = 5;

export class HttpUpdateFeed implements UpdateFeedPort {
  constructor(private readonly options: HttpFeedOptions) {}

  async read(url: string, maxBytes: number): Promise<Uint8Array> {
    const { fetch, clock, stallMs } = this.options;
    const controller = new AbortController();
    let cancelTimer = (): void => undefined;
    const arm = (): void => {
      cancelTimer();
      const timer = clock.setTimer(stallMs, () => {
        controller.abort(STALLED);
      });
      cancelTimer = () => {
        clock.clearTimer(timer);
      };
    };
    const failure = (error: unknown): UpdateError => {
      if (error instanceof UpdateError) return error;
      if (controller.signal.reason === STALLED) return new UpdateError('timeout', undefined, stalledFor(stallMs));
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      const message = error instanceof Error ? error.message : String(error);
      return new UpdateError('offline', [message, cause].filter(Boolean).join(': ').slice(0, 300));
    };
    arm();
    try {
      let at = url;
      for (let hop = 0; ; hop++) {
        const response = await fetch(at, {
          method: 'GET',
          signal: controller.signal,
          // By hand: fetch would follow a mirror's redirect to plain http on another host and never say so.
          redirect: 'manual',
          headers: { accept: 'application/x-yaml, text/yaml, text/plain, */*', 'cache-control': 'no-cache' },
        });
        const location = response.headers.get('location');
        if (REDIRECTS.has(response.status) && location !== null) {
          await response.body?.cancel().catch(() => undefined);
          if (hop >= MAX_FEED_REDIRECTS) {
            throw new UpdateError('redirect', undefined, {
              reason: 'too_many_redirects',
              params: { count: MAX_FEED_REDIRECTS },
            });
          }
          let next: URL;
          try {
            next = new URL(location, at);
          } catch {
            throw new UpdateError('redirect', location.slice(0, 200));
          }
          if (!isAcceptableFeedHop(at, next.href)) {
            throw new UpdateError('redirect', `${new URL(at).origin} → ${next.protocol}//${next.host}`);
          }
          at = next.href;
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          throw new UpdateError('server', `HTTP ${response.status}`);
        }
        return await readCapped(response, maxBytes, arm);
      }
    } catch (error) {
      throw failure(error);
    } finally {
      cancelTimer();
    }
  }
}

/** The body, refused as soon as it passes `maxBytes` (declared or counted), re-arming the stall timer per chunk. */
async function readCapped(response: Response, maxBytes: number, arm: () => void): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpdateError('too_large', undefined, { reason: 'declared_size', params: { bytes: declared } });
  }
  if (!response.body) return new Uint8Array(0);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    arm();
    const { value, done } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new UpdateError('too_large', undefined, { reason: 'over_cap', params: { bytes: maxBytes } });
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
