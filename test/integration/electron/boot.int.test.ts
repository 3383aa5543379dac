// Boots the real Electron entry (src-main/index.ts) under Node with `electron` replaced by the typed stand-in, and
// drives it the way the renderer and the user would: IPC from our window's frame, clicks on the tray and on
// notifications, the close button, the save dialog. Proves every platform port reaches its Electron adapter and
// that the window, session and IPC hardening hold, without the Electron binary.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS, type AccountsSnapshot, type Result } from '../../../src-shared/contract';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../../src-main/security/csp';
import { EXPORT_STRINGS } from '../../../src-main/features/keys/export-strings';
import { startGateway, type Gateway } from '../../gateway/index';
import { BrowserWindow, ipcMain, powerMonitor, standIn } from '../../support/electron-stand-in';
import type { StandInBrowserWindow, StandInWebFrame } from '../../support/electron-stand-in/window';
import { ALICE_PASSWORD, ALICE_TOKEN, BOB_TOKEN, SEED, T0, keyValue } from '../gateway/setup';

vi.mock('electron', () => import('../../support/electron-stand-in'));
// The vault's OS keyring, in memory: a test never writes into the keychain of the machine running it.
vi.mock('@napi-rs/keyring', () => {
  const items = new Map<string, string>();
  class AsyncEntry {
    readonly #name: string;
    constructor(service: string, account: string) {
      this.#name = `${service}/${account}`;
    }
    getPassword(): Promise<string | null> {
      return Promise.resolve(items.get(this.#name) ?? null);
    }
    setPassword(value: string): Promise<void> {
      items.set(this.#name, value);
      return Promise.resolve();
    }
    deletePassword(): Promise<boolean> {
      return Promise.resolve(items.delete(this.#name));
    }
  }
  return { AsyncEntry };
});

/** Main's log lines (JSON on stderr), kept to check that no secret reaches them. */
const logged: string[] = [];
let gw: Gateway;
let dir: string;
let window: StandInBrowserWindow;
let appUrl: string;
let aliceId: string;
let bobId: string;

const ourFrame = () => ({
  webContents: window.webContents,
  frame: window.webContents.mainFrame as StandInWebFrame | null,
});

/** ipcRenderer.invoke from our window's main frame, exactly as the preload does it. */
async function call<T>(channel: string, args?: unknown, sender = ourFrame()): Promise<Result<T>> {
  return (await standIn.ipc.invoke(sender, channel, args)) as Result<T>;
}
async function value<T>(channel: string, args?: unknown): Promise<T> {
  const result = await call<T>(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Waits (up to 10 s on a loaded machine) for what the app does in the background: balances, alerts, quit. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

const tray = () => {
  const [only] = standIn.shell.trays;
  if (!only) throw new Error('no tray');
  return only;
};
const trayLabels = () => tray().contextMenu?.items.map((item) => item.label) ?? [];

beforeAll(async () => {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  });
  gw = await startGateway({ seed: SEED, clock: { now: T0, frozen: true } });
  dir = await mkdtemp(join(tmpdir(), 'keydesk-electron-'));
  process.env.KEYDESK_DATA_DIR = join(dir, 'data');
  delete process.env.ELECTRON_RENDERER_URL;
  await import('../../../src-main/index');
  expect(standIn.windows.created).toHaveLength(0); // nothing before 'ready'
  standIn.app.ready();
  await eventually(() => {
    expect(standIn.windows.created).toHaveLength(1);
    expect(standIn.windows.created[0]?.isVisible()).toBe(true);
  });
  window = standIn.windows.created[0] as StandInBrowserWindow;
  appUrl = window.webContents.getURL();
}, 30_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the Electron entry booted on the stand-in', () => {
  it('opens one hardened window on the built renderer, shown once ready, with every channel handled', () => {
    expect(appUrl).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
    expect(window.options.show).toBe(false); // shown at ready-to-show, not as a blank window
    const prefs = window.options.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(prefs?.preload).toMatch(/preload\/index\.cjs$/);
    expect(standIn.ipc.channels().sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect(standIn.app.state.loginItemCalls).toEqual([]); // launch-at-login is off and already was
    // Waking from sleep and unlocking the screen are quota refresh triggers, and make allowances look for a period
    // that started while the machine slept.
    expect(powerMonitor.listenerCount('resume')).toBe(2);
    expect(powerMonitor.listenerCount('unlock-screen')).toBe(2);
    // Every channel from a page goes through the router's sender check: nothing listens on ipcMain beside it (the
    // store library once did, answering any page's synchronous message with the data folder's path).
    expect(ipcMain.eventNames()).toEqual([]);
  });

  it('hardens the session: permissions refused, CSP on every response, navigation, webviews and pop-ups denied', async () => {
    const { defaultSession } = standIn.session;
    expect(await defaultSession.requestPermission(window.webContents, 'notifications')).toBe(false);
    expect(await defaultSession.requestPermission(window.webContents, 'media')).toBe(false);
    expect(defaultSession.checkPermission(window.webContents, 'clipboard-read')).toBe(false);
    const headers = await defaultSession.receiveHeaders(appUrl, { 'X-Kept': ['yes'] });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY_HEADER]);
    expect(headers['X-Kept']).toEqual(['yes']);

    expect(window.webContents.navigate('https://evil.example/')).toBe(false);
    expect(window.webContents.getURL()).toBe(appUrl);
    expect(window.webContents.attachWebview('https://evil.example/')).toBe(false);

    expect(window.webContents.windowOpen('https://evil.example/')).toEqual({ action: 'deny' });
    expect(window.webContents.windowOpen('https://docs.newapi.pro/guide')).toEqual({ action: 'deny' });
    await eventually(() => {
      expect(standIn.system.openedExternally).toEqual(['https://docs.newapi.pro/guide']);
    });
  });

  it('answers IPC from our main frame at our URL only: not a sub-frame, another URL or another window', async () => {
    const info = await value<{ mode: string; platform: string }>('app:info');
    expect(info).toMatchObject({ mode: 'electron', platform: process.platform });

    const subFrame = window.webContents.addSubFrame(appUrl);
    const fromSubFrame = await call('app:info', undefined, { webContents: window.webContents, frame: subFrame });
    expect(fromSubFrame).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const frame = window.webContents.mainFrame;
    frame.url = 'https://evil.example/index.html'; // the page went elsewhere (as if a navigation slipped through)
    const fromElsewhere = await call('app:info');
    frame.url = appUrl;
    expect(fromElsewhere).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const other = new BrowserWindow({ show: false });
    await other.loadURL(appUrl);
    const fromOther = await call('app:info', undefined, {
      webContents: other.webContents,
      frame: other.webContents.mainFrame,
    });
    other.destroy();
    expect(fromOther).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    expect(await call('app:info', undefined, { webContents: window.webContents, frame: null })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('signs in through the private gateway session with cookies left to Keydesk', async () => {
    const alice = await value<{ kind: string; account?: { id: string } }>('accounts:add', {
      label: 'Alice',
      baseUrl: gw.base_url,
      apiUrl: gw.api_url,
      credential: { kind: 'access_token', accessToken: ALICE_TOKEN },
      // ¥100 left, critical below ¥120: the first balance raises an alert.
      thresholds: { warnUnits: null, criticalUnits: 60_000_000 },
    });
    const bob = await value<{ kind: string; account?: { id: string } }>('accounts:add', {
      label: 'Bob',
      baseUrl: gw.base_url,
      apiUrl: gw.api_url,
      credential: { kind: 'access_token', accessToken: BOB_TOKEN },
    });
    aliceId = alice.account?.id ?? '';
    bobId = bob.account?.id ?? '';
    expect(aliceId).not.toBe('');
    expect(bobId).not.toBe('');

    const gateway = standIn.session.partitions.get('keydesk-gateway');
    expect(gateway?.options.cache).toBe(false);
    expect(gateway?.fetchCalls.length).toBeGreaterThan(0);
    expect(gateway?.fetchCalls.every((c) => c.init?.credentials === 'omit')).toBe(true);
    expect(gateway?.fetchCalls.some((c) => c.url.startsWith(gw.base_url))).toBe(true);
    // The vault sealed the credentials with safeStorage (the stand-in's Linux secret store), not in memory only,
    // through its asynchronous calls: the synchronous ones are deprecated in Electron 45 and gone in 46.
    expect(await value<{ backend: string }>('vault:status')).toMatchObject({ backend: 'safe-storage' });
    expect(standIn.system.safeStorage.deprecatedCalls).toEqual([]);

    // A link to an account's own console may now go to the system browser.
    window.webContents.windowOpen(`${gw.base_url}/console/token`);
    await eventually(() => {
      expect(standIn.system.openedExternally).toContain(`${gw.base_url}/console/token`);
    });
  });

  it('draws the tray from the balances: both accounts, the active one checked, the critical icon', async () => {
    await eventually(() => {
      expect(basename(tray().image.path)).toBe('tray-critical.png');
      expect(trayLabels().some((label) => label.includes('Alice') && label.includes('¥100'))).toBe(true);
      expect(trayLabels().some((label) => label.includes('Bob'))).toBe(true);
    });
    const items = tray().contextMenu?.items ?? [];
    const active = (await value<AccountsSnapshot>('accounts:list')).activeId;
    const activeItem = items.find((item) => item.type === 'checkbox' && item.checked);
    expect(activeItem?.label).toContain(active === aliceId ? 'Alice' : 'Bob');
    expect(tray().tooltip).toContain('Keydesk');
    // Every account's balance on its own line, not just the active one.
    const lines = tray().tooltip.split('\n');
    expect(lines.some((line) => line.startsWith('Alice') && line.includes('¥100'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Bob'))).toBe(true);
  });

  it('switches the active account from the tray and raises the window on it', async () => {
    window.hide();
    const before = (await value<AccountsSnapshot>('accounts:list')).activeId;
    const target = before === bobId ? 'Alice' : 'Bob';
    const targetId = before === bobId ? aliceId : bobId;
    const item = tray().contextMenu?.items.find((i) => i.type === 'checkbox' && i.label.includes(target));
    item?.click();
    expect((await value<AccountsSnapshot>('accounts:list')).activeId).toBe(targetId);
    expect(window.isVisible()).toBe(true);
    expect(window.isFocused()).toBe(true);
    await eventually(() => {
      const checked = tray().contextMenu?.items.filter((i) => i.type === 'checkbox' && i.checked) ?? [];
      expect(checked.map((i) => i.label.includes(target))).toEqual([true]);
    });
  });

  it('raises a native Notification for the alert; a click opens the window on that account', async () => {
    await eventually(() => {
      expect(standIn.shell.notifications.length).toBeGreaterThan(0);
    });
    const [note] = standIn.shell.notifications;
    expect(note?.body).toContain('Alice');
    await value('accounts:switch', { id: bobId });
    window.minimize();
    window.hide();
    note?.click();
    expect((await value<AccountsSnapshot>('accounts:list')).activeId).toBe(aliceId);
    expect(window.isVisible()).toBe(true);
    expect(window.isMinimized()).toBe(false);
    expect(window.isFocused()).toBe(true);
  });

  it('follows launch-at-login with the login item', async () => {
    await value('settings:update', { launchAtLogin: true });
    expect(standIn.app.state.loginItemCalls.at(-1)).toEqual({ openAtLogin: true });
    expect(standIn.app.state.openAtLogin).toBe(true);
    await value('settings:update', { launchAtLogin: false });
    expect(standIn.app.state.loginItemCalls.at(-1)).toEqual({ openAtLogin: false });
    expect(standIn.app.state.openAtLogin).toBe(false);
  });

  it('exports through the save dialog, parented to the window, into a 0600 file; a cancel writes nothing', async () => {
    const target = join(dir, 'picked-by-user.csv');
    standIn.system.answerNextSaveDialog(target);
    const saved = await value<{ path: string | null; count: number }>('keys:export', {
      accountId: aliceId,
      ids: [1],
      format: 'csv',
    });
    expect(saved).toMatchObject({ path: target, count: 1 });
    expect(standIn.system.saveDialogCalls.at(-1)?.parent).toBe(window);
    // Titled in the user's language (the boot's settings leave it at the system's, English here).
    expect(standIn.system.saveDialogCalls.at(-1)?.options.title).toBe(EXPORT_STRINGS['en-US'].dialogTitle);
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readFile(target, 'utf8')).toContain(keyValue(1));

    standIn.system.answerNextSaveDialog(null);
    const cancelled = await value<{ path: string | null }>('keys:export', {
      accountId: aliceId,
      ids: [1],
      format: 'json',
    });
    expect(cancelled.path).toBeNull();
    expect(standIn.system.saveDialogCalls).toHaveLength(2);
  });

  it('imports through the open dialog, parented to the window, the file read in main; a cancel answers null', async () => {
    const listed = await value<AccountsSnapshot>('accounts:list');
    const alice = listed.accounts.find((a) => a.id === aliceId);
    const file = join(dir, 'accounts-to-import.csv');
    await writeFile(
      file,
      `name,base_url,kind,credential,user_id\r\nAlice again,${gw.base_url},token,fake-token,${alice?.userId ?? ''}\r\nOdd,${gw.base_url},cookie,x,\r\n`,
    );
    standIn.system.answerNextOpenDialog(file);
    const preview = await value<{ previewId: string; counts: unknown } | null>('import:chooseFile');
    expect(preview?.counts).toEqual({ add: 0, duplicate: 1, refused: 1 });
    expect(standIn.system.openDialogCalls.at(-1)?.parent).toBe(window);
    expect(standIn.system.openDialogCalls.at(-1)?.options.title).toBe('Import accounts');
    await value('import:cancel', { previewId: preview?.previewId });

    standIn.system.answerNextOpenDialog(null);
    expect(await value('import:chooseFile')).toBeNull();
  });

  it('copies a key to the clipboard and clears it after the delay only if it is still ours', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const copied = await value<{ copied: number }>('keys:copy', { accountId: aliceId, ids: [1] });
      expect(copied.copied).toBe(1);
      expect(standIn.system.clipboardText).toContain(keyValue(1));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(standIn.system.clipboardText).toContain(keyValue(1));
      await vi.advanceTimersByTimeAsync(1_500);
      expect(standIn.system.clipboardText).toBe('');

      await value('keys:copy', { accountId: aliceId, ids: [1] });
      standIn.system.userCopies('the user copied this later');
      await vi.advanceTimersByTimeAsync(31_000);
      expect(standIn.system.clipboardText).toBe('the user copied this later');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps running in the tray when closed with close-to-tray on; quits on close when it is off', async () => {
    await value('settings:update', { closeToTray: true });
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    expect(standIn.app.state.hasQuit).toBe(false);

    // A key left on the clipboard is taken back on quit.
    await value('keys:copy', { accountId: aliceId, ids: [1] });
    expect(standIn.system.clipboardText).toContain(keyValue(1));
    await value('settings:update', { closeToTray: false });

    // An account is being added as the user quits: its credential is still being sealed by the OS (held here).
    const release = standIn.system.holdEncryption();
    const adding = call<{ account?: { id: string } }>('accounts:add', {
      label: 'Alice by password',
      baseUrl: gw.base_url,
      apiUrl: gw.api_url,
      credential: { kind: 'password', username: 'alice', password: ALICE_PASSWORD, remember: true },
    });
    await eventually(() => {
      expect(standIn.system.safeStorage.waitingEncryptions).toBe(1);
    });
    // What the process leaves behind, read at the moment it ends (the stand-in's quit ends the run).
    const left: { clipboard?: string; accounts?: string; vault?: string } = {};
    standIn.app.onExit(() => {
      left.clipboard = standIn.system.clipboardText;
      left.accounts = readFileSync(join(dir, 'data', 'accounts.json'), 'utf8');
      left.vault = readFileSync(join(dir, 'data', 'vault.json'), 'utf8');
    });

    window.close();
    expect(window.isDestroyed()).toBe(true);
    expect(standIn.app.state.hasExited).toBe(false); // held at will-quit while the shutdown runs
    release();
    await eventually(() => {
      expect(standIn.app.state.hasExited).toBe(true);
    });
    expect(standIn.app.state.exitCode).toBe(0);
    expect(left.clipboard).toBe('');
    // The add that was under way finished before the exit: the account and its sealed credential are both on disk.
    const added = await adding;
    expect(added.ok).toBe(true);
    const addedId = added.ok ? (added.value.account?.id ?? '') : '';
    expect(left.accounts).toContain(addedId);
    expect(Object.keys((JSON.parse(left.vault ?? '{}') as { entries: object }).entries)).toContain(addedId);
    expect(tray().isDestroyed()).toBe(true);
    expect(powerMonitor.listenerCount('resume')).toBe(0);
  });

  it('wrote no token or key to its log', () => {
    const log = logged.join('');
    expect(log).toContain('refused IPC from an untrusted sender'); // the log was captured
    expect(log).not.toContain(ALICE_TOKEN);
    expect(log).not.toContain(BOB_TOKEN);
    expect(log).not.toContain(keyValue(1));
  });
});
