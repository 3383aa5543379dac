import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/log/logger';
import { clearRegisteredSecrets, redact, redactString, registerSecret } from '../../../../src-main/log/redact';

afterEach(() => {
  clearRegisteredSecrets();
});

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const key48 = fc.array(alnum, { minLength: 48, maxLength: 48 }).map((chars) => chars.join(''));
const secretLike = fc.string({ minLength: 6, maxLength: 40 }).filter((s) => s.trim().length >= 6);
// The marker keeps a short random value from also occurring by chance elsewhere in the output: fast-check favours
// well-known names, and a stack frame's "Property.run" once contained the generated secret "operty".
const canaryLike = secretLike.map((s) => `kd-canary:${s}`);

describe('redactor', () => {
  it('removes bearer credentials, sk- keys, nap_ tokens and raw 48-character keys from text', () => {
    fc.assert(
      fc.property(key48, (key) => {
        const text = `Authorization: Bearer ${key}; sk-${key}; nap_${key.slice(0, 20)}; raw ${key}`;
        const out = redactString(text);
        expect(out).not.toContain(key);
        expect(out).not.toContain(key.slice(0, 20));
        expect(out).toContain('Bearer [redacted]');
      }),
    );
  });

  it('redacts secret-named fields at any depth, in arrays, maps, headers and errors', () => {
    fc.assert(
      fc.property(
        canaryLike,
        fc.constantFrom('password', 'access_token', 'Authorization', 'apiKey', 'key', 'cookie'),
        (secret, field) => {
          const error = new Error('failed');
          const value = {
            outer: [{ deep: { [field]: secret } }],
            headers: new Headers({ [field === 'key' ? 'x-api-key' : field]: secret.replace(/[^\x20-\x7e]/g, 'x') }),
            map: new Map([[field, secret]]),
            error: Object.assign(error, { cause: { [field]: secret } }),
          };
          const out = JSON.stringify(redact(value));
          expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
        },
      ),
    );
  });

  it('removes registered secrets wherever they appear, plain or encoded, in messages and fields', () => {
    fc.assert(
      fc.property(canaryLike, fc.string(), fc.string(), (secret, before, after) => {
        clearRegisteredSecrets();
        registerSecret(secret);
        const lines: string[] = [];
        const log = createLogger({ now: Date.now, level: 'debug', sink: (line) => lines.push(line) });
        const bytes = new TextEncoder().encode(secret);
        const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
        const base64 = btoa(String.fromCharCode(...bytes));
        log.error(`${before}${secret}${after}`, {
          body: `u=${encodeURIComponent(secret)}&h=${hex}&b=${base64}`,
          nested: { list: [secret], note: `x${secret}y` },
        });
        const parsed = JSON.parse(lines[0] ?? '{}') as unknown;
        const strings = JSON.stringify(parsed);
        for (const form of [secret, encodeURIComponent(secret), hex, base64]) {
          expect(JSON.stringify(parsed)).not.toContain(JSON.stringify(form).slice(1, -1));
        }
        expect(strings).toContain('[redacted]');
      }),
      { numRuns: 200 },
    );
  });

  it('keeps ordinary text and numbers readable', () => {
    expect(redact({ channel: 'keys:list', count: 3, ok: true, message: 'record not found' })).toEqual({
      channel: 'keys:list',
      count: 3,
      ok: true,
      message: 'record not found',
    });
  });

  it('survives cycles and very deep values', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ name: 'a', self: '[circular]' });
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 20; i++) deep = deep.next = {} as Record<string, unknown>;
    expect(JSON.stringify(redact(root))).toContain('[deep]');
  });
});
