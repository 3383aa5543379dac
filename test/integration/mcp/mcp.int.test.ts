// `keydesk mcp` as an MCP client sees it: the official SDK's Client starts the real command (src-main/mcp.ts under
// tsx) as a child process over stdio, lists the tools and calls them against a Keydesk running here on the emulator's
// new-api profile, then against its caches once it has quit. The answers are the app's own (its model search order,
// its money formatting, its spend reads); the two opt-in abilities are refused while off with the reason, and do their
// one thing, recorded in the alerts, once on; no full key ever appears in an answer unless handing keys over is on for
// that account (every full key the emulator holds is a canary).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountView, ArgsOf, InvokeChannel, ResultOf } from '../../../src-shared/contract';
import { routerCalls } from '../../support/router-calls';
import { formatQuotaMoney } from '../../../src-shared/units';
import type { App } from '../../../src-main/app';
import { testApp } from '../../support/test-app';
import { startGateway, type Gateway, type SeedInput } from '../../gateway/index';

const root = join(import.meta.dirname, '..', '..', '..');
/** Every full key of the seed carries this mark: any answer holding it leaked a key. */
const CANARY = 'mcpcanary';
const full = (id: number): string => `${CANARY}${String(id).padStart(3, '0')}${'z'.repeat(36)}`;
const NOW_S = Math.floor(Date.now() / 1000);
const SPENT = 600_000;

const SEED: SeedInput = {
  settings: { propagation_delay_s: 0 },
  groups: {
    default: { desc: 'default', ratio: 1, models: ['gpt-4o-mini'] },
    vip: { desc: 'VIP', ratio: 0.5, models: ['gpt-4o-mini', 'gpt-4o'] },
  },
  models: [
    { id: 'gpt-4o-mini', price: 1000 },
    { id: 'gpt-4o', price: 5000 },
  ],
  users: [
    {
      id: 1,
      username: 'alice',
      quota: 60_000_000,
      access_tokens: [{ token: 'mcp-fake-token-alice' }],
      keys: [
        { id: 1, key: full(1), name: 'primary', remain_quota: 5_000_000, group: 'vip', created_time: NOW_S - 100 },
        { id: 2, key: full(2), name: 'backup', remain_quota: 2_000_000, group: '', created_time: NOW_S - 90 },
        {
          id: 3,
          key: full(3),
          name: 'ends-soon',
          remain_quota: 1_000_000,
          group: '',
          created_time: NOW_S - 80,
          expired_time: NOW_S + 2 * 86_400,
        },
      ],
    },
    {
      id: 3,
      username: 'carol',
      quota: 15_000_000,
      access_tokens: [{ token: 'mcp-fake-token-carol' }],
      keys: [{ id: 301, key: full(301), name: 'carol-key', remain_quota: 1_000_000, created_time: NOW_S - 70 }],
    },
  ],
};

let gw: Gateway;
let dir: string;
let app: App | null = null;
let alice: AccountView;
let carol: AccountView;
/** Everything any tool answered, text and structured: the canary sweep reads it all. */
const answered: string[] = [];

type ToolAnswer = { text: string; structured: Record<string, unknown>; isError: boolean };

async function withClient<T>(
  use: (call: (name: string, args?: Record<string, unknown>) => Promise<ToolAnswer>, client: Client) => Promise<T>,
): Promise<T> {
  const transport = new StdioClientTransport({
    command: join(root, 'node_modules', '.bin', 'tsx'),
    args: [join(root, 'src-main', 'mcp.ts'), '--lang', 'en-US'],
    cwd: root,
    env: { ...(process.env as Record<string, string>), KEYDESK_DATA_DIR: dir },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'keydesk-test-agent', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> => {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as { type: string; text: string }[];
    const answer = {
      text: content.map((c) => c.text).join('\n'),
      structured: (result.structuredContent ?? {}) as Record<string, unknown>,
      isError: result.isError === true,
    };
    answered.push(answer.text, JSON.stringify(answer.structured));
    return answer;
  };
  try {
    return await use(call, client);
  } finally {
    await client.close();
  }
}

async function dispatch<C extends InvokeChannel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>> {
  if (app === null) throw new Error('Keydesk is not running');
  return routerCalls(app.router).value(channel, args);
}

const fullKeys = (): string[] => [...gw.state.keys.values()].map((k) => k.key);

beforeAll(async () => {
  gw = await startGateway({ seed: SEED, profile: 'new-api', clock: { now: NOW_S, frozen: false } });
  dir = await mkdtemp(join(tmpdir(), 'keydesk-mcp-'));
  app = await testApp(dir, {
    spendScheduler: { minSpacingMs: 600, cacheTtlMs: 300, backoffBaseMs: 600, staggerMs: 100 },
  });
  for (const [label, token] of [
    ['Alice', 'mcp-fake-token-alice'],
    ['Carol', 'mcp-fake-token-carol'],
  ] as const) {
    await dispatch('accounts:add', {
      label,
      baseUrl: gw.base_url,
      apiUrl: gw.api_url,
      credential: { kind: 'access_token', accessToken: token },
    });
  }
  await dispatch('quota:refresh', {});
  const accounts = (await dispatch('accounts:list', undefined)).accounts;
  alice = accounts.find((a) => a.label === 'Alice') as AccountView;
  carol = accounts.find((a) => a.label === 'Carol') as AccountView;
}, 60_000);

afterAll(async () => {
  await app?.dispose();
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});

describe('keydesk mcp with Keydesk running', () => {
  it('lists its tools, each with an object input schema', async () => {
    await withClient(async (_call, client) => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        'disable_key',
        'find_key_for_model',
        'get_balances',
        'get_spend_today',
        'list_expiring',
        'list_keys',
        'list_runaway_alerts',
        'reveal_key',
      ]);
      for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
      expect(tools.find((t) => t.name === 'reveal_key')?.description).toMatch(/Off by default/);
    });
  });

  it('answers balances, keys and the model search as the app has them, saying they are live', async () => {
    await withClient(async (call) => {
      const balances = await call('get_balances');
      expect(balances.text.split('\n')[0]).toBe('From the running Keydesk.');
      const aliceBalance = formatQuotaMoney({ kind: 'limited', units: 60_000_000 }, 'en-US', alice.money);
      expect(balances.text).toContain(`- Alice: ${aliceBalance} · OK`);
      expect(balances.structured).toMatchObject({
        source: 'keydesk',
        accounts: [
          { label: 'Alice', remainingUnits: 60_000_000, balance: aliceBalance },
          { label: 'Carol', remainingUnits: 15_000_000 },
        ],
        total: { counted: 2 },
      });

      const keys = await call('list_keys', { account: 'alice' });
      expect(keys.isError).toBe(false);
      expect(keys.structured).toMatchObject({ source: 'keydesk', total: 3 });
      expect((keys.structured.keys as { name: string }[]).map((k) => k.name)).toEqual(
        expect.arrayContaining(['primary', 'backup', 'ends-soon']),
      );
      const narrowed = await call('list_keys', { search: 'PRIM' });
      expect((narrowed.structured.keys as { id: number }[]).map((k) => k.id)).toEqual([1]);

      // The watch feature's own search: same keys, same order (cheapest first by what the user pays).
      const own = await dispatch('watch:whoCanCall', { model: 'gpt-4o-mini' });
      const found = await call('find_key_for_model', { model: 'gpt-4o-mini' });
      const matches = found.structured.matches as { key: { accountId: string; id: number }; ratio: number }[];
      expect(matches.map((m) => `${m.key.accountId}/${String(m.key.id)}`)).toEqual(
        own.matches.map((m) => `${m.key.accountId}/${String(m.key.id)}`),
      );
      expect(matches[0]).toMatchObject({ key: { id: 1 }, ratio: 0.5 });
      const none = await call('find_key_for_model', { model: 'gpt-4o-min' });
      expect(none.text).toContain('No key of a signed-in account can call gpt-4o-min.');
      expect(none.text).toContain('Models with a similar name: gpt-4o-mini');
    });
  });

  it('answers today’s spend per key, open runaway alerts and what expires soon', async () => {
    await dispatch('spend:setTracking', { accountId: alice.id, isTracking: true });
    // A cap below what the key is about to spend: the pass after the spend raises a runaway alert.
    await dispatch('spend:setDailyCap', { accountId: alice.id, keyId: 1, capUnits: 100_000 });
    const history = () => dispatch('spend:keyHistory', { accountId: alice.id, keyId: 1 });
    await vi.waitFor(async () => expect((await history()).reads.length).toBeGreaterThan(0), {
      timeout: 20_000,
      interval: 100,
    });
    const before = (await history()).reads.at(-1)?.[1] ?? 0;
    await fetch(`${gw.admin_url}/keys/1/spend`, { method: 'POST', body: JSON.stringify({ units: SPENT }) });
    await vi.waitFor(async () => expect((await history()).reads.at(-1)?.[1]).toBe(before + SPENT), {
      timeout: 20_000,
      interval: 100,
    });
    await vi.waitFor(
      async () => expect((await dispatch('alerts:list', undefined)).some((a) => a.kind === 'runaway')).toBe(true),
      { timeout: 20_000, interval: 100 },
    );
    await withClient(async (call) => {
      const spend = await call('get_spend_today', { account: 'Alice' });
      const primary = (spend.structured.keys as { keyId: number; todayUnits: number | null }[]).find(
        (k) => k.keyId === 1,
      );
      expect(primary?.todayUnits).toBe(SPENT);
      expect(spend.text).toContain(
        `“primary”: ${formatQuotaMoney({ kind: 'limited', units: SPENT }, 'en-US', alice.money)}`,
      );
      const everyone = await call('get_spend_today');
      expect(everyone.structured.untrackedAccountIds).toEqual([carol.id]);

      const runaway = await call('list_runaway_alerts');
      expect(runaway.structured).toMatchObject({
        source: 'keydesk',
        total: 1,
        alerts: [{ keyId: 1, reason: 'daily_cap' }],
      });

      const expiring = await call('list_expiring');
      expect(expiring.structured).toMatchObject({ withinDays: 7, items: [{ kind: 'key', name: 'ends-soon' }] });
    });
  }, 60_000);

  it('refuses both abilities while off, with the reason; once on, hands over and disables, each recorded', async () => {
    await withClient(async (call) => {
      const refused = await call('reveal_key', { account: 'Alice', key_id: 2 });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('handing full keys to agents is off for Alice');
      const notDisabled = await call('disable_key', { account: 'Alice', key_id: 2 });
      expect(notDisabled.text).toContain('letting agents disable keys is off for Alice');
      expect(gw.state.keys.get(2)?.status).toBe(1);
      const unknown = await call('reveal_key', { account: 'Nobody', key_id: 2 });
      expect(unknown.text).toContain('Keydesk has no account named “Nobody”');
      const invalid = await call('reveal_key', { account: 'Alice', key_id: -1 });
      expect(invalid.isError).toBe(true);

      await dispatch('agents:setAbility', { accountId: alice.id, ability: 'reveal', isOn: true });
      const handed = await call('reveal_key', { account: 'Alice', key_id: 2 });
      expect(handed.isError).toBe(false);
      expect(handed.structured.key).toBe(`sk-${full(2)}`);
      // On for Alice only: Carol's keys stay refused.
      const other = await call('reveal_key', { account: 'Carol', key_id: 301 });
      expect(other.text).toContain('off for Carol');

      await dispatch('agents:setAbility', { accountId: alice.id, ability: 'disable', isOn: true });
      const disabled = await call('disable_key', { account: alice.id, key_id: 2 });
      expect(disabled.text).toContain('Disabled Alice · “backup” (#2) on the site.');
      expect(gw.state.keys.get(2)?.status).toBe(2);
    });
    const agentAlerts = (await dispatch('alerts:list', undefined)).filter((a) => a.kind === 'agent');
    expect(agentAlerts).toEqual([
      expect.objectContaining({ action: 'disable', keyId: 2, keyName: 'backup', client: 'keydesk-test-agent' }),
      expect.objectContaining({ action: 'reveal', keyId: 2, keyName: 'backup', client: 'keydesk-test-agent' }),
    ]);
    await dispatch('agents:setAbility', { accountId: alice.id, ability: 'reveal', isOn: false });
  }, 60_000);

  it('never answers a full key but the one handed over where handing keys over was on (canary sweep)', () => {
    const handed = `sk-${full(2)}`;
    const everything = answered.join('\n');
    for (const key of fullKeys()) {
      const seen = everything.split(key).length - 1;
      // The one hand-off, in its text and its structured content: nothing else, and never another key.
      expect(seen, key).toBe(`sk-${key}` === handed ? 2 : 0);
    }
    expect(everything.replaceAll(handed, '')).not.toContain(CANARY);
  });
});

describe('keydesk mcp with Keydesk stopped', () => {
  it('answers from the caches what they hold, says so, and says what needs Keydesk running', async () => {
    const liveSpend = await dispatch('spend:keyHistory', {
      accountId: alice.id,
      keyId: 1,
    });
    expect(liveSpend.reads.length).toBeGreaterThan(1);
    // What the running app last knew is what the cache must answer.
    const known = await dispatch('quota:snapshot', undefined);
    const unitsOf = (id: string) => known.find((v) => v.accountId === id)?.remainingUnits;
    expect(unitsOf(alice.id)).toEqual(expect.any(Number));
    await app?.dispose();
    app = null;
    await withClient(async (call) => {
      const balances = await call('get_balances');
      expect(balances.text.split('\n')[0]).toBe(
        'From Keydesk’s cache: Keydesk is not running, so these are the values it last saw.',
      );
      expect(balances.structured).toMatchObject({
        source: 'cache',
        accounts: [
          { label: 'Alice', remainingUnits: unitsOf(alice.id), isStale: true },
          { label: 'Carol', remainingUnits: unitsOf(carol.id) },
        ],
      });
      const spend = await call('get_spend_today', { account: 'alice' });
      expect(spend.structured.source).toBe('cache');
      expect(
        (spend.structured.keys as { keyId: number; todayUnits: number }[]).find((k) => k.keyId === 1)?.todayUnits,
      ).toBe(SPENT);
      const runaway = await call('list_runaway_alerts');
      expect(runaway.structured).toMatchObject({ source: 'cache', alerts: [{ keyId: 1, reason: 'daily_cap' }] });
      const expiring = await call('list_expiring');
      expect(expiring.structured).toMatchObject({ source: 'cache', items: [{ kind: 'key', name: 'ends-soon' }] });

      for (const [tool, args] of [
        ['list_keys', {}],
        ['find_key_for_model', { model: 'gpt-4o' }],
        ['reveal_key', { account: 'Alice', key_id: 1 }],
        ['disable_key', { account: 'Alice', key_id: 1 }],
      ] as const) {
        const answer = await call(tool, args);
        expect(answer.isError, tool).toBe(true);
        expect(answer.text, tool).toMatch(/^Keydesk is not running: .* Start Keydesk and ask again\.$/);
      }
    });
    expect(answered.join('\n').replaceAll(`sk-${full(2)}`, '')).not.toContain(CANARY);
  }, 60_000);
});
