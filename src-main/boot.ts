// The Electron entry as package.json names it: turns on main's compile cache (compile-cache.ts), then loads the app's
// entry (index.ts), whose modules are compiled only once it is on; a dynamic import, so nothing of it loads before.
import { compileCacheDir, enableCompileCacheIn } from './compile-cache';
import { userDataDir } from './paths';

enableCompileCacheIn(compileCacheDir(userDataDir()));
await import('./index');
