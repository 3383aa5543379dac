// English messages of the first screen (the shell, All keys and what it opens at once, errors): the language pack.
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
import { watch } from './watch';
import { spend } from './spend';
import { allowance } from './allowance';
import { rotation } from './rotation';
import { health, audit } from './health';

const first = {
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
  watch,
  spend,
  allowance,
  rotation,
  health,
  audit,
};

export type FirstMessages = typeof first;
export default first;
