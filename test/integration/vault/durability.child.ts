// Durability child: once told to go (a byte on stdin), opens the config store in argv[2] and rewrites it forever
// with the next state, printing "w <seq>" before and "c <seq>" after each write (pipes are synchronous on Linux,
// so the lines survive SIGKILL). Waiting for "go" lets the test boot the next child while this one writes.
import { ConfigStore } from '../../../src-main/vault/config.store';
import { durableSchema, INITIAL, stateFor } from './durability.states';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';

const dataDir = process.argv[2] ?? '';
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
say('loaded');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();
const store = new ConfigStore({
  now: Date.now,
  engine: atomicFileEngine(),
  dataDir,
  name: 'durable',
  schema: durableSchema,
  defaults: INITIAL,
  onCorrupt: (keptAt, reason) => say(`corrupt ${keptAt} ${reason}`),
  onRecovered: (from, reason) => say(`recovered ${from} ${reason}`),
});
let seq = store.read().seq;
say(`ready ${seq}`);
for (;;) {
  seq += 1;
  say(`w ${seq}`);
  store.write(stateFor(seq));
  say(`c ${seq}`);
}
