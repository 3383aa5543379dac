// The desktop clipboard adapter on the Electron stand-in: a copied key goes with the markers each platform defines
// for "do not keep this" (macOS ConcealedType, Windows' history and cloud exclusions, KDE's password hint), in the
// same commit as the text, where Electron can commit them together (its ClipboardItem API, Electron 44 on); on the
// Electron pinned here, which cannot, the text is never lost to a second write that would replace it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standIn } from '../../../support/electron-stand-in';
import { concealMarkers, electronClipboard, osFormat } from '../../../../src-main/platform/electron/clipboard.adapter';

vi.mock('electron', () => import('../../../support/electron-stand-in'));

const KEY = 'sk-fakefakefakefakefakefake';
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  standIn.system.offerClipboardItems(false);
  standIn.system.userCopies('');
});

describe('the desktop clipboard adapter', () => {
  it.each([
    ['darwin', { 'org.nspasteboard.ConcealedType': [] }],
    [
      'win32',
      {
        ExcludeClipboardContentFromMonitorProcessing: [1, 0, 0, 0],
        CanIncludeInClipboardHistory: [0, 0, 0, 0],
        CanUploadToCloudClipboard: [0, 0, 0, 0],
      },
    ],
    ['linux', { 'x-kde-passwordManagerHint': [...new TextEncoder().encode('secret')] }],
  ] as const)('marks a copied key concealed on %s, in one commit with the text', async (platform, markers) => {
    standIn.system.offerClipboardItems(true);
    const port = electronClipboard(platform);
    expect(port.isConcealing).toBe(true);
    port.writeText(KEY);
    await settled();
    const formats = standIn.system.clipboardFormats;
    expect(port.readText()).toBe(KEY);
    const expected = Object.fromEntries(Object.entries(markers).map(([f, bytes]) => [osFormat(f), [...bytes]]));
    const shown = Object.fromEntries(
      [...formats].filter(([type]) => type !== 'text/plain').map(([type, v]) => [type, [...(v as Uint8Array)]]),
    );
    expect(shown).toEqual(expected);
    expect(
      concealMarkers(platform)
        .map((m) => m.format)
        .sort(),
    ).toEqual(Object.keys(markers).sort());
  });

  it('on an Electron without ClipboardItem, keeps the text whole rather than lose it to a marker write', () => {
    const port = electronClipboard('darwin');
    expect(port.isConcealing).toBe(false);
    port.writeText(KEY);
    expect(standIn.system.clipboardText).toBe(KEY);
    expect([...standIn.system.clipboardFormats.keys()]).toEqual(['text/plain']);
  });
});
