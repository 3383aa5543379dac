import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../../../../src-main/event-bus';
import { settingsSchema } from '../../../../../src-main/features/settings/settings.schema';
import { DEFAULT_SETTINGS, SettingsService } from '../../../../../src-main/features/settings/settings.service';
import { ConfigStore } from '../../../../../src-main/vault/config.store';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (onCorrupt?: (keptAt: string) => void) =>
  new ConfigStore({
    now: Date.now,
    engine: atomicFileEngine(),
    dataDir: dir,
    name: 'settings',
    schema: settingsSchema,
    defaults: DEFAULT_SETTINGS,
    onCorrupt,
  });

describe('SettingsService', () => {
  it('starts from defaults, persists updates across restarts and emits settings:changed', () => {
    const events = new EventBus();
    const seen: unknown[] = [];
    events.subscribe((event, payload) => seen.push([event, payload]));
    const service = new SettingsService(open(), events);
    expect(service.get()).toEqual({ ...DEFAULT_SETTINGS, language: null, theme: 'system' });
    expect(service.update({ language: 'zh-CN' })).toEqual({ ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'system' });
    service.update({ theme: 'dark' });
    expect(seen).toEqual([
      ['settings:changed', { ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'system' }],
      ['settings:changed', { ...DEFAULT_SETTINGS, language: 'zh-CN', theme: 'dark' }],
    ]);
    expect(new SettingsService(open(), new EventBus()).get()).toEqual({
      ...DEFAULT_SETTINGS,
      language: 'zh-CN',
      theme: 'dark',
    });
  });

  it('writes the file with mode 0600', async () => {
    new SettingsService(open(), new EventBus()).update({ theme: 'light' });
    const info = await stat(join(dir, 'settings.json'));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('keeps a corrupt file aside, reports it and starts from defaults', async () => {
    await writeFile(join(dir, 'settings.json'), '{"theme": "dark", trunc');
    const kept: string[] = [];
    const service = new SettingsService(
      open((path) => kept.push(path)),
      new EventBus(),
    );
    expect(service.get()).toEqual(DEFAULT_SETTINGS);
    expect(kept).toHaveLength(1);
    expect(await readFile(kept[0] ?? '', 'utf8')).toBe('{"theme": "dark", trunc');
    expect((await readdir(dir)).some((name) => name.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('falls back per field for a value it does not know (a newer version wrote it)', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ language: 'fr-FR', theme: 'dark' }));
    expect(new SettingsService(open(), new EventBus()).get()).toEqual({
      ...DEFAULT_SETTINGS,
      language: null,
      theme: 'dark',
    });
  });
});
