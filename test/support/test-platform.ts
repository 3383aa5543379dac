// Browser mode's platform for tests that build the whole app: nodePlatform with no OS keyring (a test never
// touches the user's keychain) and the ports a test wants to watch or refuse (fetch, most often) replaced.
import { nodePlatform } from '../../src-main/platform/node/node.platform';
import type { Platform } from '../../src-main/platform/ports';

export function testPlatform(dataDir: string, overrides: Partial<Platform> = {}): Platform {
  return { ...nodePlatform(dataDir), keyring: null, os: 'linux', ...overrides };
}
