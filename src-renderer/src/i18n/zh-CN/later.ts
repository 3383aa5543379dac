// Simplified Chinese messages of the screens past the first one: a chunk of their own, merged when something first
// shows them (packs/load.ts). Typed by the en-US schema's part.
import type { LaterMessages } from '../en-US';
import { backup } from './backup';
import { updates } from './updates';
import { importAccounts } from './import';
import { exports } from './exports';
import { agents } from './agents';
import { notify } from './notify';
import { sync } from './sync';

const later: LaterMessages = {
  backup,
  updates,
  importAccounts,
  exports,
  agents,
  notify,
  sync,
};

export default later;
