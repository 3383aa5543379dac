// "Use this key in…" end to end in browser mode against the emulator: each target receives exactly what it reads —
// links checked by re-implementations of Cherry Studio's and CC Switch's own parsers, snippets saved to 0600 files
// and parsed as dotenv, a shell + curl, Python, TOML and JSON read them; the TypeScript snippet is run against the
// emulator. Browser mode's missing clipboard and link opener are said, not faked (links go to a recorder that
// serve.ts installs for tests only). After it all, the full key is nowhere in the page, Pinia or web storage.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startGateway, type Gateway } from '../gateway/index';
import { maskKey } from '../../src-main/features/handoff/targets';
import {
  parseCcSwitchLink,
  parseCherryStudioLink,
  parseCurl,
  parseDotenv,
  parseOpenAiPython,
  parseTomlSubset,
} from '../support/handoff-parsers';
import { expect, test } from './support/fixtures';
import { startKeydesk, type KeydeskProcess } from './support/keydesk-process';
import { KeysPage } from './pages/keys.page';

const ROOT = join(import.meta.dirname, '..', '..');
let gw: Gateway;
test.beforeAll(async () => {
  gw = await startGateway();
});
test.afterAll(async () => {
  await gw.close();
});

test('a key sent to each target is what the target reads, and no full key stays in the renderer', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const linkLog = join(dataDir, 'links.log');
  let keydesk: KeydeskProcess | null = null;
  try {
    keydesk = await startKeydesk(dataDir, { env: { KEYDESK_TEST_LINK_LOG: linkLog } });
    const apiKey = `sk-${gw.state.keys.get(8)?.key ?? ''}`;
    expect(apiKey.length).toBeGreaterThan(20);
    const apiUrl = gw.api_url.replace(/\/+$/, '');

    const keys = new KeysPage(page);
    await page.goto(keydesk.url);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await keys.addAccount(keydesk.url, 'Alice', gw.base_url, gw.api_url, 'demo-access-token-alice');
    await page.goto(`${keydesk.origin}/#/keys`);
    await keys.search('vip-key');
    await keys.menu('vip-key', 'Use this key in…');
    const dialog = page.getByTestId('handoff-dialog');
    await expect(dialog).toBeVisible();

    const choose = async (label: string): Promise<void> => {
      await dialog.getByTestId('handoff-target').click();
      await page.locator('.n-base-select-option').getByText(label, { exact: true }).click();
      await expect(dialog.getByTestId('handoff-document').first()).toBeVisible();
    };
    const lastLink = async (count: number): Promise<string> => {
      await expect
        .poll(async () => (await readFile(linkLog, 'utf8').catch(() => '')).split('\n').length)
        .toBe(count + 1);
      return (await readFile(linkLog, 'utf8')).trim().split('\n')[count - 1] ?? '';
    };
    /** Saves document `index` and answers the file's text, checking it is readable by its owner only. */
    const saveDocument = async (index: number): Promise<string> => {
      await dialog.getByTestId('handoff-document').nth(index).getByTestId('handoff-save').click();
      const sent = dialog.getByTestId('handoff-sent');
      await expect(sent).toContainText('readable by you only');
      const path = /Saved to (.+), readable/.exec((await sent.textContent()) ?? '')?.[1] ?? '';
      expect(path.startsWith(join(dataDir, 'exports'))).toBe(true);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      return readFile(path, 'utf8');
    };

    // The preview shows the key masked and says this key can call Claude models (its group serves them).
    const masked = maskKey(apiKey);
    await expect(dialog.getByTestId('handoff-detail')).toContainText(masked);
    await expect(dialog.getByTestId('handoff-claude')).toHaveAttribute('data-serves', 'true');
    // Browser mode: no clipboard in main, said as such.
    await expect(dialog.getByTestId('handoff-copy')).toHaveCount(0);

    // Cherry Studio: the provider it imports, as its protocol handler decodes the link.
    await dialog.getByTestId('handoff-open').click();
    await expect(dialog.getByTestId('handoff-sent')).toBeVisible();
    const cherry = parseCherryStudioLink(await lastLink(1));
    expect(cherry).toMatchObject({ apiKey, baseUrl: `${apiUrl}/v1`, type: 'openai', name: 'Alice' });

    await choose('CC Switch · Claude Code');
    await dialog.getByTestId('handoff-open').click();
    const claude = parseCcSwitchLink(await lastLink(2));
    expect(claude.settings).toEqual({
      env: { ANTHROPIC_AUTH_TOKEN: apiKey, ANTHROPIC_BASE_URL: apiUrl, ANTHROPIC_MODEL: 'claude-sonnet-4' },
    });
    await choose('CC Switch · Codex');
    await dialog.getByTestId('handoff-open').click();
    const codexLink = parseCcSwitchLink(await lastLink(3));
    expect(codexLink.settings).toMatchObject({ auth: { OPENAI_API_KEY: apiKey }, base_url: `${apiUrl}/v1` });

    // Snippets: no open or copy in browser mode (the dialog says why); a 0600 file each.
    await choose('.env file');
    await expect(dialog.getByTestId('handoff-open')).toHaveCount(0);
    await expect(dialog.getByTestId('handoff-desktop')).toContainText('desktop app');
    expect(parseDotenv(await saveDocument(0))).toEqual({
      OPENAI_API_KEY: apiKey,
      OPENAI_BASE_URL: `${apiUrl}/v1`,
      ANTHROPIC_AUTH_TOKEN: apiKey,
      ANTHROPIC_BASE_URL: apiUrl,
    });

    await choose('curl');
    const curl = parseCurl(await saveDocument(0));
    expect(curl.url).toBe(`${apiUrl}/v1/chat/completions`);
    expect(curl.headers.authorization).toBe(`Bearer ${apiKey}`);
    // The same request, sent as curl would send it, is answered by the gateway.
    const answer = await fetch(curl.url, { method: 'POST', headers: curl.headers, body: curl.body ?? '' });
    expect(answer.status).toBe(200);

    await choose('OpenAI SDK · Python');
    expect(parseOpenAiPython(await saveDocument(0))).toEqual({ apiKey, baseUrl: `${apiUrl}/v1`, model: 'gpt-4o-mini' });

    await choose('OpenAI SDK · TypeScript');
    const ts = await saveDocument(0);
    // Run as written with the real openai package: it must reach the emulator and print the model's answer.
    const script = join(ROOT, 'test', `.handoff-run-${process.pid}.mjs`);
    await writeFile(script, ts, { mode: 0o600 });
    try {
      // Asynchronously: the emulator answering it runs in this very process.
      const run = await promisify(execFile)(process.execPath, [script], { encoding: 'utf8', timeout: 30_000 });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim().length).toBeGreaterThan(0);
    } finally {
      await rm(script, { force: true });
    }

    await choose('Claude Code settings');
    const settings = JSON.parse(await saveDocument(0)) as { env: Record<string, string> };
    expect(settings.env).toEqual({
      ANTHROPIC_BASE_URL: apiUrl,
      ANTHROPIC_AUTH_TOKEN: apiKey,
      ANTHROPIC_MODEL: 'claude-sonnet-4',
    });

    await choose('Codex config');
    await expect(dialog.getByTestId('handoff-document')).toHaveCount(2);
    const toml = parseTomlSubset(await saveDocument(0));
    const provider = (toml.model_providers as Record<string, Record<string, unknown>>)[toml.model_provider as string];
    expect(provider).toMatchObject({ base_url: `${apiUrl}/v1`, wire_api: 'responses', requires_openai_auth: true });
    expect(JSON.parse(await saveDocument(1))).toEqual({ OPENAI_API_KEY: apiKey });

    // Nowhere in the renderer: the DOM, every Pinia store's state, localStorage and sessionStorage.
    const body = apiKey.slice(3);
    const seen = await page.evaluate(`(() => {
      const app = document.querySelector('#app').__vue_app__;
      const pinia = app.config.globalProperties.$pinia;
      const storage = (s) => Array.from({ length: s.length }, (_, i) => s.key(i) + '=' + s.getItem(s.key(i))).join('\\n');
      return {
        dom: document.documentElement.outerHTML,
        hasPinia: pinia !== undefined,
        pinia: JSON.stringify(pinia.state.value),
        local: storage(localStorage),
        session: storage(sessionStorage),
      };
    })()`);
    const found = seen as { dom: string; hasPinia: boolean; pinia: string; local: string; session: string };
    expect(found.hasPinia).toBe(true);
    expect(found.pinia).toContain('handoff');
    expect(found.pinia).toContain(masked);
    for (const where of [found.dom, found.pinia, found.local, found.session]) expect(where).not.toContain(body);
  } finally {
    await keydesk?.stop();
  }
});
