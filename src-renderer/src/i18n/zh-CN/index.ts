// Simplified Chinese (zh-CN) messages. Typed by the en-US schema, so a missing or extra key fails to compile.
import type { MessageSchema } from '../en-US';
import { app, storeProblems, nav, sidebar, topBar, empty, common, unsupportedFeatures } from './shell';
import { settings } from './settings';
import { keys } from './keys';
import { account, models } from './account';
import { quota, alerts } from './quota';
import { accounts } from './accounts';
import { vault } from './vault';
import {
  errors,
  rateWait,
  remediesInForm,
  remediesInSignIn,
  remediesForReason,
  remedies,
  errorReasons,
  vaultNotes,
  scopeUses,
} from './errors';
import { money } from './money';
import { handoff } from './handoff';
import { backup } from './backup';
import { updates } from './updates';
import { importAccounts } from './import';
import { watch } from './watch';
import { spend } from './spend';
import { exports } from './exports';
import { agents } from './agents';
import { notify } from './notify';
import { sync } from './sync';
import { allowance } from './allowance';
import { rotation } from './rotation';
import { health, audit } from './health';

const zhCN: MessageSchema = {
  app,
  storeProblems,
  nav,
  sidebar,
  topBar,
  empty,
  settings,
  keys,
  account,
  models,
  quota,
  alerts,
  accounts,
  vault,
  common,
  unsupportedFeatures,
  errors,
  errorReasons,
  vaultNotes,
  scopeUses,
  rateWait,
  remediesInForm,
  remediesInSignIn,
  remediesForReason,
  remedies,
  money,
  handoff,
  backup,
  updates,
  importAccounts,
  watch,
  spend,
  exports,
  agents,
  notify,
  sync,
  allowance,
  rotation,
  health,
  audit,
};

export default zhCN;
