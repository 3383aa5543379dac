// The tray says the number, through the typed Electron stand-in: the real tray controller and Electron adapter draw
// the balances a monitor holds. On macOS (the stand-in's Tray with setTitle, as Electron has it there) the text beside
// the icon is the total, or the active account's balance, or nothing, following the setting as it changes; elsewhere
// Electron has no setTitle and none is asked for. Everywhere the tooltip lists each account and the lowest days left.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BalanceView, TrayTitle } from '../../../src-shared/contract';
import { SPEC_MONEY } from '../../../src-shared/units';
import { ElectronTrayAdapter } from '../../../src-main/platform/electron/tray.adapter';
import { TrayController } from '../../../src-main/features/quota/tray.controller';
import type { QuotaMonitor } from '../../../src-main/features/quota/quota.monitor';
import { standIn } from '../../support/electron-stand-in';

vi.mock('electron', () => import('../../support/electron-stand-in'));

const ICONS = join(import.meta.dirname, '..', '..', '..', 'resources', 'tray');

const view = (accountId: string, units: number | null, daysLeft: number | null): BalanceView => ({
  accountId,
  remainingUnits: units,
  usedUnits: 0,
  isUnlimited: false,
  softLimitUnits: null,
  hardLimitUnits: null,
  fetchedAt: 1,
  isStale: false,
  level: 'ok',
  error: null,
  daysLeft,
});

/** A tray controller on the real adapter, over balances this test sets; `title` is the setting. */
function drawn(balances: BalanceView[]) {
  let title: TrayTitle = 'total';
  let listener: () => void = () => undefined;
  const monitor = {
    snapshot: () => balances,
    onUpdate: (l: () => void) => {
      listener = l;
      return () => undefined;
    },
    trigger: () => undefined,
    refresh: () => Promise.resolve([]),
  } as unknown as QuotaMonitor;
  const controller = new TrayController({
    port: new ElectronTrayAdapter(ICONS),
    monitor,
    accounts: () => [
      { id: 'w', label: 'Work', units: SPEC_MONEY },
      { id: 'h', label: 'Home', units: SPEC_MONEY },
    ],
    activeId: () => 'h',
    language: () => 'en-US',
    title: () => title,
    switchAccount: () => undefined,
    openWindow: () => undefined,
    quit: () => undefined,
  });
  controller.start();
  const tray = standIn.shell.trays.at(-1);
  if (!tray) throw new Error('no tray');
  return {
    tray,
    controller,
    setTitle: (next: TrayTitle) => {
      title = next;
      controller.render();
    },
    update: (next: BalanceView[]) => {
      balances.splice(0, balances.length, ...next);
      listener();
    },
  };
}

afterEach(() => {
  standIn.shell.setTrayPlatform(process.platform);
});

describe('the tray on the Electron stand-in', () => {
  it('on macOS, says the total beside the icon, then the active balance or nothing as the setting changes', () => {
    standIn.shell.setTrayPlatform('darwin');
    const { tray, setTitle, update, controller } = drawn([view('w', 6_170_000, 20), view('h', 2_100_000, 5)]);
    expect(tray.title).toBe('¥16.54');
    setTitle('active');
    expect(tray.title).toBe('¥4.20');
    update([view('w', 6_170_000, 20), view('h', 1_000_000, 2.5)]);
    expect(tray.title).toBe('¥2.00');
    setTitle('none');
    expect(tray.title).toBe('');
    setTitle('total');
    update([view('w', 6_170_000, 20), view('h', null, null)]);
    // Home unknown: the total is a floor, never Home counted as zero.
    expect(tray.title).toBe('≥¥12.34');
    expect(tray.tooltip).toBe('Keydesk\nWork: ¥12.34\nHome: unknown\n≈ 20 days left (Work)');
    controller.dispose();
    expect(tray.isDestroyed()).toBe(true);
  });

  it('elsewhere, where Electron has no setTitle, asks for none, and the tooltip lists every balance', () => {
    standIn.shell.setTrayPlatform('linux');
    const { tray, controller } = drawn([view('w', 6_170_000, 20), view('h', 2_100_000, 5)]);
    expect(tray.setTitle).toBeUndefined();
    expect(tray.title).toBe('');
    expect(tray.tooltip).toBe('Keydesk\nWork: ¥12.34\nHome: ¥4.20\n≈ 5 days left (Home)');
    expect(tray.tooltip.length).toBeLessThanOrEqual(127);
    controller.dispose();
  });
});
