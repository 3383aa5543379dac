// Naive UI's select as a module of its own, so DeferredSelect can import it after the first paint (a dynamic import of
// 'naive-ui' itself would pull the whole library into that chunk).
export { NSelect } from 'naive-ui';
