// The store port's contract, run against each adapter (atomic-file today): exact bytes in and out, whole-file
// replacement by rename with mode 0600, a damaged file read back untouched, absence told apart from failure.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreEngine } from '../../../../src-main/platform/store-engine';

export function describeStoreEngineContract(label: string, makeEngine: () => StoreEngine): void {
  describe(`store engine contract: ${label}`, () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'keydesk-engine-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('opens a missing file as absent, at <dir>/<fileName>, without creating it', () => {
      const file = makeEngine().open(dir, 'settings.json');
      expect(file.path).toBe(join(dir, 'settings.json'));
      expect(file.read()).toBeUndefined();
      expect(readdirSync(dir)).toEqual([]);
    });

    it('writes the exact text (any bytes, not only JSON) and reads it back, mode 0600, no temp left', () => {
      const file = makeEngine().open(dir, 'doc.json');
      const text = '{\n  "version": 1,\n  "name": "Ünïcødé 钥匙 ✓"\n}\n';
      file.write(text);
      expect(readFileSync(file.path, 'utf8')).toBe(text);
      expect(file.read()).toBe(text);
      if (process.platform !== 'win32') expect(statSync(file.path).mode & 0o777).toBe(0o600);
      file.write('not json at all {');
      expect(file.read()).toBe('not json at all {');
      file.write('');
      expect(file.read()).toBe('');
      expect(readdirSync(dir)).toEqual(['doc.json']);
    });

    it('replaces the whole file by a rename (a new inode), so a reader never sees a mix', () => {
      const file = makeEngine().open(dir, 'doc.json');
      file.write('a much longer first version of the file');
      const before = statSync(file.path).ino;
      file.write('short');
      expect(readFileSync(file.path, 'utf8')).toBe('short');
      expect(statSync(file.path).ino).not.toBe(before);
    });

    it('reads a damaged file back as it is and never rewrites or clears it on open', () => {
      const path = join(dir, 'accounts.json');
      const damaged = '{"version": 1, "accounts": [ trunc';
      writeFileSync(path, damaged, { mode: 0o600 });
      const mtime = statSync(path).mtimeMs;
      const file = makeEngine().open(dir, 'accounts.json');
      expect(file.read()).toBe(damaged);
      expect(readFileSync(path, 'utf8')).toBe(damaged);
      expect(statSync(path).mtimeMs).toBe(mtime);
    });

    it('keeps a file and its .bak apart', () => {
      const engine = makeEngine();
      const main = engine.open(dir, 'vault.json');
      const backup = engine.open(dir, 'vault.json.bak');
      main.write('main');
      backup.write('backup');
      expect(main.read()).toBe('main');
      expect(backup.read()).toBe('backup');
      expect(backup.path).toBe(join(dir, 'vault.json.bak'));
      expect(existsSync(join(dir, 'vault.json.bak.json'))).toBe(false);
    });

    it('sees a change made on disk by someone else (no cache), and a file that goes away as absent', () => {
      const file = makeEngine().open(dir, 'doc.json');
      file.write('ours');
      writeFileSync(file.path, 'theirs');
      expect(file.read()).toBe('theirs');
      rmSync(file.path);
      expect(file.read()).toBeUndefined();
    });

    it('fails loudly when the file exists but cannot be read (here: it is a directory), never answers absent', () => {
      mkdirSync(join(dir, 'doc.json'));
      expect(() => makeEngine().open(dir, 'doc.json').read()).toThrow();
    });
  });
}
