// The config store's durability rules, on the store engine of both runtimes (atomic files): versioned file, migrations,
// 0600/0700, a .bak before every replace, and corrupt / truncated / empty / newer-version files kept byte-identical
// aside and reported — never wiped.
import {
  chmodSync,
  existsSync,
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
import { z } from 'zod';
import { ConfigStore, type ConfigStoreOptions } from '../../../../src-main/vault/config.store';
import { atomicFileEngine } from '../../../../src-main/platform/atomic-file.engine';
import type { StoreEngine } from '../../../../src-main/platform/store-engine';

const schema = z.object({ name: z.string(), count: z.number().int() });
type Doc = z.infer<typeof schema>;
const DEFAULTS: Doc = { name: 'default', count: 0 };

let dir: string;
let file: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'keydesk-config-')), 'data');
  file = join(dir, 'doc.json');
});
afterEach(() => {
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

const open = (extra: Partial<ConfigStoreOptions<Doc>> = {}) => {
  const events: string[] = [];
  const store = new ConfigStore<Doc>({
    now: Date.now,
    engine: makeEngine(),
    dataDir: dir,
    name: 'doc',
    schema,
    defaults: DEFAULTS,
    onCorrupt: (keptAt, reason) => events.push(`corrupt ${keptAt} ${reason}`),
    onRecovered: (from) => events.push(`recovered ${from}`),
    ...extra,
  });
  return { store, events };
};

const written = (doc: Doc, version = 1) => `${JSON.stringify({ version, ...doc }, null, 2)}\n`;
const corruptCopies = (name = 'doc.json') => readdirSync(dir).filter((n) => n.startsWith(`${name}.corrupt-`));

// Every rule below holds on each engine a runtime may carry its files with (one today: atomic files).
const ENGINES: [string, () => StoreEngine][] = [['atomic-file', atomicFileEngine]];
let makeEngine: () => StoreEngine = atomicFileEngine;

describe.each(ENGINES)('ConfigStore on %s', (_name, engine) => {
  beforeEach(() => {
    makeEngine = engine;
  });

  it('starts from defaults, writes a versioned file with mode 0600 in a 0700 dir, and reads it back', () => {
    const { store } = open();
    expect(store.read()).toEqual(DEFAULTS);
    expect(existsSync(file)).toBe(false); // nothing written until there is something to keep
    store.write({ name: 'a', count: 1 });
    expect(readFileSync(file, 'utf8')).toBe(written({ name: 'a', count: 1 }));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(open().store.read()).toEqual({ name: 'a', count: 1 });
  });

  it('tightens an existing data dir to 0700', () => {
    open().store.write({ name: 'a', count: 1 });
    chmodSync(dir, 0o755);
    open();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('keeps the previous good file as .bak before replacing it', () => {
    const { store } = open();
    store.write({ name: 'a', count: 1 });
    expect(existsSync(`${file}.bak`)).toBe(false);
    store.write({ name: 'b', count: 2 });
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(written({ name: 'a', count: 1 }));
    expect(statSync(`${file}.bak`).mode & 0o777).toBe(0o600);
    store.write({ name: 'c', count: 3 });
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(written({ name: 'b', count: 2 }));
  });

  it('a large store writes compact JSON and still keeps the previous good file as .bak, across a reopen', () => {
    const compact = (doc: Doc) => `${JSON.stringify({ version: 1, ...doc })}\n`;
    const { store } = open({ isLarge: true });
    store.write({ name: 'a', count: 1 });
    expect(readFileSync(file, 'utf8')).toBe(compact({ name: 'a', count: 1 }));
    expect(existsSync(`${file}.bak`)).toBe(false);
    store.write({ name: 'b', count: 2 });
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(compact({ name: 'a', count: 1 }));
    const reopened = open({ isLarge: true }).store;
    expect(reopened.read()).toEqual({ name: 'b', count: 2 });
    reopened.write({ name: 'c', count: 3 });
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(compact({ name: 'b', count: 2 }));
  });

  it('refuses an invalid value and writes nothing', () => {
    const { store } = open();
    store.write({ name: 'a', count: 1 });
    const before = readFileSync(file);
    expect(() => store.write({ name: 'b', count: 1.5 })).toThrow();
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(store.read()).toEqual({ name: 'a', count: 1 });
  });

  it('migrates older formats forward, including an unversioned file (format 0), and writes the new format', () => {
    open();
    writeFileSync(file, JSON.stringify({ title: 'legacy' }));
    const migrations = {
      0: (doc: Record<string, unknown>) => ({ name: doc.title, total: 4 }),
      1: (doc: Record<string, unknown>) => ({ name: doc.name, count: doc.total }),
    };
    const { store, events } = open({ version: 2, migrations });
    expect(store.read()).toEqual({ name: 'legacy', count: 4 });
    expect(events).toEqual([]);
    store.write({ name: 'legacy', count: 5 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 2, name: 'legacy', count: 5 });
    // The pre-migration bytes are the backup, so a bad migration can be undone by hand.
    expect(JSON.parse(readFileSync(`${file}.bak`, 'utf8'))).toEqual({ title: 'legacy' });
  });

  const bad: [string, string][] = [
    ['corrupt', '{"name": "a", "count": 1,, }'],
    ['truncated', written({ name: 'a', count: 1 }).slice(0, 17)],
    ['empty', ''],
    ['whitespace only', '  \n'],
    ['newer-version', written({ name: 'future', count: 9 }, 2)],
    ['schema-invalid', JSON.stringify({ version: 1, name: 5, count: 'x' })],
    ['not an object', '[1, 2, 3]'],
  ];

  describe.each(bad)('a %s file', (kind, content) => {
    it('is kept byte-identical aside, reported, and the store starts from defaults', () => {
      open(); // creates the dir
      writeFileSync(file, content);
      const { store, events } = open({ now: () => 1234 });
      expect(store.read()).toEqual(DEFAULTS);
      expect(corruptCopies()).toEqual(['doc.json.corrupt-1234']);
      expect(readFileSync(join(dir, 'doc.json.corrupt-1234'), 'utf8')).toBe(content);
      expect(existsSync(file)).toBe(false);
      expect(events).toHaveLength(1);
      expect(events[0]).toContain('corrupt');
      expect(store.reports).toMatchObject([{ kind: 'corrupt', keptAt: join(dir, 'doc.json.corrupt-1234') }]);
      if (kind === 'newer-version') expect(events[0]).toMatch(/newer Keydesk/);
    });

    it('is kept aside and the last-known-good backup is recovered and reported', () => {
      const first = open();
      first.store.write({ name: 'good', count: 1 });
      first.store.write({ name: 'latest', count: 2 }); // .bak now holds "good"
      writeFileSync(file, content);
      const { store, events } = open({ now: () => 99 });
      expect(store.read()).toEqual({ name: 'good', count: 1 });
      expect(readFileSync(join(dir, 'doc.json.corrupt-99'), 'utf8')).toBe(content);
      expect(readFileSync(file, 'utf8')).toBe(written({ name: 'good', count: 1 })); // restored in place
      expect(events.map((e) => e.split(' ')[0])).toEqual(['corrupt', 'recovered']);
      expect(store.reports.map((r) => r.kind)).toEqual(['corrupt', 'recovered']);
    });
  });

  it('keeps a bad backup aside too when both copies are unusable', () => {
    open();
    writeFileSync(file, '{');
    writeFileSync(`${file}.bak`, '');
    const { store } = open({ now: () => 5 });
    expect(store.read()).toEqual(DEFAULTS);
    expect(readFileSync(join(dir, 'doc.json.corrupt-5'), 'utf8')).toBe('{');
    expect(readFileSync(join(dir, 'doc.json.bak.corrupt-5'), 'utf8')).toBe('');
    store.write({ name: 'new', count: 1 });
    expect(readFileSync(join(dir, 'doc.json.corrupt-5'), 'utf8')).toBe('{'); // still there after a write
  });

  it('never reuses a quarantine name', () => {
    open();
    writeFileSync(file, 'x');
    open({ now: () => 7 });
    writeFileSync(file, 'y');
    open({ now: () => 7 });
    expect(corruptCopies().sort()).toEqual(['doc.json.corrupt-7', 'doc.json.corrupt-7-1']);
    expect(readFileSync(join(dir, 'doc.json.corrupt-7-1'), 'utf8')).toBe('y');
  });

  it('removes temp files a killed writer left behind', () => {
    open();
    writeFileSync(`${file}.tmp-999-abcd`, '{"half');
    open();
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });
});
