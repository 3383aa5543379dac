// English messages of the screens past the first one (settings' cards, backups, imports, updates, sync, agents,
// the site's warnings): a chunk of their own, merged when something first shows them (packs/load.ts).
import { backup } from './backup';
import { updates } from './updates';
import { importAccounts } from './import';
import { exports } from './exports';
import { agents } from './agents';
import { notify } from './notify';
import { sync } from './sync';

const later = {
  backup,
  updates,
  importAccounts,
  exports,
  agents,
  notify,
  sync,
};

export type LaterMessages = typeof later;
export default later;
