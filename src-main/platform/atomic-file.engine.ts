// The store engine of both runtimes: each data file read as text and replaced whole by the vault's atomic write
// (temp file 0600, fsync, rename, directory fsync). Schemas, versions, migrations, .bak and quarantine are
// ConfigStore's; this is only where the bytes go.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../vault/atomic-file';
import type { StoreEngine } from './store-engine';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function atomicFileEngine(): StoreEngine {
  return {
    name: 'atomic-file',
    open: (dir, fileName) => {
      const path = join(dir, fileName);
      return {
        path,
        read: () => {
          try {
            return readFileSync(path, 'utf8');
          } catch (error) {
            // Absent is a first start; anything else (a directory, no permission) is a failure the caller reports.
            if (isMissing(error)) return undefined;
            throw error;
          }
        },
        write: (text) => {
          writeFileAtomicSync(path, text);
        },
      };
    },
  };
}
