// Where the tray icons live: `resources/tray` of the repository in development (the built main process runs from
// out/main), `<resources>/tray` in a packaged app (copied there as an extra resource). Pure, so it is unit-tested.
import { join } from 'node:path';
import type { TrayIconState } from './ports';

export interface TrayIconLocation {
  readonly isPackaged: boolean;
  /** process.resourcesPath of the packaged app. */
  readonly resourcesPath: string;
  /** The directory of the running main bundle (out/main in development). */
  readonly moduleDir: string;
}

export function trayIconDir({ isPackaged, resourcesPath, moduleDir }: TrayIconLocation): string {
  return isPackaged ? join(resourcesPath, 'tray') : join(moduleDir, '..', '..', 'resources', 'tray');
}

/** The 16 px icon of a state; Electron picks the `@2x` file beside it on high-density screens by itself. */
export function trayIconFile(dir: string, state: TrayIconState): string {
  return join(dir, `tray-${state}.png`);
}
