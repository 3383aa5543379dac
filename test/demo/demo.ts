// `npm run demo`: the gateway emulator with its demo seed, and Keydesk in browser mode on a fresh temporary data
// dir holding one account of each kind (alice by password, carol by system access token, one of alice's keys
// watched), so a newcomer sees everything working in one command. Ctrl-C stops both and deletes the data dir.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyringHome, keyringUnavailable, startKeydesk, type KeydeskProcess } from '../e2e/support/keydesk-process';
import { startGateway, type Gateway } from '../gateway';
import { launchCodeOf, openBridgeSession } from '../support/bridge-session';

interface Bridge {
  readonly origin: string;
  /** The demo's own session cookie (it spends the printed launch code; the browser gets a fresh one). */
  readonly cookie: string;
}

async function invoke(
  bridge: Bridge,
  channel: string,
  args: unknown,
  path = `/bridge/invoke/${channel}`,
): Promise<unknown> {
  const response = await fetch(`${bridge.origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: bridge.cookie,
      origin: bridge.origin,
    },
    body: JSON.stringify({ args }),
  });
  const result = (await response.json()) as {
    ok: boolean;
    value?: unknown;
    error?: { code: string; message?: string };
  };
  if (!result.ok) throw new Error(`${channel}: ${result.error?.code ?? '?'} ${result.error?.message ?? ''}`);
  return result.value;
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined); // no default browser: the printed URL is enough
  child.unref();
}

async function main(): Promise<void> {
  const gateway: Gateway = await startGateway();
  const dataDir = await mkdtemp(join(tmpdir(), 'keydesk-demo-'));
  const noKeyring = keyringUnavailable();
  let app: KeydeskProcess | null = null;

  let stopping = false;
  const stop = async (code: number): Promise<never> => {
    if (!stopping) {
      stopping = true;
      process.stdout.write('\nStopping Keydesk and the emulator…\n');
      await app?.stop().catch(() => undefined);
      await gateway.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
      await rm(keyringHome(dataDir), { recursive: true, force: true });
    }
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  try {
    // A private D-Bus session with gnome-keyring gives the vault the OS keyring, as on a desktop; without it the
    // vault keeps secrets in memory for the session, which is all a demo needs.
    app = await startKeydesk(dataDir, { keyring: noKeyring === null });
    const bridge: Bridge = { origin: app.origin, cookie: await openBridgeSession(app.origin, launchCodeOf(app.url)) };

    const keyResponse = await fetch(`${gateway.admin_url}/keys/1`);
    const { key } = (await keyResponse.json()) as { key: string };
    await invoke(bridge, 'accounts:add', {
      label: 'Alice (password)',
      baseUrl: gateway.base_url,
      apiUrl: gateway.api_url,
      credential: { kind: 'password', username: 'alice', password: 'demo-password-1', remember: true },
      // Below alice's ¥120 (60,000,000 units): a first run opens calm, with no alert already waiting.
      thresholds: { warnUnits: 25_000_000, criticalUnits: 10_000_000 },
    });
    await invoke(bridge, 'accounts:add', {
      label: 'Carol (access token)',
      baseUrl: gateway.base_url,
      apiUrl: gateway.api_url,
      credential: { kind: 'access_token', accessToken: 'demo-access-token-carol' },
    });
    await invoke(bridge, 'accounts:add', {
      label: 'Alice’s primary key',
      baseUrl: gateway.base_url,
      apiUrl: gateway.api_url,
      credential: { kind: 'api_key', apiKey: `sk-${key}` },
    });

    // The printed code is spent: ask for a fresh one-time URL for the browser.
    const { url: openUrl } = (await invoke(bridge, '', undefined, '/bridge/launch-code')) as { url: string };

    const rule = '─'.repeat(72);
    process.stdout.write(
      [
        '',
        rule,
        '  Keydesk demo is running (browser mode).',
        '',
        `  Open:  ${openUrl}  (opens once: it signs this browser in)`,
        '',
        '  Accounts: Alice (password, remembered) · Carol (system access token) · one watched API key',
        `  Emulator: base ${gateway.base_url} (use as Base URL) · api ${gateway.api_url} (API URL)`,
        `            admin ${gateway.admin_url} (the emulator's own control plane for tests and scripts, not a`,
        '            gateway: never add it as an account)',
        '',
        '  Demo sign-ins to try in Add account (Base URL above):',
        '    alice / demo-password-1   ·   bob / demo-password-2   ·   dave / demo-password-4 (disabled: refused)',
        '    system access tokens: demo-access-token-carol (admin), demo-access-token-bob-readonly (read-only)',
        `  Vault:    ${noKeyring === null ? 'OS keyring (private gnome-keyring session)' : `memory only — ${noKeyring}`}`,
        `  Data dir: ${dataDir} (deleted on exit)`,
        '',
        '  Press Ctrl-C to stop.',
        rule,
        '',
      ].join('\n'),
    );
    openBrowser(openUrl);
  } catch (error) {
    process.stderr.write(`Demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    if (app) process.stderr.write(app.output.join('\n'));
    await stop(1);
  }
}

await main();
