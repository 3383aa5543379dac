// Reads one feed file over HTTP with the limits a slow or hostile network needs: a stall timeout (the address
// stopped sending), a byte cap (a feed file is a few hundred bytes; anything huge is not one) and no cache.
import type { FetchPort } from '../../gateway';
import { UpdateError, type UpdateClock, type UpdateFeedPort } from './updates.ports';

export interface HttpFeedOptions {
  readonly fetch: FetchPort;
  readonly clock: UpdateClock;
  /** Abort when no byte arrived for this long (headers included). */
  readonly stallMs: number;
  readonly maxBytes: number;
}

const STALLED = Symbol('stalled');

export class HttpUpdateFeed implements UpdateFeedPort {
  constructor(private readonly options: HttpFeedOptions) {}

  async read(url: string): Promise<string> {
    const { fetch, clock, stallMs, maxBytes } = this.options;
    const controller = new AbortController();
    let cancelTimer = (): void => undefined;
    const arm = (): void => {
      cancelTimer();
      cancelTimer = clock.setTimer(stallMs, () => {
        controller.abort(STALLED);
      });
    };
    const failure = (error: unknown): UpdateError => {
      if (error instanceof UpdateError) return error;
      if (controller.signal.reason === STALLED) return new UpdateError('timeout', `no data for ${stallMs} ms`);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      const message = error instanceof Error ? error.message : String(error);
      return new UpdateError('offline', [message, cause].filter(Boolean).join(': ').slice(0, 300));
    };
    arm();
    try {
      const response = await fetch(url, {
        method: 'GET',
        signal: controller.signal,
        redirect: 'follow',
        headers: { accept: 'application/x-yaml, text/yaml, text/plain, */*', 'cache-control': 'no-cache' },
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new UpdateError('server', `HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw new UpdateError('too_large', `${declared} bytes`);
      }
      if (!response.body) return '';
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
          throw new UpdateError('too_large', `over ${maxBytes} bytes`);
        }
        chunks.push(value);
      }
      return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
    } catch (error) {
      throw failure(error);
    } finally {
      cancelTimer();
    }
  }
}
