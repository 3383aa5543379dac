// What the key-care specs (allowances, rotation, an agent's read) share: a fresh new-api emulator and data folder for
// each test, and the Keydesk a test starts on them stopped after it, whatever the test did.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { startGateway, type Gateway } from '../../gateway/index';
import { SEED } from '../../integration/gateway/setup';
import type { KeydeskProcess } from './keydesk-process';

export interface KeyCareRun {
  readonly gw: Gateway;
  readonly dataDir: string;
  /** The Keydesk the test started (set it when starting one): stopped after the test. */
  app: KeydeskProcess | null;
}

/** Registers the set-up and tear-down in the calling spec; the fields are filled before each test. */
export function keyCareRun(name: string): KeyCareRun {
  const run = { gw: undefined as unknown as Gateway, dataDir: '', app: null as KeydeskProcess | null };
  test.beforeEach(async () => {
    run.gw = await startGateway({ seed: SEED, profile: 'new-api' });
    run.dataDir = await mkdtemp(join(tmpdir(), `keydesk-e2e-${name}-`));
  });
  test.afterEach(async () => {
    await run.app?.stop();
    run.app = null;
    await run.gw.close();
    await rm(run.dataDir, { recursive: true, force: true });
  });
  return run;
}
