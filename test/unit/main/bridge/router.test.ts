import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INVOKE_CHANNELS, ok } from '../../../../src-shared/contract';
import { Router, noArgs } from '../../../../src-main/bridge/router';
import { AppErrorException } from '../../../../src-main/errors';
import { settingsPatchSchema } from '../../../../src-main/features/settings/settings.schema';
import { DEFAULT_SETTINGS } from '../../../../src-main/features/settings/settings.service';
import { memoryLogger } from '../../../support/memory-logger';

const context = { transport: 'test' } as const;

describe('Router', () => {
  it('dispatches valid input to the handler and returns its Result', async () => {
    const router = new Router(memoryLogger().log).handle('settings:update', settingsPatchSchema, (patch) =>
      ok({ ...DEFAULT_SETTINGS, language: 'en-US', theme: patch.theme ?? 'system' }),
    );
    await expect(router.dispatch('settings:update', { theme: 'dark' }, context)).resolves.toEqual({
      ok: true,
      value: { ...DEFAULT_SETTINGS, language: 'en-US', theme: 'dark' },
    });
  });

  it('answers a typed validation error naming the field for bad input, without calling the handler', async () => {
    let called = false;
    const router = new Router(memoryLogger().log).handle('settings:update', settingsPatchSchema, () => {
      called = true;
      return ok(DEFAULT_SETTINGS);
    });
    const result = await router.dispatch('settings:update', { theme: 'purple' }, context);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('validation');
      expect(result.error.field).toBe('theme');
    }
    const extra = await router.dispatch('settings:update', { theme: 'dark', evil: 1 }, context);
    expect(extra.ok).toBe(false);
    expect(called).toBe(false);
  });

  it('refuses unknown channels and channels without a handler', async () => {
    const router = new Router(memoryLogger().log);
    const unknown = await router.dispatch('keys:steal', null, context);
    expect(!unknown.ok && unknown.error.code).toBe('validation');
    const missing = await router.dispatch('app:info', null, context);
    expect(!missing.ok && missing.error.code).toBe('unavailable');
    expect(router.missingChannels()).toEqual([...INVOKE_CHANNELS]);
  });

  it('turns an unexpected exception into internal, logged with secrets redacted, never thrown', async () => {
    const { log, lines } = memoryLogger();
    const router = new Router(log).handle('app:info', noArgs, () => {
      throw new Error('boom with Bearer demo-canary-token-123 and sk-demoCanaryKey0000000000');
    });
    const result = await router.dispatch('app:info', undefined, context);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'internal' }) as unknown });
    const logged = lines.join('\n');
    expect(logged).toContain('handler failed');
    expect(logged).not.toContain('demo-canary-token-123');
    expect(logged).not.toContain('demoCanaryKey');
    if (!result.ok) expect(JSON.stringify(result.error)).not.toContain('boom');
  });

  it('passes expected failures thrown as AppErrorException through as values', async () => {
    const router = new Router(memoryLogger().log).handle('app:info', noArgs, () => {
      throw new AppErrorException({ code: 'not_found', serverMessage: 'record not found' });
    });
    await expect(router.dispatch('app:info', null, context)).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', serverMessage: 'record not found' },
    });
  });

  it('refuses to register a channel twice', () => {
    const router = new Router(memoryLogger().log).handle('app:info', noArgs, () =>
      ok({ name: 'Keydesk', version: '0', mode: 'browser', platform: 'linux' }),
    );
    expect(() =>
      router.handle('app:info', noArgs, () => ok({ name: '', version: '', mode: 'browser', platform: '' })),
    ).toThrow(/twice/);
  });

  it('accepts undefined and null for channels without arguments and refuses anything else', () => {
    expect(noArgs.safeParse(undefined).success).toBe(true);
    expect(noArgs.safeParse(null).success).toBe(true);
    expect(noArgs.safeParse({}).success).toBe(false);
    expect(z.object({}).safeParse(null).success).toBe(false);
  });

  it('on quit refuses every new call, and drain waits for the calls already taken', async () => {
    let finish: () => void = () => undefined;
    const router = new Router(memoryLogger().log).handle(
      'settings:update',
      settingsPatchSchema,
      () =>
        new Promise((resolve) => {
          finish = () => {
            resolve(ok(DEFAULT_SETTINGS));
          };
        }),
    );
    const taken = router.dispatch('settings:update', { theme: 'dark' }, context);
    router.close();
    await expect(router.dispatch('settings:update', { theme: 'light' }, context)).resolves.toMatchObject({
      ok: false,
      error: { code: 'unavailable', reason: 'bridge.quitting' },
    });
    let isDrained = false;
    const draining = router.drain().then(() => {
      isDrained = true;
    });
    await Promise.resolve();
    expect(isDrained).toBe(false);
    finish();
    await draining;
    await expect(taken).resolves.toMatchObject({ ok: true });
  });
});
