// The desktop store engine (electron-store) against the store port's contract, under Node with a minimal stand-in
// for the parts of the electron module electron-store reads when it is constructed in the main process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { electronStoreEngine } from '../../../../../src-main/platform/electron/electron-store.engine';
import { ELECTRON_USER_DATA, ipcMainListeners } from '../../../../support/electron-for-store';
import { describeStoreEngineContract } from '../store-engine.contract';

vi.mock('electron', async () => (await import('../../../../support/electron-for-store')).electronForStore);

describeStoreEngineContract('electron-store', electronStoreEngine);

describe('electron-store engine under Electron', () => {
  it('writes in the folder it is given, not in userData, and answers the renderer only with app data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keydesk-es-'));
    const file = electronStoreEngine().open(dir, 'settings.json');
    file.write('{}\n');
    rmSync(dir, { recursive: true, force: true });
    expect(file.path).toBe(join(dir, 'settings.json'));
    // electron-store registers its one synchronous channel (for a renderer-side Store, which Keydesk never builds);
    // it carries the userData path and version only, never a setting.
    expect([...ipcMainListeners.keys()]).toEqual(['electron-store-get-data']);
    const event: { returnValue?: unknown } = {};
    (ipcMainListeners.get('electron-store-get-data') as (e: typeof event) => void)(event);
    expect(event.returnValue).toEqual({ defaultCwd: ELECTRON_USER_DATA, appVersion: '0.0.0-test' });
  });
});
