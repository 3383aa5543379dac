// The one registry of invoke handlers: every channel of the contract is registered once with an input schema;
// dispatch validates unknown input, runs the handler and always answers a Result (it never throws).
import { z } from 'zod';
import {
  INVOKE_CHANNELS,
  fail,
  isInvokeChannel,
  type AppError,
  type ArgsOf,
  type InvokeChannel,
  type Result,
  type ResultOf,
} from '../../src-shared/contract';
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

/** Thrown-error → AppError for expected failures that services signal by throwing AppErrorException. */
export class AppErrorException extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message ?? appError.code);
    this.name = 'AppErrorException';
  }
}

export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  return {
    code: 'validation',
    message: issue ? `${path ? `${path}: ` : ''}${issue.message}` : 'Invalid input',
    ...(path ? { field: path } : {}),
  };
}

export class Router {
  readonly #registry = new Map<InvokeChannel, Registration>();

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

  async dispatch(channel: unknown, rawArgs: unknown, context: CallContext): Promise<Result<unknown>> {
    if (!isInvokeChannel(channel)) return fail({ code: 'validation', message: `Unknown channel: ${String(channel)}` });
    const registration = this.#registry.get(channel);
    if (!registration) return fail({ code: 'unavailable', message: `No handler for ${channel} in this mode` });
    const parsed = registration.schema.safeParse(rawArgs);
    if (!parsed.success) return fail(validationError(parsed.error));
    try {
      const result = await registration.handler(parsed.data, context);
      if (typeof result !== 'object' || typeof result.ok !== 'boolean') {
        throw new TypeError(`Handler for ${channel} returned a non-Result`);
      }
      return result;
    } catch (error) {
      if (error instanceof AppErrorException) return fail(error.appError);
      this.log.error('handler failed', { channel, error });
      return fail({ code: 'internal', message: 'Something went wrong in Keydesk. The details are in the log.' });
    }
  }
}
