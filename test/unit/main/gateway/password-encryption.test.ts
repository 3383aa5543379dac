// Password encryption at login: the site's key read before every login, RSA-OAEP (SHA-256) in standard base64 that
// the site's private key opens, a plain password where the site has no encryption, and no login where the key read
// failed for a reason that may pass.
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src-shared/contract';
import { GatewayError } from '../../../../src-main/gateway/errors';
import { HttpTransport } from '../../../../src-main/gateway/http';
import { ManagementClient } from '../../../../src-main/gateway/management.client';
import { encryptPassword } from '../../../../src-main/gateway/password-encryption';
import { FakeClock } from '../../../support/fake-clock';
import { NOW_SEC } from './arbitraries';
import { jsonResponse, okEnvelope, recordingLogger, settle, stubFetch, type Route } from './fakes';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const KEY_PATH = '/api/user/login/encryption-key';
const PASSWORD = 'fake-password-ü-密码';

const decrypt = (base64: string): string =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(base64, 'base64'),
  ).toString('utf8');

function setup(route: Route) {
  const clock = new FakeClock();
  clock.time = NOW_SEC * 1000;
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const client = new ManagementClient({
    transport: new HttpTransport({ fetch, clock, logger }),
    logger,
    clock,
    baseUrl: 'https://gw.example',
  });
  const run = <T>(p: Promise<Result<T>>) => settle(clock, p);
  return { fetch, client, run, logger };
}

const signedIn = (): Response =>
  okEnvelope({ access_token: 'tok-fake', access_expires_at: NOW_SEC + 900, user: { id: 3 } });
const loginBodies = (sent: { url: URL; body: unknown }[]) =>
  sent.filter((r) => r.url.pathname === '/api/user/login').map((r) => r.body as Record<string, unknown>);

describe('password encryption at login', () => {
  it('encrypts with the key the site hands out, read again before every login, and never sends the password', async () => {
    let kid = 0;
    const { client, fetch, run, logger } = setup((req) => {
      if (req.url.pathname === KEY_PATH) {
        kid++;
        return okEnvelope({ enabled: true, kid: `kid-${String(kid)}`, public_key: PEM });
      }
      return signedIn();
    });
    expect((await run(client.login('alice', PASSWORD))).ok).toBe(true);
    expect((await run(client.login('alice', PASSWORD))).ok).toBe(true);
    const bodies = loginBodies(fetch.sent);
    expect(bodies.map((b) => b.encryption_key_id)).toEqual(['kid-1', 'kid-2']);
    for (const body of bodies) {
      expect(Object.keys(body).sort()).toEqual(['encryption_key_id', 'password_encrypted', 'username']);
      expect(body.password_encrypted).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(decrypt(body.password_encrypted as string)).toBe(PASSWORD);
    }
    // The key read carries no credential, and nothing of the password reaches the log.
    expect(fetch.sent.filter((r) => r.url.pathname === KEY_PATH).map((r) => r.headers.authorization)).toEqual([
      undefined,
      undefined,
    ]);
    expect(JSON.stringify(logger.calls)).not.toContain(PASSWORD);
  });

  it('sends the password as before where encryption is off, and where the era has no such route', async () => {
    const answers: Record<string, () => Response> = {
      off: () => okEnvelope({ enabled: false }),
      'older new-api': () => jsonResponse({ error: { message: `Invalid URL (GET ${KEY_PATH})` } }, 404),
      spec: () => new Response('404 page not found', { status: 404 }),
      'a guarded route': () => jsonResponse({ success: false, message: 'unauthorized' }, 401),
      'a refusal in the envelope': () => jsonResponse({ success: false, message: '数据库出错，请联系管理员' }),
    };
    for (const [era, answer] of Object.entries(answers)) {
      const { client, fetch, run } = setup((req) => (req.url.pathname === KEY_PATH ? answer() : signedIn()));
      expect((await run(client.login('alice', PASSWORD))).ok, era).toBe(true);
      expect(loginBodies(fetch.sent), era).toEqual([{ username: 'alice', password: PASSWORD }]);
    }
  });

  it('does not sign in when the key read failed for a reason that may pass, nor with a key that is not RSA', async () => {
    const down = setup((req) => (req.url.pathname === KEY_PATH ? jsonResponse({ message: 'down' }, 503) : signedIn()));
    const failed = await down.run(down.client.login('alice', PASSWORD));
    expect(failed.ok ? null : failed.error.code).toBe('server');
    expect(loginBodies(down.fetch.sent)).toEqual([]);

    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
    const odd = setup((req) =>
      req.url.pathname === KEY_PATH ? okEnvelope({ enabled: true, kid: 'k', public_key: ec.toString() }) : signedIn(),
    );
    const refused = await odd.run(odd.client.login('alice', PASSWORD));
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'protocol', reason: 'protocol.shape' });
    expect(loginBodies(odd.fetch.sent)).toEqual([]);
  });

  it('refuses a password longer than the key can carry, without sending it', () => {
    expect(decrypt(encryptPassword('x'.repeat(190), PEM))).toHaveLength(190);
    const refused = (() => {
      try {
        return encryptPassword('x'.repeat(191), PEM);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).toAppError()).toMatchObject({ code: 'validation', reason: 'input.too_long' });
  });
});
