// The handoff service with fake sources and sinks: the preview never carries the full key, a send hands the real
// text to the right sink, browser mode's missing clipboard and opener are refused before any key is read, and one
// reveal serves a preview and its sends (the site's reveal limit is small).
import { describe, expect, it } from 'vitest';
import { ok, type KeyView } from '../../../../../src-shared/contract';
import { ClipboardGuard } from '../../../../../src-main/features/keys/clipboard-guard';
import { HANDOFF_KEY_TTL_MS, HandoffService } from '../../../../../src-main/features/handoff/handoff.service';
import { NoAppForLinkError, type ClipboardPort } from '../../../../../src-main/platform/ports';
import { parseCherryStudioLink, parseDotenv } from '../../../../support/handoff-parsers';

const FULL = 'sk-Zq8RtYu1IoP2AsD3FgH4JkL5ZxC6VbN7MqW8ErT9';
const view: KeyView = {
  accountId: 'a1',
  id: 7,
  name: 'k',
  maskedKey: 'sk-Zq8R**********ErT9',
  status: 1,
  state: 'enabled',
  createdTime: null,
  accessedTime: null,
  expiredTime: -1,
  remainQuota: 1,
  usedQuota: 0,
  unlimitedQuota: false,
  group: 'vip',
  modelLimitsEnabled: false,
  modelLimits: [],
  allowIps: '',
};

function setup(options: { clipboard?: boolean; links?: boolean; noApp?: boolean } = {}) {
  let now = 1_000;
  const calls = { reveal: 0, models: 0 };
  const opened: string[] = [];
  const saved: { name: string; text: string }[] = [];
  let board = '';
  const port: ClipboardPort = {
    isAvailable: options.clipboard ?? true,
    readText: () => Promise.resolve(board),
    writeText: (t) => {
      board = t;
      return Promise.resolve();
    },
    clear: () => {
      board = '';
    },
  };
  const service = new HandoffService(
    {
      account: () => ({ label: 'Site', baseUrl: 'https://gw.example', apiUrl: 'https://api.example/' }),
      key: () => Promise.resolve(ok(view)),
      fullKey: () => {
        calls.reveal++;
        return Promise.resolve(ok(FULL));
      },
      models: () => {
        calls.models++;
        return Promise.resolve(ok(['gpt-4o-mini', 'claude-sonnet-4']));
      },
    },
    {
      clipboard: new ClipboardGuard(
        port,
        () => now,
        30_000,
        () => () => undefined,
      ),
      files: {
        save: (name, text) => {
          saved.push({ name, text: typeof text === 'string' ? text : new TextDecoder().decode(text) });
          return Promise.resolve(`/tmp/${name}`);
        },
      },
      links: {
        isAvailable: options.links ?? true,
        open: (url) => {
          if (options.noApp === true)
            return Promise.reject(new NoAppForLinkError('xdg-open exited with 3', new URL(url).protocol));
          opened.push(url);
          return Promise.resolve();
        },
      },
      fileDialogTitle: () => 'Save the key file',
    },
    undefined,
    () => now,
  );
  return { service, calls, opened, saved, board: () => board, tick: (ms: number) => (now += ms) };
}

describe('HandoffService', () => {
  it('previews with the key masked, then sends the real link to the opener', async () => {
    const { service, calls, opened } = setup();
    const preview = await service.preview('a1', 7, 'cherry-studio');
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(JSON.stringify(preview.value)).not.toContain(FULL.slice(3));
    expect(preview.value.maskedKey).toBe('sk-Zq8R…ErT9');
    expect(preview.value.servesClaude).toBe(true);
    expect(preview.value.vias).toEqual(['open', 'clipboard']);
    const sent = await service.send('a1', 7, 'cherry-studio', 0, 'open');
    expect(sent).toEqual(ok({ via: 'open', clearAt: null, path: null }));
    expect(parseCherryStudioLink(opened[0] ?? '')).toMatchObject({ apiKey: FULL, baseUrl: 'https://api.example/v1' });
    expect(calls).toEqual({ reveal: 1, models: 1 });
  });

  it('copies a snippet through the clipboard guard and saves one to the secret-file sink', async () => {
    const { service, saved, board } = setup();
    const copied = await service.send('a1', 7, 'env', 0, 'clipboard');
    expect(copied.ok && copied.value.clearAt).toBe(31_000);
    expect(parseDotenv(board()).ANTHROPIC_AUTH_TOKEN).toBe(FULL);
    const file = await service.send('a1', 7, 'codex', 1, 'file');
    expect(file).toEqual(ok({ via: 'file', clearAt: null, path: '/tmp/auth.json' }));
    expect(JSON.parse(saved[0]?.text ?? '')).toEqual({ OPENAI_API_KEY: FULL });
  });

  it('refuses what browser mode cannot do before reading any key, and never opens a snippet', async () => {
    const { service, calls } = setup({ clipboard: false, links: false });
    const preview = await service.preview('a1', 7, 'cherry-studio');
    expect(preview.ok && preview.value.vias).toEqual([]);
    const before = calls.reveal;
    expect(await service.send('a1', 7, 'env', 0, 'clipboard')).toMatchObject({ error: { code: 'unavailable' } });
    expect(await service.send('a1', 7, 'cherry-studio', 0, 'open')).toMatchObject({ error: { code: 'unavailable' } });
    expect(calls.reveal).toBe(before);
    const other = setup();
    expect(await other.service.send('a1', 7, 'curl', 0, 'open')).toMatchObject({ error: { code: 'validation' } });
    expect(other.opened).toEqual([]);
    expect(await other.service.send('a1', 7, 'curl', 3, 'file')).toMatchObject({ error: { code: 'validation' } });
  });

  it('says which scheme has no app when the system finds none for the link', async () => {
    const { service } = setup({ noApp: true });
    expect(await service.send('a1', 7, 'cc-switch-claude', 0, 'open')).toMatchObject({
      ok: false,
      error: { code: 'unavailable', reason: 'handoff.no_app', params: { scheme: 'ccswitch:' } },
    });
  });

  it('reads the key again once its few minutes are over, and forgets it on dispose', async () => {
    const { service, calls, tick } = setup();
    await service.preview('a1', 7, 'env');
    await service.preview('a1', 7, 'curl');
    expect(calls.reveal).toBe(1);
    tick(HANDOFF_KEY_TTL_MS);
    await service.preview('a1', 7, 'env');
    expect(calls.reveal).toBe(2);
    service.dispose();
    await service.preview('a1', 7, 'env');
    expect(calls.reveal).toBe(3);
  });
});
