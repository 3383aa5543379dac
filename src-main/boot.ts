// The Electron entry as package.json names it: turns on main's compile cache (compile-cache.ts), then loads the app's
// entry (index.ts), whose modules are compiled only once it is on; a dynamic import, so nothing of it loads before,
// and awaited, so index has registered its handlers before Electron's ready event (which waits for this module).
import { compileCacheDir, enableCompileCacheIn } from './compile-cache';
import { launchCommand } from './features/status/launch-command';
import { userDataDir } from './paths';

// electron.d.ts types process.defaultApp as always there; Electron sets it only when started as `electron .`.
const isDefaultApp = (process as { readonly defaultApp?: boolean }).defaultApp === true;
// `keydesk status` and `keydesk mcp` answer and exit touching nothing in the data folder: no cache written for them.
if (launchCommand(process.argv, isDefaultApp) === null) enableCompileCacheIn(compileCacheDir(userDataDir()));
await import('./index');
