// Where Keydesk keeps its data: KEYDESK_DATA_DIR when set (tests, demos), else the platform's user-data folder,
// the same folder Electron's app.getPath('userData') gives, so both modes share one profile.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_DIR_NAME = 'Keydesk';

export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
  home = homedir(),
): string {
  if (env.KEYDESK_DATA_DIR) return env.KEYDESK_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_DIR_NAME);
}
