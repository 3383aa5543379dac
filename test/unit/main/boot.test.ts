// The Electron entry: main's compile cache turned on in the data folder before the app's entry is imported, and left
// off for `keydesk status` and `keydesk mcp`, which touch nothing in the data folder.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const order: string[] = [];
vi.mock('../../../src-main/compile-cache', async (actual) => ({
  ...(await actual<typeof import('../../../src-main/compile-cache')>()),
  enableCompileCacheIn: (dir: string) => {
    order.push(`cache ${dir}`);
    return 'enabled';
  },
}));

const argv = process.argv;

beforeEach(() => {
  order.length = 0;
  vi.resetModules();
  // Mocked afresh for each test (after the reset), so each import of the app is seen.
  vi.doMock('../../../src-main/index', () => {
    order.push('index');
    return {};
  });
  vi.stubEnv('KEYDESK_DATA_DIR', '/data/keydesk-test');
});

afterEach(() => {
  process.argv = argv;
  vi.unstubAllEnvs();
});

describe('boot', () => {
  it('turns the cache on in the data folder, then imports the app', async () => {
    process.argv = ['/opt/Keydesk/keydesk'];
    await import('../../../src-main/boot');
    expect(order).toEqual(['cache /data/keydesk-test/main-compile-cache', 'index']);
  });

  it.each([['status'], ['mcp']])('leaves it off for `keydesk %s`', async (command) => {
    process.argv = ['/opt/Keydesk/keydesk', command];
    await import('../../../src-main/boot');
    expect(order).toEqual(['index']);
  });
});
