// Work that the frame the user is waiting for need not wait for: it runs once that frame is painted (the next
// animation frame, then a task after it). One pending piece of work per scheduler; a new request replaces it and
// waits for the next frame again.
export interface AfterPaint {
  readonly request: (fn: () => void) => void;
  readonly cancel: () => void;
}

export function afterPaint(): AfterPaint {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = undefined;
    timer = undefined;
  };
  return {
    request: (fn) => {
      cancel();
      frame = requestAnimationFrame(() => {
        frame = undefined;
        timer = setTimeout(() => {
          timer = undefined;
          fn();
        }, 0);
      });
    },
    cancel,
  };
}
