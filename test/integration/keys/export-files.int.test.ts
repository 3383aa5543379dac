// Key exports on disk: two exports of one account in the same second both land (no name collision), every file
// is 0600 whether new or replacing one, and an export that fails unexpectedly is logged where it is caught.
import { mkdtemp, readdir, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportsFolderSink } from '../../../src-main/platform/node/clipboard.adapter';
import { writePrivateFile } from '../../../src-main/platform/private-file';
import type { Gateway } from '../../gateway/index';
import { SEED, failure, reset, value } from '../gateway/setup';
import { startEmulator } from '../../support/emulator';
import { keysApp } from './setup';

let gw: Gateway;
let dir: string;

beforeAll(async () => {
  gw = await startEmulator({ seed: SEED });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await reset(gw);
  dir = await mkdtemp(join(tmpdir(), 'keydesk-exports-'));
  return () => rm(dir, { recursive: true, force: true });
});

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe('key exports on disk', () => {
  it('writes two exports of one account in the same second as two files', async () => {
    // The emulator's clock stands still, so both exports carry the same timestamp in their name.
    const app = keysApp(gw, { files: exportsFolderSink(dir) });
    const first = value(await app.call('keys:export', { accountId: 'alice', ids: [1], format: 'csv' }));
    const second = value(await app.call('keys:export', { accountId: 'alice', ids: [1], format: 'csv' }));
    expect(first.path).not.toBeNull();
    expect(second.path).not.toBe(first.path);
    expect(second.count).toBe(1);
    expect(await readdir(join(dir, 'exports'))).toHaveLength(2);
    if (process.platform !== 'win32') {
      expect(await modeOf(first.path ?? '')).toBe(0o600);
      expect(await modeOf(second.path ?? '')).toBe(0o600);
    }
  });

  it('logs an export that fails unexpectedly, where it is caught', async () => {
    const app = keysApp(gw, {
      files: { save: () => Promise.reject(new Error('disk full')) },
    });
    expect(failure(await app.call('keys:export', { accountId: 'alice', ids: [1], format: 'csv' })).code).toBe(
      'internal',
    );
    expect(app.log.calls.filter((c) => c.level === 'error').map((c) => c.message)).toContain('key export failed');
  });

  it.skipIf(process.platform === 'win32')('narrows an existing file to 0600 before writing keys into it', async () => {
    const path = join(dir, 'chosen.csv');
    await writeFile(path, 'old', { mode: 0o644 });
    expect(await modeOf(path)).toBe(0o644);
    await writePrivateFile(path, 'sk-fake');
    expect(await modeOf(path)).toBe(0o600);
    expect(await readFile(path, 'utf8')).toBe('sk-fake');
  });
});
