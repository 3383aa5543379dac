// Figure 16: requests of a key health check and of a charge audit, counted at the emulator (today's new-api), ÷ their
// floors. A check of a key Keydesk does not hold sends nothing (floor 0: it is never revealed for a check); a check of
// a held key sends one GET /v1/models (floor 1); an audit reads the prices once, the calls a page of 100 at a time,
// the key list once and the account once (rows of today's new-api name no group). None of them is in the site's
// critical bucket (floor 0, counted apart).
import { isCriticalRequest } from '../../../src-main/gateway';
import { startGateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAccounts, newDataDir, removeDataDir, sleep, startApp } from '../lib/keydesk';
import { benchSeed, keyIdOf, keyValueOf } from '../lib/seed';
import { round } from '../lib/stats';

const CALLS = 250;

export async function healthAndAuditRequests(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(1, 3), profile: 'new-api' });
  const dataDir = newDataDir();
  const app = await startApp(dataDir);
  try {
    const [accountId] = await addAccounts(app, [draftFor(gw, 1, 'access_token')]);
    const keyId = keyIdOf(1, 0);
    const count = async (channel: string, args: Record<string, unknown>) => {
      gw.log.clear();
      const answer = await app.invoke(channel, { accountId, ...args });
      // The quota monitor's balance read may run beside it: it is the monitor's, not the check's.
      const entries = gw.log.list().filter((e) => e.path !== '/api/user/self' || channel === 'audit:run');
      return {
        channel,
        requests: entries.length,
        critical: entries.filter((e) => isCriticalRequest(e.method, `http://x${e.path}`)).length,
        sent: entries.map((e) => `${e.method} ${e.path}`),
        answer,
      };
    };
    // The account's session opens once (as for any first call); the start-up balance read passes first.
    await app.invoke('keys:listAll', { accountId });
    await sleep(3_000);
    const notHeld = await count('health:check', { keyId });
    await app.invoke('keys:reveal', { accountId, id: keyId });
    const held = await count('health:check', { keyId });
    for (let i = 0; i < CALLS; i++) {
      await fetch(`${gw.api_url}/v1/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer sk-${keyValueOf(1, keyId)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: `call ${String(i)}` }] }),
      });
    }
    const audit = await count('audit:run', { windowHours: 24 });
    // Fewer requests are no saving if calls were left out: the audit must have read every one.
    const report = audit.answer as { kind: string; totals?: { calls: number } };
    const auditedCalls = report.kind === 'report' ? (report.totals?.calls ?? 0) : 0;
    const auditFloor = 1 + Math.ceil(CALLS / 100) + 1 + 1;
    const ratios = [notHeld.requests === 0 ? 1 : Infinity, held.requests / 1, audit.requests / auditFloor];
    const critical = notHeld.critical + held.critical + audit.critical;
    const ratio = Math.max(...ratios) + critical + (auditedCalls === CALLS ? 0 : Infinity);
    return {
      figure: '16. Requests per key health check and charge audit',
      value:
        `${round(ratio)} (check of a key not held ${String(notHeld.requests)} ÷ 0, held ${String(held.requests)} ÷ 1; ` +
        `audit of ${String(auditedCalls)}/${String(CALLS)} calls ${String(audit.requests)} ÷ ${String(auditFloor)}; ` +
        `critical ${String(critical)})`,
      ratio,
      target: '1.0, none critical',
      meetsTarget: ratio <= 1.0,
      how:
        'serve.js with one access-token account on the emulator (new-api profile); requests counted in the emulator ' +
        'log for a check of a key not held, the same key checked once revealed, and an audit of the last day after ' +
        `${String(CALLS)} calls. Floors: 0; one GET /v1/models; prices, ${String(Math.ceil(CALLS / 100))} pages of ` +
        'calls, the key list and the account. Critical-bucket requests are added to the ratio: any is a miss.',
      details: {
        notHeld: { ...notHeld, answer: undefined },
        held: { ...held, answer: undefined },
        audit: { ...audit, answer: undefined, auditedCalls },
      },
    };
  } finally {
    await app.stop();
    removeDataDir(dataDir);
    await gw.close();
  }
}
