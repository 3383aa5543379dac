// The gateway layer's slices of the platform ports: the fetch-shaped transport (Electron net.fetch, Node fetch)
// and time (now, sleep, random), so retry, backoff and timeouts are tested without real waiting.
import type { Clock } from '../platform/ports';

export type { FetchPort } from '../platform/ports';

/** The part of the one Clock the gateway client uses. */
export type ClockPort = Pick<Clock, 'now' | 'sleep' | 'random'>;
