// The desktop's open dialog (Electron's, here the stand-in) behind import and restore: parented to the window and
// titled in the user's language; a cancel answers cancelled, a file over the limit is refused before it is read,
// and a chosen file comes back with its name and exact bytes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow } from 'electron';
import { standIn } from '../../../../support/electron-stand-in';
import { electronOpenFile } from '../../../../../src-main/platform/electron/clipboard.adapter';

vi.mock('electron', () => import('../../../../support/electron-stand-in'));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-open-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('electronOpenFile', () => {
  it('asks over the window, answers null on cancel, refuses a large file and reads a chosen one', async () => {
    const window = new BrowserWindow({ show: false });
    const picker = electronOpenFile(() => window);

    standIn.system.answerNextOpenDialog(null);
    expect(await picker.choose('选择 Keydesk 备份文件', ['keydesk'], 1024)).toEqual({ status: 'cancelled' });
    expect(standIn.system.openDialogCalls.at(-1)?.parent).toBe(window);
    expect(standIn.system.openDialogCalls.at(-1)?.options.title).toBe('选择 Keydesk 备份文件');
    expect(standIn.system.openDialogCalls.at(-1)?.options.filters?.[0]?.extensions).toEqual(['keydesk']);

    const big = join(dir, 'big.keydesk');
    await writeFile(big, Buffer.alloc(2048));
    standIn.system.answerNextOpenDialog(big);
    expect(await picker.choose('title', ['keydesk'], 1024)).toEqual({ status: 'too_large' });

    const small = join(dir, 'mine.keydesk');
    await writeFile(small, Buffer.from([0, 1, 2, 255]));
    standIn.system.answerNextOpenDialog(small);
    expect(await picker.choose('title', ['keydesk'], 1024)).toEqual({
      status: 'read',
      name: 'mine.keydesk',
      bytes: new Uint8Array([0, 1, 2, 255]),
    });
  });
});
