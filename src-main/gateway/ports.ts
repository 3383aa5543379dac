// The gateway layer's ports: the fetch-shaped transport (Electron net.fetch, Node fetch) and time (a clock with
// sleep and random), so retry, backoff and timeouts are tested without real waiting.

/** Electron's net.fetch or Node's global fetch. */
export type FetchPort = (url: string, init: RequestInit) => Promise<Response>;

/** Time as a port, so retry, backoff and timeouts are tested without real waiting. */
export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after ms; rejects with the signal's reason if it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1), for jitter. */
  random(): number;
}

export const systemClock: ClockPort = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason as Error);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
