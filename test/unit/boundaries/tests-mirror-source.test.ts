// Guards "tests mirror the tree": a unit test lives at test/unit/<root>/<the source's path> and is named after the
// file (`<base>.test.ts`, `<base>.<aspect>.test.ts`) or the folder it tests, so a unit's tests are found by its path.
// An integration test's folder is named after a feature or another folder of main. Fails naming each stray file.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const UNIT = join(ROOT, 'test', 'unit');

/** test/unit/<first folder> → the source folder it mirrors. */
const MIRRORS: Readonly<Record<string, string>> = {
  main: 'src-main',
  renderer: 'src-renderer/src',
  shared: 'src-shared',
  preload: 'src-preload',
  scripts: 'scripts',
  // The e2e suite's own helpers (test/e2e/support) have rules worth testing on their own.
  e2e: 'test/e2e',
  // The bench's own helpers (test/bench/lib: the performance document it writes) likewise.
  bench: 'test/bench',
};

/** Folders of test/unit that mirror no source on purpose, each with its reason. Keep this short. */
const CROSS_CUTTING: Readonly<Record<string, string>> = {
  boundaries:
    'rules over the whole tree (imports, placeholders, rules written once, this guard): no one unit is their subject',
  build: 'packaging and CI files (electron-builder.yml, .github/workflows), which are not TypeScript sources',
};

/** Integration folders named after no one folder of main, each with its reason. */
const FLOWS: Readonly<Record<string, string>> = {
  eras: 'every feature run on every server era the emulator models: a flow across features',
  upgrade: "an earlier build's whole data folder opened by this build: every feature's stores at once",
};

const SOURCE_EXTENSIONS = ['.ts', '.vue'];
const isDirectory = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();
const isSourceFile = (path: string): boolean => SOURCE_EXTENSIONS.some((ext) => existsSync(path + ext));

/** Why a file under test/unit leads nowhere, or null when its path leads to the source it tests. */
function strayReason(unitPath: string): string | null {
  const parts = unitPath.split('/');
  const [first = ''] = parts;
  if (first in CROSS_CUTTING) return null;
  const mirrored = MIRRORS[first];
  if (mirrored === undefined) {
    return `test/unit/${first}/ mirrors no source folder (use one of ${Object.keys(MIRRORS).join(', ')})`;
  }
  const folder = join(ROOT, mirrored, ...parts.slice(1, -1));
  if (!isDirectory(folder)) return `${relative(ROOT, folder)}/ does not exist`;
  const name = parts[parts.length - 1] ?? '';
  // Helpers (fakes, fixtures, arbitraries) sit beside the tests that use them; their folder is checked above.
  if (!name.endsWith('.test.ts')) return null;
  const stem = name.slice(0, -'.test.ts'.length);
  const segments = stem.split('.');
  // The name itself, or without one or two trailing aspects (`keys.store.search`, `alerts.service.dates.property`).
  const candidates = [0, 1, 2]
    .filter((drop) => drop < segments.length)
    .map((drop) => segments.slice(0, segments.length - drop).join('.'));
  const folderName = parts.length > 2 ? parts[parts.length - 2] : first;
  for (const candidate of candidates) {
    if (isSourceFile(join(folder, candidate))) return null;
    // A test of a folder as a whole: named after the folder it sits in, or after a folder beside it.
    if (candidate === folderName || isDirectory(join(folder, candidate))) return null;
  }
  return `no ${relative(ROOT, join(folder, stem))}{.ts,.vue} nor a folder of that name, with or without an aspect`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const unitPath = (path: string): string => relative(UNIT, path).split(sep).join('/');

describe('unit tests mirror the source tree', () => {
  it('leads from each unit test to the file or folder it tests', () => {
    const stray = filesUnder(UNIT)
      .map((path) => ({ path: `test/unit/${unitPath(path)}`, reason: strayReason(unitPath(path)) }))
      .filter((entry) => entry.reason !== null)
      .map((entry) => `${entry.path}: ${entry.reason ?? ''}`);
    expect(stray).toEqual([]);
  });

  it('refuses the old, backlog-shaped places and accepts the mirrored ones (so the check above can fail)', () => {
    // Folders that no longer exist or sit outside their root, a name that is a backlog item, a folder misnamed.
    expect(strayReason('main/services/budget.store.test.ts')).not.toBeNull();
    expect(strayReason('gateway/http.test.ts')).not.toBeNull();
    expect(strayReason('main/keys/key-view.test.ts')).not.toBeNull();
    expect(strayReason('renderer/polish.test.ts')).not.toBeNull();
    expect(strayReason('main/features/keys/key-vew.test.ts')).not.toBeNull();
    expect(strayReason('main/features/notes/fakes.ts')).not.toBeNull();
    // A file, a file with an aspect or two, a component, a folder as a whole, a helper beside its tests.
    expect(strayReason('main/features/app/budget.store.test.ts')).toBeNull();
    expect(strayReason('main/gateway/http.test.ts')).toBeNull();
    expect(strayReason('renderer/stores/keys.store.search.test.ts')).toBeNull();
    expect(strayReason('main/features/alerts/alerts.service.dates.property.test.ts')).toBeNull();
    expect(strayReason('renderer/components/keys/KeyTable.test.ts')).toBeNull();
    expect(strayReason('main/gateway/gateway.redaction.test.ts')).toBeNull();
    expect(strayReason('renderer/components/components.money.test.ts')).toBeNull();
    expect(strayReason('main/features/quota/fakes.ts')).toBeNull();
  });

  it('keeps the allow-list short, each entry with its reason', () => {
    expect(Object.keys(CROSS_CUTTING).length).toBeLessThanOrEqual(3);
    for (const reason of Object.values(CROSS_CUTTING)) expect(reason.length).toBeGreaterThan(20);
  });
});

describe('integration tests sit in folders named after what they test', () => {
  const features = readdirSync(join(ROOT, 'src-main', 'features'));
  // Every folder of main (gateway, bridge, platform/electron…) and its top-level entries (serve.ts, status.ts).
  const mainFolders = filesUnder(join(ROOT, 'src-main')).map((path) => basename(dirname(path)));
  const mainEntries = readdirSync(join(ROOT, 'src-main'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.slice(0, -'.ts'.length));
  const known = new Set([...features, ...mainFolders, ...mainEntries, ...Object.keys(FLOWS)]);

  it('names each folder after a feature, a folder or an entry of main, or a flow listed with its reason', () => {
    const folders = readdirSync(join(ROOT, 'test', 'integration')).filter((name) =>
      isDirectory(join(ROOT, 'test', 'integration', name)),
    );
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter((name) => !known.has(name))).toEqual([]);
  });

  it('would refuse a folder named after a backlog (so the check above can fail)', () => {
    expect(known.has('polish')).toBe(false);
    expect(known.has('services')).toBe(false);
    expect(known.has('keys')).toBe(true);
  });
});
