// Main's compile cache: turned on in the data folder where Node has the API (Electron's Node 22), and a start that
// goes on without it where Node has none (Node 20, this machine's) or it fails.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheDir, enableCompileCacheIn } from '../../../src-main/compile-cache';

const constants = { compileCacheStatus: { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 } };

describe('enableCompileCacheIn', () => {
  it('turns the cache on in the folder it is given, inside the data folder', () => {
    const asked: (string | undefined)[] = [];
    const api = {
      constants,
      enableCompileCache: (dir?: string) => {
        asked.push(dir);
        return { status: 1 };
      },
    };
    expect(enableCompileCacheIn(compileCacheDir('/data/Keydesk'), api)).toBe('enabled');
    expect(asked).toEqual([join('/data/Keydesk', 'main-compile-cache')]);
  });

  it('counts a cache already on as on, and a refusal or a throw as failed, without throwing', () => {
    const answering = (status: number) => ({ constants, enableCompileCache: () => ({ status }) });
    expect(enableCompileCacheIn('/c', answering(2))).toBe('enabled');
    expect(enableCompileCacheIn('/c', answering(0))).toBe('failed');
    expect(enableCompileCacheIn('/c', answering(3))).toBe('failed');
    const throwing = {
      constants,
      enableCompileCache: () => {
        throw new Error('EACCES');
      },
    };
    expect(enableCompileCacheIn('/c', throwing)).toBe('failed');
  });

  it('is unavailable on a Node without the API', () => {
    expect(enableCompileCacheIn('/c', {})).toBe('unavailable');
  });
});
