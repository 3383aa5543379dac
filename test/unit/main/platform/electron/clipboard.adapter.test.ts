// The desktop clipboard adapter on the Electron stand-in: a copied key goes with the markers each platform defines
// for "do not keep this" (macOS ConcealedType, Windows' history and cloud exclusions, KDE's password hint), in the
// same commit as the text (Electron's ClipboardItem); a platform that refuses those formats still gets the text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standIn } from '../../../../support/electron-stand-in';
import {
  concealMarkers,
  electronClipboard,
  osFormat,
} from '../../../../../src-main/platform/electron/clipboard.adapter';

vi.mock('electron', () => import('../../../../support/electron-stand-in'));

const KEY = 'sk-fakefakefakefakefakefake';

afterEach(() => {
  standIn.system.refuseRawFormats(false);
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
    const port = electronClipboard(platform);
    await port.writeText(KEY);
    const formats = standIn.system.clipboardFormats;
    expect(await port.readText()).toBe(KEY);
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

  it('on a platform that refuses the marker formats, keeps the text whole rather than lose the copy', async () => {
    standIn.system.refuseRawFormats(true);
    const port = electronClipboard('darwin');
    await port.writeText(KEY);
    expect(standIn.system.clipboardText).toBe(KEY);
    expect([...standIn.system.clipboardFormats.keys()]).toEqual(['text/plain']);
  });
});
