// One ordered, awaited shutdown, like VS Code's onWillShutdown joiners: features join it with a step in a phase,
// and run() takes the phases in order — no new call taken, then the clipboard (a copied key must not outlive
// Keydesk), the calls in flight, every feature's dispose, the sites' sessions that should end, and the stores'
// last writes — each step awaited,
// with a deadline so one stuck step (a hung logout, a slow disk) cannot hold the quit forever; a step past it is
// logged and left behind. run() is idempotent: a second quit waits for the same shutdown.
import type { Logger } from './log/logger';

// intake: no new call is taken. clipboard: a copied key is taken back. requests: calls already taken answer (their
// writes land). features: timers, servers, listeners stop. sessions: the site sessions that should end. stores: the
// last writes reach the disk.
export const SHUTDOWN_PHASES = ['intake', 'clipboard', 'requests', 'features', 'sessions', 'stores'] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

/** A few seconds: enough for a logout or a vault write, short enough that a quit never seems to hang. */
export const SHUTDOWN_STEP_DEADLINE_MS = 3_000;

export interface ShutdownOptions {
  readonly log: Logger;
  readonly deadlineMs?: number;
  /**
   * Resolves after `ms`. A timer that keeps the process alive: an unref'd one would let Node end mid-shutdown
   * when the step it guards waits on nothing Node counts.
   */
  readonly wait?: (ms: number) => { promise: Promise<void>; cancel: () => void };
}

interface Step {
  readonly name: string;
  readonly run: () => Promise<void> | void;
}

const realWait = (ms: number): { promise: Promise<void>; cancel: () => void } => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
};

export interface ShutdownReport {
  /** Steps that passed their deadline, by name. */
  readonly late: readonly string[];
  /** Steps that threw, by name (logged with the error). */
  readonly failed: readonly string[];
}

export class Shutdown {
  readonly #steps = new Map<ShutdownPhase, Step[]>(SHUTDOWN_PHASES.map((phase) => [phase, []]));
  readonly #options: ShutdownOptions;
  #running: Promise<ShutdownReport> | null = null;

  constructor(options: ShutdownOptions) {
    this.#options = options;
  }

  get isShuttingDown(): boolean {
    return this.#running !== null;
  }

  /**
   * Adds a step. Within a phase, steps run one after another in the reverse order of joining (what was built last
   * is taken down first), as features are disposed.
   */
  join(phase: ShutdownPhase, name: string, run: () => Promise<void> | void): void {
    this.#steps.get(phase)?.push({ name, run });
  }

  run(): Promise<ShutdownReport> {
    this.#running ??= this.#runAll();
    return this.#running;
  }

  async #runAll(): Promise<ShutdownReport> {
    const late: string[] = [];
    const failed: string[] = [];
    for (const phase of SHUTDOWN_PHASES) {
      for (const step of [...(this.#steps.get(phase) ?? [])].reverse()) {
        const outcome = await this.#runStep(step);
        if (outcome === 'late') late.push(step.name);
        if (outcome === 'failed') failed.push(step.name);
      }
    }
    return { late, failed };
  }

  async #runStep(step: Step): Promise<'done' | 'late' | 'failed'> {
    const { log } = this.#options;
    const deadlineMs = this.#options.deadlineMs ?? SHUTDOWN_STEP_DEADLINE_MS;
    const timer = (this.#options.wait ?? realWait)(deadlineMs);
    try {
      const done = Promise.resolve()
        .then(step.run)
        .then(() => 'done' as const);
      const outcome = await Promise.race([done, timer.promise.then(() => 'late' as const)]);
      if (outcome === 'late')
        log.warn('shutdown step passed its deadline; quitting without it', { step: step.name, deadlineMs });
      return outcome;
    } catch (error) {
      log.warn('shutdown step failed; the others still run', {
        step: step.name,
        error: error instanceof Error ? error.message : String(error),
      });
      return 'failed';
    } finally {
      timer.cancel();
    }
  }
}
