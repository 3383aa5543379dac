// Figure 9: emulator capacity, informational. Requests per second the gateway emulator serves on loopback for
// GET /api/token/ and GET /api/user/self: a fixed number of requests, 16 at a time, keep-alive, median of 3 rounds.
import { startGateway } from '../../gateway';
import type { Figure } from '../lib/figure';
import { benchSeed, tokenOf } from '../lib/seed';
import { describe, round, summarise } from '../lib/stats';

const REQUESTS = 1_000;
const CONCURRENCY = 16;
const ROUNDS = 3;

async function rate(url: string, token: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (REQUESTS / (performance.now() - started)) * 1000;
}

export async function emulatorCapacity(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(1, 20) });
  try {
    const endpoints = {
      'GET /api/token/': `${gw.base_url}/api/token/?p=1&size=20`,
      'GET /api/user/self': `${gw.base_url}/api/user/self`,
    };
    const results: Record<string, number[]> = {};
    await rate(endpoints['GET /api/user/self'], tokenOf(1)); // warm-up
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const [name, url] of Object.entries(endpoints)) {
        gw.log.clear();
        (results[name] ??= []).push(await rate(url, tokenOf(1)));
      }
    }
    gw.log.clear();
    return {
      figure: '9. Emulator capacity (informational)',
      value: Object.entries(results)
        .map(([name, rates]) => `${name}: ${describe(summarise(rates), 'req/s')}`)
        .join('; '),
      ratio: null,
      target: 'informational',
      meetsTarget: null,
      how:
        `startGateway in this process, ${REQUESTS} requests per round, ${CONCURRENCY} concurrent, Node fetch ` +
        `(keep-alive) on 127.0.0.1, system access token; token list page size 20; ${ROUNDS} rounds after a warm-up.`,
      details: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.map(round)])),
    };
  } finally {
    await gw.close();
  }
}
