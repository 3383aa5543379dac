// Figure 2: requests to reveal N keys (N = 1, 100, 250) through ManagementClient.revealKeys (the path copy and export
// use), counted in the emulator's request log, ÷ ceil(N / 100). Also the single-key reveal the table uses.
import { startGateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAll, inProcessApp } from '../lib/in-process';
import { benchSeed, keyIdOf } from '../lib/seed';
import { round } from '../lib/stats';

const SIZES = [1, 100, 250] as const;

export async function revealRequests(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(1, 250) });
  const app = await inProcessApp();
  try {
    const [id] = await addAll(app.accounts, [draftFor(gw, 1, 'access_token')]);
    const m = await app.accounts.management(id ?? '');
    const rows: { n: number; requests: number; floor: number; ratio: number; revealed: number }[] = [];
    for (const n of SIZES) {
      gw.log.clear();
      const r = await m.revealKeys(Array.from({ length: n }, (_, i) => keyIdOf(1, i)));
      if (!r.ok) throw new Error(`revealKeys(${n}) failed: ${JSON.stringify(r.error)}`);
      const requests = gw.log.list().length;
      const floor = Math.ceil(n / 100);
      rows.push({ n, requests, floor, ratio: requests / floor, revealed: r.value.size });
    }
    gw.log.clear();
    const single = await m.revealKey(keyIdOf(1, 0));
    const singleRequests = gw.log.list().length;
    if (!single.ok) throw new Error('revealKey failed');
    const worst = Math.max(...rows.map((r) => r.ratio));
    return {
      figure: '2. Requests to reveal N keys',
      value: rows.map((r) => `N=${r.n}: ${r.requests}/${r.floor} = ${round(r.ratio)}`).join('; '),
      ratio: worst,
      target: '1.0',
      meetsTarget: worst <= 1.0,
      how:
        'One access-token account with 250 keys; ManagementClient.revealKeys (POST /api/token/batch/keys, ' +
        `chunks of ≤100) for the first N ids; requests counted in the emulator log. Single reveal ` +
        `(POST /api/token/{id}/key): ${singleRequests} request.`,
      details: { rows, singleRequests },
    };
  } finally {
    await app.close();
    await gw.close();
  }
}
