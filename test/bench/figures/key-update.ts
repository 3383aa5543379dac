// Figure 13: HTTP requests per key update (edit, add quota) counted at the emulator, ÷ the floor: one fresh read and
// one full write whose answer carries the stored record (2), or 3 with a read-back when an answer carries none.
import { startGateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAccounts, newDataDir, removeDataDir, sleep, startApp } from '../lib/keydesk';
import { benchSeed, keyIdOf } from '../lib/seed';
import { round } from '../lib/stats';

const FLOOR = 2;

export async function keyUpdateRequests(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(1, 3) });
  const dataDir = newDataDir();
  const app = await startApp(dataDir);
  try {
    const [accountId] = await addAccounts(app, [draftFor(gw, 1, 'access_token')]);
    const count = async (channel: string, args: Record<string, unknown>) => {
      gw.log.clear();
      await app.invoke(channel, { accountId, id: keyIdOf(1, 0), ...args });
      const entries = gw.log.list().filter((e) => e.path.startsWith('/api/'));
      return { channel, requests: entries.length, sent: entries.map((e) => `${e.method} ${e.path}`) };
    };
    // The account's first management call opens its session (status and self): once per session, not per update.
    // The quota monitor's start-up balance read (GET /api/user/self) is not part of an update: let it pass first.
    const opening = await count('keys:get', {});
    await sleep(3_000);
    const updates = [
      await count('keys:update', { edits: { name: 'renamed-by-bench' } }),
      await count('keys:addQuota', { incrementUnits: 1_000 }),
    ];
    const worst = Math.max(...updates.map((u) => u.requests));
    const ratio = worst / FLOOR;
    return {
      figure: '13. Requests per key update',
      value: `${round(ratio)} (${updates.map((u) => `${u.channel} ${u.requests}`).join(', ')} ÷ floor ${FLOOR})`,
      ratio,
      target: '1.0',
      meetsTarget: ratio <= 1.0,
      how:
        'serve.js with one access-token account on the emulator (spec profile: the update answer carries the ' +
        'stored record, as new-api and one-api do); requests counted in the emulator log for one edit and one add ' +
        "quota, after a first call has opened the account's session. Floor: one read and one full write.",
      details: { updates, sessionOpening: opening },
    };
  } finally {
    await app.stop();
    removeDataDir(dataDir);
    await gw.close();
  }
}
