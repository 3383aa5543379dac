// What the key-care specs (allowances, rotation, an agent's read) share: a fresh new-api emulator and data folder for
// each test, and the Keydesk a test starts on them stopped after it, whatever the test did.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startGateway, type Gateway } from '../../gateway/index';
import { ALICE_TOKEN, SEED } from '../../integration/gateway/setup';
import { invokeBridge as invoke } from './bridge';
import { startKeydesk, type KeydeskProcess } from './keydesk-process';
import { setLook, type Look } from './look';

/** No OS keychain here: a passphrase vault keeps the access token across the restarts the specs make. */
export const KEY_CARE_PASSPHRASE = 'an obviously fake test passphrase';

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

/** Starts Keydesk on the run's folder in the look, with a passphrase vault and Alice's access token as "Work". */
export async function startWithWork(
  page: Page,
  run: KeyCareRun,
  look: Look,
  env?: Record<string, string>,
): Promise<{ readonly app: KeydeskProcess; readonly accountId: string }> {
  const app = await startKeydesk(run.dataDir, env === undefined ? undefined : { env });
  run.app = app;
  await page.goto(app.url);
  await setLook(page, app.url, look);
  expect((await invoke(page, 'vault:setPassphrase', { passphrase: KEY_CARE_PASSPHRASE })).ok).toBe(true);
  const added = await invoke(page, 'accounts:add', {
    label: 'Work',
    baseUrl: run.gw.base_url,
    apiUrl: run.gw.api_url,
    credential: { kind: 'access_token', accessToken: ALICE_TOKEN },
  });
  expect(added.ok, JSON.stringify(added.error)).toBe(true);
  return { app, accountId: (added.value as { account: { id: string } }).account.id };
}

/** The Keydesk this test started; a step that needs it before one was started is the test's own mistake. */
export function started(run: KeyCareRun): KeydeskProcess {
  if (run.app === null) throw new Error('no Keydesk started in this test');
  return run.app;
}
