// Stands in for @juggle/resize-observer in the renderer bundle (electron.vite.config.ts alias): the browser's own
// ResizeObserver, which vueuc prefers anyway whenever it exists (Chromium in Electron; every current browser).
export const ResizeObserver = window.ResizeObserver;
