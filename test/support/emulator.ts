// The one way tests start the gateway emulator in-process: a seed, an era, and a clock frozen at T0 unless a test
// asks for it to run; plus the clock Keydesk's services read so their expiry checks agree with the server's.
import type { Clock } from '../../src-main/platform/ports';
import { systemClock } from '../../src-main/platform/system-clock';
import { startGateway, type Gateway, type SeedInput } from '../gateway/index';
import type { ProfileName } from '../gateway/profiles';

/** The emulator's time at start (Unix seconds) in every test that does not say otherwise. */
export const T0 = 1_780_000_000;

export interface EmulatorOptions {
  /** Default: the emulator's demo seed. */
  readonly seed?: SeedInput;
  /** The server era; default: the seed's own (spec). */
  readonly profile?: ProfileName;
  /** Start time in Unix seconds; default T0. */
  readonly now?: number;
  /** A running clock moves with real time; default frozen (it moves only when a test sets or advances it). */
  readonly isClockRunning?: boolean;
}

export function startEmulator(options: EmulatorOptions = {}): Promise<Gateway> {
  return startGateway({
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    clock: { now: options.now ?? T0, frozen: options.isClockRunning !== true },
  });
}

/** Local time as the emulator sees it, so expiry checks agree with the server; real timers for waiting. */
export const emulatorClock = (gw: Gateway): Clock => ({
  ...systemClock,
  now: () => gw.clock.now() * 1000,
});
