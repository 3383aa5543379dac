// The real Clock of both runtimes (Electron's main process is Node too): wall time, Math.random, and Node timers
// that never keep the process alive on their own.
import type { Clock } from './ports';

export const systemClock: Clock = {
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
  setTimer: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimer: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
  every: (ms, callback) => {
    const timer = setInterval(callback, ms);
    timer.unref();
    return () => {
      clearInterval(timer);
    };
  },
};
