// A start that fails says why in one dialog and exits non-zero, touching nothing: the real Electron entry on the
// typed stand-in, given a data folder a newer Keydesk wrote. No window opens, and every file keeps its bytes.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { standIn } from '../../support/electron-stand-in';

vi.mock('electron', () => import('../../support/electron-stand-in'));
vi.mock('@napi-rs/keyring', () => ({
  AsyncEntry: class {
    getPassword = () => Promise.resolve(null);
    setPassword = () => Promise.resolve();
    deletePassword = () => Promise.resolve(false);
  },
}));

let dir: string;
const NEWER_ACCOUNTS = `${JSON.stringify({ version: 7, accounts: [{ id: 'from-a-newer-build' }], futureField: true }, null, 2)}\n`;
const SETTINGS = `${JSON.stringify({ version: 1, language: 'en-US' }, null, 2)}\n`;
const snapshot = (): Record<string, string> =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydesk-newer-'));
  writeFileSync(join(dir, 'accounts.json'), NEWER_ACCOUNTS);
  writeFileSync(join(dir, 'settings.json'), SETTINGS);
  process.env.KEYDESK_DATA_DIR = dir;
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('a start that fails', () => {
  it('on a data folder a newer Keydesk wrote: one dialog naming the file, exit 1, no window, nothing changed', async () => {
    const before = snapshot();
    await import('../../../src-main/index');
    standIn.app.ready();
    await vi.waitFor(() => {
      expect(standIn.app.state.hasExited).toBe(true);
    });
    expect(standIn.app.state.exitCode).toBe(1);
    expect(standIn.system.errorBoxes).toHaveLength(1);
    const [box] = standIn.system.errorBoxes;
    expect(box?.title).toBe('Keydesk could not start');
    expect(box?.content).toContain('written by a newer Keydesk: accounts.json is in format 7');
    expect(box?.content).toContain('changed nothing');
    expect(standIn.windows.created).toHaveLength(0);
    expect(snapshot()).toEqual(before); // not moved aside, not rewritten, no file added
  });
});
