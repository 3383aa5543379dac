// Naive UI's parts the keys screen shows only on demand (the row menu, the pager of one account's keys, a warning),
// as a module of their own: importing them here keeps their code out of the first screen's chunk.
export { NAlert, NDropdown, NPagination } from 'naive-ui';
