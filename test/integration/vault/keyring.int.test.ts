// The OS keyring against a real Secret Service: gnome-keyring under its own dbus-run-session with a throwaway
// HOME, so the test touches no user keyring. Skips (saying why) where dbus-run-session or gnome-keyring is missing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);
if (missing.length > 0) {
  console.log(
    `keyring integration test skipped: ${missing.join(', ')} not installed (apt-get install gnome-keyring dbus)`,
  );
}

describe.skipIf(missing.length > 0)('OS keyring via Secret Service (gnome-keyring)', () => {
  it(
    'keeps the data key, round-trips secrets, and locks (not loses) entries when the key goes',
    { timeout: 60_000 },
    () => {
      const home = mkdtempSync(join(tmpdir(), 'keydesk-keyring-home-'));
      try {
        const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
        const script = join(import.meta.dirname, 'keyring-roundtrip.script.ts');
        const inner = `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "${tsx}" "${script}"`;
        const { DBUS_SESSION_BUS_ADDRESS: _bus, ...env } = process.env;
        const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], {
          cwd: ROOT,
          env: { ...env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') },
          encoding: 'utf8',
          timeout: 55_000,
        });
        const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
        expect(line, `script output:\n${run.stdout}\n${run.stderr}`).toBeDefined();
        expect(JSON.parse(line ?? '{}')).toEqual({
          keyBytes: 32,
          cipherRoundTrip: 'round trip ✓ 雪',
          backend: 'keyring',
          read: { status: 'ok', secrets: { password: 'pässwörd-🔑-über', accessToken: 'nap_realkeyringtoken' } },
          deleted: true,
          lockedStatus: 'locked',
          unchanged: true,
        });
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
});
