// The browser-mode Platform says honestly what plain Node lacks (no clipboard, no native notifications, no
// safeStorage, no tray) and writes exports as private files in the data folder; Platform has no optional member.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodePlatform } from '../../../../../src-main/platform/node/node.platform';
import type { Platform } from '../../../../../src-main/platform/ports';

// Compile-time: a port made optional again (how the desktop app once lost its clipboard) fails the type check.
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
const hasNoOptionalPort: [OptionalKeys<Platform>] extends [never] ? true : false = true;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-node-platform-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('nodePlatform', () => {
  it('has every port, and says which ones plain Node cannot offer', async () => {
    expect(hasNoOptionalPort).toBe(true);
    const platform = nodePlatform(dir);
    expect(platform.clipboard.isAvailable).toBe(false);
    await expect(platform.clipboard.writeText('sk-secret')).rejects.toThrow();
    expect(platform.notifier.isNative).toBe(false);
    expect(platform.safeStorage).toBeNull();
    expect(platform.keyring).not.toBeNull();
    expect(platform.os).toBe(process.platform);
  });

  it('writes an export into <dataDir>/exports as a 0600 file, never over an earlier one', async () => {
    const platform = nodePlatform(dir);
    const first = await platform.secretFiles.save('alice/keys.csv', 'sk-one', 'Export keys');
    const second = await platform.secretFiles.save('alice/keys.csv', 'sk-two', 'Export keys');
    expect(first).not.toBeNull();
    expect(second).not.toBe(first);
    expect(dirname(first ?? '')).toBe(join(dir, 'exports'));
    expect((await stat(first ?? '')).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'exports'))).mode & 0o777).toBe(0o700);
    expect(await readFile(first ?? '', 'utf8')).toBe('sk-one');
    expect(await readFile(second ?? '', 'utf8')).toBe('sk-two');
  });

  it('runs and stops timers through its clock without holding the process', async () => {
    const { clock } = nodePlatform(dir);
    let ticks = 0;
    const stop = clock.every(5, () => ticks++);
    await clock.sleep(40);
    stop();
    const seen = ticks;
    await clock.sleep(30);
    expect(seen).toBeGreaterThan(0);
    expect(ticks).toBe(seen);
    let fired = false;
    const handle = clock.setTimer(5, () => (fired = true));
    clock.clearTimer(handle);
    await clock.sleep(20);
    expect(fired).toBe(false);
  });
});
