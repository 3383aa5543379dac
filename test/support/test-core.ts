// A real Core for tests that build a feature the way app.ts does: browser mode's platform (no OS keyring) with the
// ports a test drives replaced (clock, tray, notifier, window...), in a data folder of the test's own.
import { createCore, type Core } from '../../src-main/core';
import type { SettingsPatch } from '../../src-shared/contract';
import type { Logger } from '../../src-main/log/logger';
import type { Platform } from '../../src-main/platform/ports';
import { memoryLogger } from './memory-logger';
import { testPlatform } from './test-platform';

export interface TestCoreOptions {
  readonly platform?: Partial<Platform>;
  /** Settings the user would have chosen before this start. */
  readonly settings?: SettingsPatch;
  readonly log?: Logger;
}

export async function testCore(dataDir: string, options: TestCoreOptions = {}): Promise<Core> {
  const core = await createCore({
    mode: 'browser',
    dataDir,
    version: '0.0.0-test',
    log: options.log ?? memoryLogger().log,
    platform: testPlatform(dataDir, options.platform),
  });
  if (options.settings) core.settings.update(options.settings);
  return core;
}
