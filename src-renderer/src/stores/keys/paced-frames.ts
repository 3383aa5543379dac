// Answers that land close together, committed together: at most one pending callback, run on an animation frame (a
// timer where there are no frames), the first at once and each later one at least `spacingMs` after the one before.
// The listing of All keys commits twenty accounts' pages this way: every commit re-renders the table and re-counts
// the filters over every row, and sixty of them while the lists load kept the renderer's hottest code compiled twice
// (optimised as well as baseline) for no row the user could see sooner.
export function pacedFrames(spacingMs: number, now: () => number = () => performance.now()) {
  let pending: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let last = Number.NEGATIVE_INFINITY;
  const hasFrames = typeof requestAnimationFrame === 'function';
  const run = () => {
    frame = undefined;
    timer = undefined;
    last = now();
    const f = pending;
    pending = null;
    f?.();
  };
  const onFrame = () => {
    if (hasFrames) frame = requestAnimationFrame(run);
    else timer = setTimeout(run, 16);
  };
  return {
    request(fn: () => void): void {
      pending = fn;
      if (timer !== undefined || frame !== undefined) return;
      const wait = last + spacingMs - now();
      if (wait > 0) timer = setTimeout(onFrame, wait);
      else onFrame();
    },
    cancel(): void {
      if (timer !== undefined) clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
      timer = undefined;
      frame = undefined;
      pending = null;
    },
  };
}
