// Naive UI's tooltip as a module of its own, so LazyTooltip can import it after the first paint (a dynamic import of
// 'naive-ui' itself would pull the whole library into that chunk).
export { NTooltip } from 'naive-ui';
