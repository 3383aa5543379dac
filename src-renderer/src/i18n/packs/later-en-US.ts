// The English messages of the screens past the first one, as a chunk of their own (load.ts merges them).
export { default } from '../en-US/later';
