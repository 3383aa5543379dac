// Figure 6: memory scaling of the main (Node) process. RSS of serve.js with 100 accounts whose 10,000 keys have gone
// through main (keys:listAll of every account, balances fetched) ÷ the same with one account; /proc/<pid>/smaps_rollup,
// read after full garbage collections on both sides (what main holds, not how far V8's young generation grew).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeRing } from '../../../src-main/features/spend/ring-codec';
import { CALM, addRead, type SpendRing } from '../../../src-main/features/spend/spend-rules';
import { spendFileName } from '../../../src-main/features/spend/spend.store';
import { startGateway, type Gateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import {
  addAccounts,
  newDataDir,
  removeDataDir,
  residentBytes,
  rssBytes,
  sleep,
  startApp,
  type BenchApp,
} from '../lib/keydesk';
import { benchSeed } from '../lib/seed';
import { describe, median, round, summarise } from '../lib/stats';

const MANY = 100;
const KEYS = 100;
const RUNS = 2;
const MB = 1024 * 1024;
const MARK = 'KEYDESK_BENCH_GC';
/** Full collections before the figure is read (see GC_ON_SIGNAL). */
const COLLECTIONS = 5;
const PASSPHRASE = 'an obviously fake bench passphrase';
/** A day of spend history per tracked key: one read per 5 minutes for 25 hours, every tenth key spending at each. */
const HISTORY_READS = 300;
const FIVE_MIN = 5 * 60_000;
const BUSY_EVERY = 10;

/**
 * The spend history as 25 hours of tracking leave it, one file per account: every key read every 5 minutes, the
 * busy tenth spending a little at each read (a full ring), the rest idle (a held run); built with the app's rules.
 */
function writeDayOfHistory(dataDir: string, keysByAccount: ReadonlyMap<string, readonly number[]>, now: number): void {
  for (const [accountId, keyIds] of keysByAccount) {
    const keys: Record<string, unknown> = {};
    for (const keyId of keyIds) {
      let ring: SpendRing = [];
      let used = 1_000_000;
      for (let i = HISTORY_READS; i >= 1; i -= 1) {
        if (keyId % BUSY_EVERY === 0) used += 1_000 + ((keyId * 7919 + i * 104_729) % 20_000);
        ring = addRead(ring, { at: now - i * FIVE_MIN, usedUnits: used });
      }
      keys[String(keyId)] = { name: `key-${String(keyId)}`, ring: encodeRing(ring), runaway: CALM };
    }
    const file = join(dataDir, `${spendFileName(accountId)}.json`);
    writeFileSync(file, JSON.stringify({ version: 1, accountId, keys }), { mode: 0o600 });
  }
}

/**
 * Loaded into serve.js by the bench only (NODE_OPTIONS --import of a data: URL, with --expose-gc): on SIGUSR2 it runs
 * five full collections two seconds apart and then prints the live heap and the young generation's size. One
 * collection frees the garbage but leaves the heap's spaces at the size they grew to: V8 shrinks the young
 * generation (up to 32 MB after a burst of answers) only once its measured allocation rate is low, which in a quiet
 * Node process here takes the fourth collection two seconds apart (three sometimes left it at 32 MB, and the figure
 * swung by 25 MB between two runs of the same steps). V8's memory reducer does the same for an idle app. The app
 * itself has no such hook.
 */
const GC_ON_SIGNAL = `import v8 from 'node:v8';
process.on('SIGUSR2', () => {
  let left = ${String(COLLECTIONS)};
  const collect = () => {
    globalThis.gc();
    left -= 1;
    if (left > 0) return void setTimeout(collect, 2000);
    setTimeout(() => {
      const u = process.memoryUsage();
      const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      const report = { heapUsed: u.heapUsed, heapTotal: u.heapTotal, newSpace: young ? young.space_size : -1 };
      process.stderr.write('${MARK} ' + JSON.stringify(report) + '\\n');
    }, 1000);
  };
  collect();
});`;
const NODE_OPTIONS = `--expose-gc --import=data:text/javascript,${encodeURIComponent(GC_ON_SIGNAL)}`;

interface Memory {
  /** Resident bytes before the collections: includes garbage and heap spaces grown while answers were parsed. */
  readonly rssBeforeGc: number;
  /** Resident bytes after them (page-table count, smaps_rollup): the figure. */
  readonly rss: number;
  /** VmRSS after them, for comparison: the kernel's per-CPU counters, which lag pages just returned. */
  readonly vmRss: number;
  /** Live JS heap after them (process.memoryUsage().heapUsed). */
  readonly heapUsed: number;
  readonly heapTotal: number;
  /** The young generation's size after them: 1–2 MB at rest, up to 32 MB while the app is still allocating. */
  readonly newSpace: number;
}

interface Sample {
  /** After adding the accounts, before any key went through main. */
  readonly accountsOnly: Memory;
  /** After listing every key and a balance refresh: the figure. */
  readonly listed: Memory;
}

async function collectAndMeasure(app: BenchApp): Promise<Memory> {
  const rssBeforeGc = residentBytes(app.pid);
  const seen = app.process.output.join('').split(MARK).length;
  process.kill(app.pid, 'SIGUSR2');
  for (let waited = 0; app.process.output.join('').split(MARK).length === seen; waited += 100) {
    if (waited > 15_000) throw new Error('serve.js did not report its heap after SIGUSR2');
    await sleep(100);
  }
  const text = app.process.output.join('').split(MARK).at(-1) ?? '';
  const heap = JSON.parse(/\{[^}]*\}/.exec(text)?.[0] ?? '{}') as {
    heapUsed?: number;
    heapTotal?: number;
    newSpace?: number;
  };
  return {
    rssBeforeGc,
    rss: residentBytes(app.pid),
    vmRss: rssBytes(app.pid),
    heapUsed: heap.heapUsed ?? Number.NaN,
    heapTotal: heap.heapTotal ?? Number.NaN,
    newSpace: heap.newSpace ?? Number.NaN,
  };
}

async function memoryWith(gw: Gateway, accounts: number): Promise<Sample> {
  const dataDir = newDataDir();
  let app = await startApp(dataDir, { env: { NODE_OPTIONS } });
  try {
    // A passphrase vault: the accounts' tokens outlive the restart below.
    await app.invoke('vault:setPassphrase', { passphrase: PASSPHRASE });
    const ids = await addAccounts(
      app,
      Array.from({ length: accounts }, (_, i) => draftFor(gw, i + 1, 'access_token')),
    );
    // Spending tracked on every account, with a day of history: written while the app is stopped, as a restart
    // after a day of tracking finds it.
    const keysByAccount = new Map<string, number[]>();
    for (const accountId of ids) {
      await app.invoke('spend:setTracking', { accountId, isTracking: true });
      const listed = await app.invoke<{ id: number }[]>('keys:listAll', { accountId });
      keysByAccount.set(
        accountId,
        listed.map((k) => k.id),
      );
    }
    await app.stop();
    writeDayOfHistory(dataDir, keysByAccount, Date.now());
    app = await startApp(dataDir, { env: { NODE_OPTIONS } });
    await app.invoke('vault:unlock', { passphrase: PASSPHRASE });
    const tracked = await app.invoke<{ trackedAccountIds: string[] }>('spend:settings');
    if (tracked.trackedAccountIds.length !== accounts) throw new Error('spending is not tracked on every account');
    await sleep(3_000);
    const accountsOnly = await collectAndMeasure(app);
    let keys = 0;
    for (const accountId of ids) keys += (await app.invoke<unknown[]>('keys:listAll', { accountId })).length;
    if (keys !== accounts * KEYS) throw new Error(`listed ${keys} keys, expected ${accounts * KEYS}`);
    await app.invoke('quota:refresh', {});
    // The history is what main holds: a busy key's day of reads, as its chart asks for them.
    const [firstAccount = '', firstKeys = []] = [...keysByAccount][0] ?? [];
    const busy = firstKeys.find((id) => id % BUSY_EVERY === 0);
    const history = await app.invoke<{ reads: unknown[] }>('spend:keyHistory', {
      accountId: firstAccount,
      keyId: busy,
    });
    if (history.reads.length < 280) throw new Error(`a busy key's day holds ${history.reads.length} reads`);
    await sleep(3_000);
    return { accountsOnly, listed: await collectAndMeasure(app) };
  } finally {
    await app.stop();
    removeDataDir(dataDir);
  }
}

const mbs = (values: readonly number[]) => values.map((b) => round(b / MB));

export async function memoryScaling(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(MANY, KEYS) });
  try {
    const oneSamples: Sample[] = [];
    const manySamples: Sample[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      oneSamples.push(await memoryWith(gw, 1));
      manySamples.push(await memoryWith(gw, MANY));
    }
    const one = oneSamples.map((s) => s.listed.rss);
    const many = manySamples.map((s) => s.listed.rss);
    const ratio = median(many) / median(one);
    const heapRatio =
      median(manySamples.map((s) => s.listed.heapUsed)) / median(oneSamples.map((s) => s.listed.heapUsed));
    const beforeGcRatio =
      median(manySamples.map((s) => s.listed.rssBeforeGc)) / median(oneSamples.map((s) => s.listed.rssBeforeGc));
    return {
      figure: '6. Memory scaling (main RSS)',
      value:
        `${round(ratio)} = ${describe(summarise(many.map((b) => b / MB)), 'MB')} ÷ ${describe(summarise(one.map((b) => b / MB)), 'MB')}` +
        ` after GC (live JS heap ${round(heapRatio)}×; RSS before GC ${round(beforeGcRatio)}×)`,
      ratio,
      target: '≤ 1.3',
      meetsTarget: ratio <= 1.3,
      how:
        `serve.js on a fresh data dir; ${MANY} access-token accounts with spending tracked on each and a day of ` +
        `per-key history loaded (${HISTORY_READS} reads per key every 5 minutes, every ${BUSY_EVERY}th key spending ` +
        `at each, the rest idle), keys:listAll of each (${MANY * KEYS} keys ` +
        `through main; main keeps no key cache of its own) and a balance refresh, 3 s of quiet, then ${String(COLLECTIONS)} full GCs ` +
        `two seconds apart (a bench-only --expose-gc hook on SIGUSR2) and the resident size (smaps_rollup Rss) ÷ the same with 1 account (${KEYS} ` +
        `keys), same steps; ${RUNS} runs each, ratio of medians. Before the GCs, RSS also counts the young ` +
        `generation V8 grew to (up to 32 MB) while the answers were parsed: garbage, not state.`,
      details: {
        oneMB: mbs(one),
        manyMB: mbs(many),
        oneBeforeGcMB: mbs(oneSamples.map((s) => s.listed.rssBeforeGc)),
        manyBeforeGcMB: mbs(manySamples.map((s) => s.listed.rssBeforeGc)),
        oneVmRssMB: mbs(oneSamples.map((s) => s.listed.vmRss)),
        manyVmRssMB: mbs(manySamples.map((s) => s.listed.vmRss)),
        oneHeapUsedMB: mbs(oneSamples.map((s) => s.listed.heapUsed)),
        manyHeapUsedMB: mbs(manySamples.map((s) => s.listed.heapUsed)),
        oneHeapTotalMB: mbs(oneSamples.map((s) => s.listed.heapTotal)),
        manyHeapTotalMB: mbs(manySamples.map((s) => s.listed.heapTotal)),
        oneNewSpaceMB: mbs(oneSamples.map((s) => s.listed.newSpace)),
        manyNewSpaceMB: mbs(manySamples.map((s) => s.listed.newSpace)),
        // Before listing keys: what the accounts themselves cost, apart from the keys that went through.
        oneAccountsOnlyMB: mbs(oneSamples.map((s) => s.accountsOnly.rss)),
        manyAccountsOnlyMB: mbs(manySamples.map((s) => s.accountsOnly.rss)),
      },
    };
  } finally {
    await gw.close();
  }
}
