// Answers that land in the same frame, committed once: at most one pending callback, run on the next animation frame
// (a timer where there are no frames). The listing of All keys commits twenty accounts' pages this way.
export function oneFrame() {
  let pending: (() => void) | null = null;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const hasFrames = typeof requestAnimationFrame === 'function';
  return {
    request(fn: () => void): void {
      pending = fn;
      if (handle !== undefined) return;
      const run = () => {
        handle = undefined;
        const f = pending;
        pending = null;
        f?.();
      };
      handle = hasFrames ? requestAnimationFrame(run) : setTimeout(run, 16);
    },
    cancel(): void {
      if (handle === undefined) return;
      if (hasFrames) cancelAnimationFrame(handle);
      else clearTimeout(handle);
      handle = undefined;
      pending = null;
    },
  };
}
