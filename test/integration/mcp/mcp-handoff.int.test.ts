// An agent's full-key hand-off as the hand-off record keeps it: the SDK's own MCP client runs the real `keydesk mcp`
// against a Keydesk on the emulator's new-api profile; a reveal with the ability on writes one record naming the agent
// (cleaned and bounded, never the key), a repeated reveal moves its time, a refused one writes nothing, and a rotation
// plan of the key lists the agent's place.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, ArgsOf, InvokeChannel, ResultOf } from '../../../src-shared/contract';
import { hasControlCharacters } from '../../../src-shared/rules/text-rules';
import type { App } from '../../../src-main/app';
import { testApp } from '../../support/test-app';
import { startGateway, type Gateway, type SeedInput } from '../../gateway/index';
import { routerCalls } from '../../support/router-calls';

const root = join(import.meta.dirname, '..', '..', '..');
const FULL = `agentcanary${'q'.repeat(37)}`;
const NOW_S = Math.floor(Date.now() / 1000);

const SEED: SeedInput = {
  settings: { propagation_delay_s: 0 },
  groups: { default: { desc: 'default', ratio: 1, models: ['gpt-4o-mini'] } },
  models: [{ id: 'gpt-4o-mini', price: 1000 }],
  users: [
    {
      id: 1,
      username: 'alice',
      quota: 60_000_000,
      access_tokens: [{ token: 'mcp-fake-token-alice' }],
      keys: [{ id: 7, key: FULL, name: 'agent-key', remain_quota: 5_000_000, created_time: NOW_S - 100 }],
    },
  ],
};

let gw: Gateway;
let dir: string;
let app: App | null = null;
let alice: AccountView;

async function revealAs(name: string, version: string): Promise<{ isError: boolean }> {
  const transport = new StdioClientTransport({
    command: join(root, 'node_modules', '.bin', 'tsx'),
    args: [join(root, 'src-main', 'mcp.ts'), '--lang', 'en-US'],
    cwd: root,
    env: { ...(process.env as Record<string, string>), KEYDESK_DATA_DIR: dir },
    stderr: 'pipe',
  });
  const client = new Client({ name, version });
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'reveal_key', arguments: { account: 'Alice', key_id: 7 } });
    return { isError: result.isError === true };
  } finally {
    await client.close();
  }
}

async function dispatch<C extends InvokeChannel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>> {
  if (app === null) throw new Error('Keydesk is not running');
  return routerCalls(app.router).value(channel, args);
}

const records = () => dispatch('handoff:records', { accountId: alice.id, keyId: 7 });

beforeAll(async () => {
  gw = await startGateway({ seed: SEED, profile: 'new-api', clock: { now: NOW_S, frozen: false } });
  dir = await mkdtemp(join(tmpdir(), 'keydesk-mcp-handoff-'));
  app = await testApp(dir);
  await dispatch('accounts:add', {
    label: 'Alice',
    baseUrl: gw.base_url,
    apiUrl: gw.api_url,
    credential: { kind: 'access_token', accessToken: 'mcp-fake-token-alice' },
  });
  alice = (await dispatch('accounts:list', undefined)).accounts[0] as AccountView;
}, 60_000);

afterAll(async () => {
  await app?.dispose();
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});

describe('an agent handed a full key, in the hand-off record', () => {
  it('records the agent by name and version, once per agent, without the key; a rotation plan lists it', async () => {
    // Refused while the ability is off: nothing is written (the one record below comes from the allowed reads).
    expect((await revealAs('refused-agent', '1.0.0')).isError).toBe(true);
    expect(await records()).toEqual([]);
    await dispatch('agents:setAbility', { accountId: alice.id, ability: 'reveal', isOn: true });
    expect((await revealAs('fake-agent', '1.0.0')).isError).toBe(false);
    const first = await records();
    expect(first).toEqual([
      expect.objectContaining({ target: 'agent', via: 'reveal', place: 'fake-agent 1.0.0', path: null, keyId: 7 }),
    ]);
    expect((await revealAs('fake-agent', '1.0.0')).isError).toBe(false);
    const second = await records();
    expect(second).toHaveLength(1);
    expect(second[0]?.at).toBeGreaterThanOrEqual(first[0]?.at ?? Infinity);
    expect(second[0]?.id).toBe(first[0]?.id);
    expect(JSON.stringify(second)).not.toContain('agentcanary');

    const plan = await dispatch('rotation:plan', { accountId: alice.id, keyId: 7 });
    expect(plan.handoffs).toEqual([expect.objectContaining({ target: 'agent', place: 'fake-agent 1.0.0' })]);
  }, 60_000);

  it('cleans and bounds a hostile client name', async () => {
    const hostile = `evil\u001b[31m\u0007agent\u202e${'x'.repeat(200_000)}`;
    expect((await revealAs(hostile, '\r\n2.0')).isError).toBe(false);
    const place = (await records()).find((r) => r.place.startsWith('evil'))?.place ?? '';
    expect(place.startsWith('evil[31magent')).toBe(true);
    expect(place.length).toBeLessThanOrEqual(80);
    expect(hasControlCharacters(place)).toBe(false);
  }, 60_000);
});
