// Electron's event object as listeners receive it: `preventDefault()` and `defaultPrevented`, plus the event's own
// parameters (Electron.Event<Params> in electron.d.ts). Callers read `defaultPrevented` after emitting.
import type { Event } from 'electron';

export function electronEvent<Params extends object = object>(params: Params = {} as Params): Event<Params> {
  let isPrevented = false;
  return Object.assign(
    {
      preventDefault: () => {
        isPrevented = true;
      },
      get defaultPrevented() {
        return isPrevented;
      },
    },
    params,
  );
}
