// Damaged data files at start: every store (settings, accounts, vault, caches) reports through app:storeProblems
// which copy was kept, what became of the data, and where the damaged bytes are; nothing is rolled back silently.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreProblem } from '../../../src-shared/contract';
import { createApp, type App } from '../../../src-main/app';
import { ACCOUNTS_VERSION } from '../../../src-main/features/accounts/account-records';
import { memoryLogger } from '../../support/memory-logger';
import { confStoreEngine } from '../../../src-main/platform/node/conf.engine';

let dir: string;
let dataDir: string;
let app: App | null = null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-stores-'));
  dataDir = join(dir, 'data');
  await mkdir(dataDir);
});

afterEach(async () => {
  await app?.dispose();
  app = null;
  await rm(dir, { recursive: true, force: true });
});

async function start(): Promise<readonly StoreProblem[]> {
  app = await createApp({
    storeEngine: confStoreEngine(),
    mode: 'browser',
    dataDir,
    version: '9.9.9',
    platform: 'linux',
    log: memoryLogger().log,
    fetch: () => Promise.reject(new Error('no network in this test')),
  });
  const result = await app.router.dispatch('app:storeProblems', undefined, { transport: 'test' });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as readonly StoreProblem[];
}

const goodAccounts = `${JSON.stringify({ version: ACCOUNTS_VERSION, accounts: [], activeId: null })}\n`;
const truncated = goodAccounts.slice(0, 20);

describe('damaged store files', () => {
  it('reports nothing for a fresh data folder', async () => {
    expect(await start()).toEqual([]);
  });

  it('says a truncated accounts.json was restored from its backup, and keeps the damaged copy', async () => {
    await writeFile(join(dataDir, 'accounts.json'), truncated);
    await writeFile(join(dataDir, 'accounts.json.bak'), goodAccounts);
    const problems = await start();
    expect(problems).toEqual([
      expect.objectContaining({ store: 'accounts', file: 'accounts.json', outcome: 'restored_from_backup' }),
    ]);
    const [kept] = problems[0]?.keptAt ?? [];
    expect(kept).toMatch(/accounts\.json\.corrupt-\d+$/);
    expect(await readFile(kept ?? '', 'utf8')).toBe(truncated);
  });

  it('says both copies were bad, started empty, and keeps both damaged files', async () => {
    await writeFile(join(dataDir, 'accounts.json'), truncated);
    await writeFile(join(dataDir, 'accounts.json.bak'), '');
    const problems = await start();
    expect(problems).toEqual([
      expect.objectContaining({
        store: 'accounts',
        outcome: 'started_empty',
        keptAt: [expect.any(String), expect.any(String)],
      }),
    ]);
    const [main, backup] = problems[0]?.keptAt ?? [];
    expect(await readFile(main ?? '', 'utf8')).toBe(truncated);
    expect(backup).toMatch(/accounts\.json\.bak\.corrupt-/);
  });

  it('reports the settings, the vault and the caches through the same status', async () => {
    await writeFile(join(dataDir, 'settings.json'), '{"version": 1, "theme": ');
    await writeFile(join(dataDir, 'vault.json'), 'not json at all');
    await writeFile(join(dataDir, 'quota-history.json'), '[]');
    const problems = await start();
    expect(problems.map((p) => [p.store, p.file, p.outcome])).toEqual(
      expect.arrayContaining([
        ['settings', 'settings.json', 'started_empty'],
        ['vault', 'vault.json', 'started_empty'],
        ['cache', 'quota-history.json', 'started_empty'],
      ]),
    );
    expect(problems).toHaveLength(3);
    for (const problem of problems) expect(problem.keptAt).toHaveLength(1);
  });
});
