// The first frame's data in one answer (app:firstFrame): what settings:get, accounts:list and quota:snapshot answer,
// asked through the router, so each part keeps its own handler, checks and failure.
import { ok, type InvokeChannel, type Result, type ResultOf } from '../../../src-shared/contract';
import { noArgs, type CallContext, type Router } from '../../bridge/router';
import type { Core } from '../../core';
import type { Feature } from '../feature';

/** Takes Core like every feature; it asks the router it registers on, so reads nothing else of it. */
export function createFirstFrameFeature(_core: Core): Feature {
  return {
    register: (router: Router) => {
      const ask = <C extends InvokeChannel>(channel: C, context: CallContext) =>
        router.dispatch(channel, undefined, context) as Promise<Result<ResultOf<C>>>;
      router.handle('app:firstFrame', noArgs, async (_args, context) => {
        const [settings, accounts, balances] = await Promise.all([
          ask('settings:get', context),
          ask('accounts:list', context),
          ask('quota:snapshot', context),
        ]);
        return ok({ settings, accounts, balances });
      });
    },
    dispose: () => undefined,
  };
}
