// Calls to a router as a transport makes them, typed by the contract: `call` answers the Result, `value` its value
// or throws with the channel and the error. One helper for the integration setups and the bench.
import type { CallContext, Router } from '../../src-main/bridge/router';
import type { ArgsOf, InvokeChannel, Result, ResultOf } from '../../src-shared/contract';

export interface RouterCalls {
  readonly call: <C extends InvokeChannel>(channel: C, args: ArgsOf<C>) => Promise<Result<ResultOf<C>>>;
  readonly value: <C extends InvokeChannel>(channel: C, args: ArgsOf<C>) => Promise<ResultOf<C>>;
}

export function routerCalls(
  router: Pick<Router, 'dispatch'>,
  context: CallContext = { transport: 'test' },
): RouterCalls {
  const call = <C extends InvokeChannel>(channel: C, args: ArgsOf<C>) =>
    router.dispatch(channel, args, context) as Promise<Result<ResultOf<C>>>;
  const value = async <C extends InvokeChannel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>> => {
    const result = await call(channel, args);
    if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    return result.value;
  };
  return { call, value };
}
