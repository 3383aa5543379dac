// Browser mode opens "Use this key in…" deep links with the system's handler, as the desktop app does: the real
// platform's opener is run (a stand-in xdg-open on PATH records what it was given), the link reaches it as one
// argument with nothing interpreted, and an opener that finds no app for the scheme is said as such.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodePlatform } from '../../../../../src-main/platform/node/node.platform';
import { systemExternalLinks } from '../../../../../src-main/platform/node/external-link.adapter';
import { NoAppForLinkError } from '../../../../../src-main/platform/ports';

let dir: string;
let savedPath: string | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-links-'));
  savedPath = process.env.PATH;
  // xdg-open as a script: it writes each argument on its own line, and exits as the test says (3: no app found).
  const script = `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${join(dir, 'opened')}"; done\nexit "\${FAKE_OPENER_EXIT:-0}"\n`;
  await writeFile(join(dir, 'xdg-open'), script);
  await chmod(join(dir, 'xdg-open'), 0o755);
  process.env.PATH = `${dir}:${savedPath ?? ''}`;
});
afterEach(async () => {
  process.env.PATH = savedPath;
  delete process.env.FAKE_OPENER_EXIT;
  await rm(dir, { recursive: true, force: true });
});

const LINK = 'ccswitch://v1/import?resource=provider&app=claude&name=My%20site&apiKey=sk-test-not-real;echo%20$HOME';

describe.runIf(process.platform === 'linux')('browser mode’s link opener', () => {
  it('is there, and hands the link to the system’s opener as one argument, uninterpreted', async () => {
    const links = nodePlatform(dir).externalLinks;
    expect(links.isAvailable).toBe(true);
    await links.open(LINK);
    expect(await readFile(join(dir, 'opened'), 'utf8')).toBe(`${LINK}\n`);
  });

  it('says so when the system has no app for the scheme', async () => {
    process.env.FAKE_OPENER_EXIT = '3';
    const refusal = systemExternalLinks('linux').open(LINK);
    await expect(refusal).rejects.toBeInstanceOf(NoAppForLinkError);
    await expect(refusal.catch((error: unknown) => (error as NoAppForLinkError).toAppError())).resolves.toEqual({
      code: 'unavailable',
      reason: 'handoff.no_app',
      params: { scheme: new URL(LINK).protocol },
    });
  });
});
