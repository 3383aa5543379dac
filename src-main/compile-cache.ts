// Node's on-disk compile cache for the Electron main process: V8 keeps the compiled code of main's modules in the
// user's own data folder, so a start after the first reads it instead of compiling them again. Electron 45 runs Node
// 22, which has module.enableCompileCache; Node 20 (browser mode here) has none, and the start goes on without it.
import * as nodeModule from 'node:module';
import { join } from 'node:path';

/** The folder in Keydesk's data folder: the user's own, never a temporary folder another account could write to. */
export const compileCacheDir = (dataDir: string): string => join(dataDir, 'main-compile-cache');

export type CompileCacheOutcome = 'enabled' | 'unavailable' | 'failed';

interface CompileCacheApi {
  readonly enableCompileCache?: (dir?: string) => { readonly status: number; readonly message?: string };
  readonly constants?: { readonly compileCacheStatus?: Readonly<Record<string, number>> };
}

/**
 * Turns the cache on for every module loaded from here on (so it is called before main's own code is imported).
 * Never throws: a cache that cannot be used (no such API, a folder that cannot be written) costs a slower start only.
 */
export function enableCompileCacheIn(
  dir: string,
  api: CompileCacheApi = nodeModule as CompileCacheApi,
): CompileCacheOutcome {
  if (typeof api.enableCompileCache !== 'function') return 'unavailable';
  try {
    const { status } = api.enableCompileCache(dir);
    const codes = api.constants?.compileCacheStatus ?? {};
    return status === codes.ENABLED || status === codes.ALREADY_ENABLED ? 'enabled' : 'failed';
  } catch {
    return 'failed';
  }
}
