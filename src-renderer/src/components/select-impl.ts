// Naive UI's select as a module of its own, so DeferredSelect can import it when the select is first reached (a
// dynamic import of 'naive-ui' itself would pull the whole library into that chunk).
export { NSelect } from 'naive-ui';
