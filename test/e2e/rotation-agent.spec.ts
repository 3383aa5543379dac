// Rotating a key an agent read, end to end in browser mode on the emulator's new-api profile, in both languages: the
// SDK's own MCP client runs the real `keydesk mcp` against the running Keydesk and reads the key (the ability switched
// on); Rotate… lists the agent by its name, and once started the agent's step waits for the user, saying the agent
// holds the old key. Screenshots with KEYDESK_KEY_CARE_SHOTS=dir.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from '@playwright/test';
import { invokeBridge as invoke } from './support/bridge';
import { keyCareRun, started, startWithWork } from './support/key-care';
import { KeysPage } from './pages/keys.page';

const root = join(import.meta.dirname, '..', '..');
const SHOTS = process.env.KEYDESK_KEY_CARE_SHOTS;

const run = keyCareRun('rotation-agent');

const WORDS = {
  'en-US': { rotate: 'Rotate…', place: 'The agent “fake-agent 1.0.0” read this key', note: 'still holds the old key' },
  'zh-CN': { rotate: '轮换…', place: '智能体“fake-agent 1.0.0”读取过此密钥', note: '仍持有旧密钥' },
} as const;

/** The agent: the SDK's client starting the real `keydesk mcp` on this data folder, reading key 1 of "Work". */
async function agentReads(): Promise<void> {
  const transport = new StdioClientTransport({
    command: join(root, 'node_modules', '.bin', 'tsx'),
    args: [join(root, 'src-main', 'mcp.ts')],
    cwd: root,
    env: { ...(process.env as Record<string, string>), KEYDESK_DATA_DIR: run.dataDir },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'fake-agent', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'reveal_key', arguments: { account: 'Work', key_id: 1 } });
    expect(result.isError).not.toBe(true);
  } finally {
    await client.close();
  }
}

for (const look of [
  { language: 'en-US', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const) {
  test(`a rotation lists the agent that read the key and leaves its step to the user (${look.language})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const words = WORDS[look.language];
    const { accountId } = await startWithWork(page, run, look);
    expect((await invoke(page, 'agents:setAbility', { accountId, ability: 'reveal', isOn: true })).ok).toBe(true);
    await agentReads();

    await page.goto(`${started(run).origin}/#/keys`);
    await new KeysPage(page).menu('main', words.rotate);
    const dialog = page.getByTestId('rotate-dialog');
    await expect(dialog.getByTestId('rotation-place')).toHaveCount(1);
    await expect(dialog.getByTestId('rotation-place')).toContainText(words.place);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `rotate-agent-plan-${look.language}-${look.theme}.png`) });
    await dialog.getByTestId('rotation-start').click();
    const step = dialog.locator('[data-testid="rotation-step"][data-kind="handoff"]');
    await expect(step).toHaveAttribute('data-state', 'needs_you', { timeout: 15_000 });
    await expect(step).toContainText(words.note);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `rotate-agent-steps-${look.language}-${look.theme}.png`) });
  });
}
