// The whole app (router, services, bridge) for integration tests, started the way browser mode starts it: a data folder
// of the test's own, browser mode's platform without the OS keyring, a memory logger. Options a test needs (the spend
// scheduler's spacing, a platform port) are passed through.
import { createApp, type App, type AppOptions } from '../../src-main/app';
import { memoryLogger } from './memory-logger';
import { testPlatform } from './test-platform';

export function testApp(dataDir: string, options: Partial<AppOptions> = {}): Promise<App> {
  return createApp({
    mode: 'browser',
    dataDir,
    version: '9.9.9',
    log: memoryLogger().log,
    platform: testPlatform(dataDir),
    ...options,
  });
}
