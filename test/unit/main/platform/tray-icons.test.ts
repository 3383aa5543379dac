// The tray icon folder in development (repository resources, from the built out/main bundle) and packaged
// (<resources>/tray), and every icon state the tray model can ask for is there, with its @2x twin.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TrayIconState } from '../../../../src-main/platform/ports';
import { trayIconDir, trayIconFile } from '../../../../src-main/platform/tray-icons';

const REPO = resolve(import.meta.dirname, '../../../..');
const STATES: readonly TrayIconState[] = ['ok', 'low', 'critical', 'stale'];

describe('trayIconDir', () => {
  it('finds resources/tray of the repository from the built main bundle in development', () => {
    const dir = trayIconDir({ isPackaged: false, resourcesPath: '/nowhere', moduleDir: join(REPO, 'out', 'main') });
    expect(dir).toBe(join(REPO, 'resources', 'tray'));
  });

  it('uses <resources>/tray in a packaged app', () => {
    const resourcesPath = join('/opt', 'Keydesk', 'resources');
    const dir = trayIconDir({ isPackaged: true, resourcesPath, moduleDir: '/opt/Keydesk/resources/app.asar/out/main' });
    expect(dir).toBe(join(resourcesPath, 'tray'));
  });

  it('has an icon and its @2x twin for every state', () => {
    const dir = trayIconDir({ isPackaged: false, resourcesPath: '', moduleDir: join(REPO, 'out', 'main') });
    for (const state of STATES) {
      const file = trayIconFile(dir, state);
      expect(file).toBe(join(dir, `tray-${state}.png`));
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(file.replace(/\.png$/, '@2x.png')), `${state}@2x`).toBe(true);
    }
  });
});
