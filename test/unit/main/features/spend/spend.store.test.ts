// The spend history on disk: one file per account, a write touches only the accounts that changed, a removed
// account's files go, a restart reads them all back, and an earlier version's single spend.json is split once.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';
import type { StoreEngine } from '../../../../../src-main/platform/store-engine';
import { decodeRing, encodeRing } from '../../../../../src-main/features/spend/ring-codec';
import { CALM } from '../../../../../src-main/features/spend/spend-rules';
import { SplitSpendStore, spendFileName } from '../../../../../src-main/features/spend/spend.store';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keydesk-spend-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const open = (dir: string) =>
  new SplitSpendStore({ now: Date.now, engine: atomicFileEngine(), dataDir: dir, onCorrupt: () => undefined });
const entry = (used: number) => ({ name: 'main', ring: encodeRing([[1_000, used]]), runaway: CALM });
const files = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith('spend'))
    .sort();

describe('SplitSpendStore', () => {
  it('keeps each account in its own file and reads them all back after a restart', () => {
    const dir = dataDir();
    const store = open(dir);
    store.write({ accounts: { a: { '1': entry(5) }, b: { '2': entry(7) } } });
    expect(files(dir)).toEqual([`${spendFileName('a')}.json`, `${spendFileName('b')}.json`]);
    expect(open(dir).read()).toEqual(store.read());
    expect(decodeRing(open(dir).read().accounts.b?.['2']?.ring ?? '')).toEqual([[1_000, 7]]);
  });

  it('rewrites only the account that changed', () => {
    const dir = dataDir();
    // The engine, counting the writes of each file.
    const writes = new Map<string, number>();
    const conf = atomicFileEngine();
    const engine: StoreEngine = {
      ...conf,
      open: (folder, fileName) => {
        const file = conf.open(folder, fileName);
        return {
          ...file,
          write: (text: string) => {
            writes.set(fileName, (writes.get(fileName) ?? 0) + 1);
            file.write(text);
          },
        };
      },
    };
    const store = new SplitSpendStore({ now: Date.now, engine, dataDir: dir, onCorrupt: () => undefined });
    store.write({ accounts: { a: { '1': entry(5) }, b: { '2': entry(7) } } });
    writes.clear();
    const doc = store.read();
    store.write({ accounts: { ...doc.accounts, a: { '1': entry(6) } } });
    expect([...writes.keys()].sort()).toEqual([`${spendFileName('a')}.json`, `${spendFileName('a')}.json.bak`]);
    expect(decodeRing(open(dir).read().accounts.a?.['1']?.ring ?? '')).toEqual([[1_000, 6]]);
    expect(store.read().accounts.b).toBe(doc.accounts.b);
  });

  it('deletes a removed account’s files', () => {
    const dir = dataDir();
    const store = open(dir);
    store.write({ accounts: { a: { '1': entry(5) }, b: { '2': entry(7) } } });
    store.write({ accounts: { ...store.read().accounts, a: { '1': entry(6) } } }); // a gains a .bak
    const { a: _gone, ...rest } = store.read().accounts;
    store.write({ accounts: rest });
    expect(files(dir)).toEqual([`${spendFileName('b')}.json`]);
    expect(open(dir).read().accounts).toEqual({ b: rest.b });
  });

  it('names a file by a digest where the account id is not safe in a path', () => {
    expect(spendFileName('../../etc/passwd')).toMatch(/^spend-history-[0-9a-f]{32}$/);
    expect(spendFileName('5d0c3a51-6f0e-4f7a-9a53-1f2a3b4c5d6e')).toBe(
      'spend-history-5d0c3a51-6f0e-4f7a-9a53-1f2a3b4c5d6e',
    );
    const dir = dataDir();
    open(dir).write({ accounts: { '../odd id': { '1': entry(5) } } });
    expect(decodeRing(open(dir).read().accounts['../odd id']?.['1']?.ring ?? '')).toEqual([[1_000, 5]]);
  });

  it('splits an earlier version’s spend.json into the accounts’ files, once', () => {
    const dir = dataDir();
    const legacy = { version: 1, accounts: { a: { '1': { name: 'main', ring: [[1_000, 5]], runaway: CALM } } } };
    writeFileSync(join(dir, 'spend.json'), JSON.stringify(legacy));
    const store = open(dir);
    expect(decodeRing(store.read().accounts.a?.['1']?.ring ?? '')).toEqual([[1_000, 5]]);
    expect(files(dir)).toEqual([`${spendFileName('a')}.json`]);
    expect(decodeRing(open(dir).read().accounts.a?.['1']?.ring ?? '')).toEqual([[1_000, 5]]);
  });

  it('keeps a damaged spend.json aside and says so, instead of splitting nothing and deleting it', () => {
    const dir = dataDir();
    const legacy = {
      accounts: {
        a: { '1': { name: 'main', ring: [[1_000, 5]], runaway: CALM } },
        b: { '2': { name: 'main', ring: 'not a ring', runaway: CALM } },
      },
    };
    writeFileSync(join(dir, 'spend.json'), JSON.stringify(legacy));
    const reports: string[] = [];
    const store = new SplitSpendStore({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: dir,
      onCorrupt: (name, keptAt) => reports.push(`${name} ${keptAt}`),
    });
    expect(store.read().accounts).toEqual({});
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^spend .*spend\.json\.corrupt-\d+$/);
    // The bytes are kept for the user (or a later version) to recover.
    expect(files(dir).filter((f) => f.startsWith('spend.json.corrupt-'))).toHaveLength(1);
  });
});
