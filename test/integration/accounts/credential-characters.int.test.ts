// Credentials with NUL, other control characters or lone surrogates are refused at the bridge as `validation`,
// naming the field, and a request fetch refuses to build is not reported as the gateway being unreachable.
import { systemClock } from '../../../src-main/platform/system-clock';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app';
import { GatewayError } from '../../../src-main/gateway/errors';
import { HttpTransport } from '../../../src-main/gateway/http';
import { memoryLogger } from '../../support/memory-logger';
import { testPlatform } from '../../support/test-platform';

let dir: string;
let app: App;
let fetched = 0;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-cred-'));
  fetched = 0;
  app = await createApp({
    mode: 'browser',
    dataDir: join(dir, 'data'),
    version: '9.9.9',
    log: memoryLogger().log,
    platform: testPlatform(join(dir, 'data'), {
      fetch: (url, init) => {
        fetched++;
        return fetch(url, init);
      },
    }),
  });
});

afterEach(async () => {
  await app.dispose();
  await rm(dir, { recursive: true, force: true });
});

const draft = (credential: Record<string, unknown>) => ({
  label: 'x',
  baseUrl: 'http://127.0.0.1:1',
  apiUrl: '',
  credential,
});

describe('credential characters', () => {
  const bad = ['pass\u0000word', 'line\nbreak', 'esc\u001b[0m', 'lone\ud800', 'tail\udc00', 'del\u007f'];

  it.each(bad)('refuses %j in a password, a token, a key and a username as validation', async (text) => {
    const cases = [
      [{ kind: 'password', username: 'alice', password: text, remember: false }, 'credential.password'],
      [{ kind: 'password', username: text, password: 'fake-pass', remember: false }, 'credential.username'],
      [{ kind: 'access_token', accessToken: text }, 'credential.accessToken'],
      [{ kind: 'api_key', apiKey: text }, 'credential.apiKey'],
    ] as const;
    for (const [credential, field] of cases) {
      const result = await app.router.dispatch('accounts:test', draft(credential), { transport: 'test' });
      expect(result).toMatchObject({ ok: false, error: { code: 'validation', field } });
    }
    expect(fetched).toBe(0);
  });

  it('keeps accepting ordinary and non-ASCII credentials', async () => {
    const result = await app.router.dispatch(
      'accounts:test',
      draft({ kind: 'password', username: '用户', password: 'pässwörd 😀', remember: false }),
      { transport: 'test' },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } }); // port 1: nothing listens
  });

  it('reports a request fetch refuses to build as validation, not as an unreachable gateway', async () => {
    const transport = new HttpTransport({
      fetch: (u, i) => fetch(u, i),
      logger: memoryLogger().log,
      clock: systemClock,
      maxRetries: 0,
    });
    for (const value of ['Bearer fake\u0000token', 'Bearer fake\ud800token']) {
      const error = await transport
        .send({ method: 'GET', url: 'http://127.0.0.1:1/api/user/self', headers: { Authorization: value } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ code: 'validation' });
    }
  });
});
