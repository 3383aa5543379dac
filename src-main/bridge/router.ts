// The one registry of invoke handlers: every channel of the contract is registered once with an input schema;
// dispatch validates unknown input, runs the handler and always answers a Result (it never throws); every failure
// goes through errors.ts.
import { z } from 'zod';
import {
  INVOKE_CHANNELS,
  fail,
  isInvokeChannel,
  type ArgsOf,
  type InvokeChannel,
  type Result,
  type ResultOf,
} from '../../src-shared/contract';
import { appError, toAppError, validationError } from '../errors';
import type { Logger } from '../log/logger';

/** Who is calling, as established by the transport (after its own sender checks). */
export interface CallContext {
  readonly transport: 'electron' | 'loopback' | 'test';
}

export type Handler<C extends InvokeChannel> = (
  args: ArgsOf<C>,
  context: CallContext,
) => Promise<Result<ResultOf<C>>> | Result<ResultOf<C>>;

interface Registration {
  readonly schema: z.ZodType;
  readonly handler: (args: unknown, context: CallContext) => Promise<Result<unknown>> | Result<unknown>;
}

/** Schema for channels that take no argument; transports may deliver undefined or null. */
export const noArgs = z.union([z.undefined(), z.null()]).transform(() => undefined);

export class Router {
  readonly #registry = new Map<InvokeChannel, Registration>();
  /** Calls being answered: the shutdown waits for them, so a write a call started is not cut off by the exit. */
  readonly #inFlight = new Set<Promise<unknown>>();
  #isClosed = false;

  constructor(private readonly log: Logger) {}

  handle<C extends InvokeChannel>(channel: C, schema: z.ZodType<ArgsOf<C>>, handler: Handler<C>): this {
    if (this.#registry.has(channel)) throw new Error(`Channel registered twice: ${channel}`);
    this.#registry.set(channel, {
      schema,
      handler: handler as Registration['handler'],
    });
    return this;
  }

  /** Channels of the contract that have no handler yet; the app refuses to start unless this is empty. */
  missingChannels(): InvokeChannel[] {
    return INVOKE_CHANNELS.filter((channel) => !this.#registry.has(channel));
  }

  /** From now on every call is refused (Keydesk is quitting); nothing is waited for. */
  close(): void {
    this.#isClosed = true;
  }

  /** Resolves once every call taken before close() has answered. */
  async drain(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  dispatch(channel: unknown, rawArgs: unknown, context: CallContext): Promise<Result<unknown>> {
    if (this.#isClosed) return Promise.resolve(fail(appError('unavailable', 'bridge.quitting')));
    const answer = this.#dispatch(channel, rawArgs, context);
    this.#inFlight.add(answer);
    void answer.finally(() => this.#inFlight.delete(answer));
    return answer;
  }

  async #dispatch(channel: unknown, rawArgs: unknown, context: CallContext): Promise<Result<unknown>> {
    if (!isInvokeChannel(channel)) return fail(appError('validation', 'input.unknown_channel'));
    const registration = this.#registry.get(channel);
    if (!registration) return fail(appError('unavailable', 'bridge.no_handler'));
    const parsed = registration.schema.safeParse(rawArgs);
    if (!parsed.success) return fail(validationError(parsed.error));
    try {
      const result = await registration.handler(parsed.data, context);
      if (typeof result !== 'object' || typeof result.ok !== 'boolean') {
        throw new TypeError(`Handler for ${channel} returned a non-Result`);
      }
      return result;
    } catch (error) {
      return fail(toAppError(error, this.log, `handler failed: ${channel}`));
    }
  }
}
