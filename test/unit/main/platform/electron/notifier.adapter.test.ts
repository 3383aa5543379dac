// Native notifications through Electron (the stand-in): a runaway key's notification carries Disable now as a
// button where Electron shows buttons (macOS), pressing it tells the action's id, and elsewhere no button is asked
// for (the click opens the account, whose alert centre has the button).
import { describe, expect, it, vi } from 'vitest';
import { standIn } from '../../../../support/electron-stand-in';
import { ElectronNotifier } from '../../../../../src-main/platform/electron/notifier.adapter';

vi.mock('electron', () => import('../../../../support/electron-stand-in'));

const runaway = {
  title: 'Key spending fast',
  body: 'Work · main: ¥24.00 in the last hour (usually ¥1.20)',
  accountId: 'acc-1',
  action: { id: 'disable:alert-1', text: 'Disable now' },
};

describe('ElectronNotifier', () => {
  it('shows Disable now as a button on macOS and tells its id when pressed; a click still opens the account', () => {
    const notifier = new ElectronNotifier('darwin');
    const pressed: string[] = [];
    const clicked: string[] = [];
    notifier.onAction((id) => pressed.push(id));
    notifier.onClick((id) => clicked.push(id));
    notifier.notify(runaway);
    const note = standIn.shell.notifications.at(-1);
    expect(note?.actions).toEqual([{ type: 'button', text: 'Disable now' }]);
    note?.pressAction(0);
    expect(pressed).toEqual(['disable:alert-1']);
    note?.click();
    expect(clicked).toEqual(['acc-1']);
  });

  it('asks for no button where Electron shows none (Linux, Windows)', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const notifier = new ElectronNotifier(platform);
      const pressed: string[] = [];
      notifier.onAction((id) => pressed.push(id));
      notifier.notify(runaway);
      const note = standIn.shell.notifications.at(-1);
      expect(note?.actions).toEqual([]);
      expect(() => note?.pressAction(0)).toThrow();
      expect(pressed).toEqual([]);
    }
  });
});
