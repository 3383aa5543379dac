// Figure 14: what one sync costs the WebDAV server. Keydesk with 100 accounts on a folder of a real server (Apache
// mod_dav), one account changed, one run: requests and bytes (both ways) counted at a proxy in front of the server,
// ÷ the floor (one listing and one small upload of the changed record). The run after it is printed beside it.
import { startGateway } from '../../gateway';
import { openInstance, SYNC_PASSPHRASE } from '../../integration/sync/sync-support';
import { startFaultProxy } from '../../support/webdav-fault-proxy';
import { hasApache, startWebdavServer } from '../../support/webdav-server';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { benchSeed } from '../lib/seed';
import { round } from '../lib/stats';

const ACCOUNTS = 100;

export async function syncRequests(): Promise<Figure> {
  if (!hasApache()) throw new Error('apache2 (with mod_dav) is needed: apt-get install apache2');
  const gw = await startGateway({ seed: benchSeed(ACCOUNTS, 1) });
  const dav = await startWebdavServer();
  const proxy = await startFaultProxy(dav.url);
  const k = await openInstance(gw);
  try {
    const ids: string[] = [];
    for (let user = 1; user <= ACCOUNTS; user += 1) {
      const outcome = await k.value('accounts:add', draftFor(gw, user, 'access_token'));
      if (outcome.status === 'done') ids.push(outcome.account.id);
    }
    await k.value('sync:setUp', {
      mode: 'create',
      url: `${proxy.url}bench/`,
      username: dav.username,
      appPassword: dav.password,
      passphrase: SYNC_PASSPHRASE,
      deviceName: 'Bench',
      groups: ['appearance', 'monitoring'],
    });
    // Settle: the first runs read back what setup wrote (this server sends no ETag on a write).
    await k.sync();
    await k.sync();
    const measure = async (what: () => Promise<void>) => {
      proxy.resetCounts();
      await what();
      return {
        requests: proxy.counts.requests,
        bytes: proxy.counts.bytesUp + proxy.counts.bytesDown,
        byMethod: Object.fromEntries(proxy.counts.byMethod),
        each: [...proxy.counts.each],
      };
    };
    const listing = await measure(async () => {
      await k.sync(); // an idle run: the listing alone
    });
    await k.value('accounts:update', { id: ids[42] ?? '', patch: { label: 'changed by the bench' } });
    const changed = await measure(async () => {
      await k.sync();
    });
    const after = await measure(async () => {
      await k.sync();
    });
    // The floor's two exchanges, each measured on its own: the listing of this run, and the changed record's size.
    const propfind = changed.each.filter((r) => r.method === 'PROPFIND').reduce((n, r) => n + r.up + r.down, 0);
    const put = changed.each.find((r) => r.method === 'PUT');
    const record = dav.files().find((f) => put !== undefined && f.path.endsWith(put.path.split('/').at(-1) ?? '?'));
    if (record === undefined) throw new Error('the change was not written');
    const floor = { requests: 2, bytes: propfind + record.bytes.length };
    const requestRatio = changed.requests / floor.requests;
    const byteRatio = changed.bytes / floor.bytes;
    return {
      figure: '14. Sync of 100 accounts with one change',
      value:
        `${round(requestRatio)} requests (${String(changed.requests)} ÷ ${String(floor.requests)}), ` +
        `${round(byteRatio)} bytes (${String(changed.bytes)} ÷ ${String(floor.bytes)}); the run after it: ` +
        `${String(after.requests)} requests, ${String(after.bytes)} bytes`,
      ratio: requestRatio,
      target: '1.0',
      meetsTarget: requestRatio <= 1.0,
      how:
        'one in-process Keydesk with 100 access-token accounts synced to Apache mod_dav (FileETag Digest) through a ' +
        'counting proxy; one label changed, then one run. Floor: one PROPFIND listing (its bytes measured on an idle ' +
        'run) and one PUT of the changed record. The next run re-reads that record once: Apache sends no ETag on a PUT.',
      details: { listing, changed, after, floor },
    };
  } finally {
    await k.close();
    await proxy.close();
    await dav.close();
    await gw.close();
  }
}
