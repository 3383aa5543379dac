// Main's one error path: expected failures keep their code and reason, anything else is logged once and becomes
// `internal`, and a schema's refusal crosses as a field and a named reason, never zod's English.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppErrorException, expectedFailure, toAppError, validationError } from '../../../src-main/errors';
import { credentialText } from '../../../src-main/features/accounts/credential-text';
import { GatewayError } from '../../../src-main/gateway/errors';
import { memoryLogger } from '../../support/memory-logger';
import { BackupFormatError } from '../../../src-main/features/backup/backup-format';
import { SyncCryptoError } from '../../../src-main/features/sync/sync-crypto';
import { RemoteError } from '../../../src-main/features/sync/webdav.remote';
import { VaultRefusedError } from '../../../src-main/features/vault/vault.service';
import { VaultLockedError } from '../../../src-main/vault/secret.store';

const refusal = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return validationError(parsed.error);
};

describe('toAppError', () => {
  it('keeps an expected failure as it is, and logs nothing', () => {
    const { log, lines } = memoryLogger();
    const error = { code: 'validation', reason: 'input.label_length', params: { max: 100 } } as const;
    expect(toAppError(new AppErrorException(error), log)).toEqual(error);
    expect(toAppError(new GatewayError('auth.unauthorized', 'bad password'), log)).toMatchObject({
      code: 'auth.unauthorized',
      serverMessage: 'bad password',
    });
    expect(lines).toEqual([]);
  });

  it('converts a locked vault itself: the passphrase not entered, which the user can fix where it shows', () => {
    const { log, lines } = memoryLogger();
    expect(toAppError(new VaultLockedError('vault is locked'), log)).toEqual({
      code: 'vault.locked',
      reason: 'vault.passphrase_not_entered',
    });
    expect(lines).toEqual([]);
  });

  it('answers anything else as internal with no words of its own, logged once and redacted', () => {
    const { log, lines } = memoryLogger();
    const error = toAppError(new Error('boom with sk-demoCanaryKey0000000000'), log, 'export failed');
    expect(error).toEqual({ code: 'internal' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('export failed');
    expect(lines[0]).not.toContain('demoCanaryKey');
  });
});

describe('expectedFailure', () => {
  it('answers expected failures and throws the rest on, for the router to log', () => {
    expect(expectedFailure(new AppErrorException({ code: 'not_found' }))).toEqual({ code: 'not_found' });
    expect(() => expectedFailure(new TypeError('unexpected'))).toThrow(TypeError);
  });
});

describe('validationError', () => {
  it('names the reason a refinement gave, with the field', () => {
    const error = refusal(z.object({ password: credentialText(10) }), { password: 'a\u0000b' });
    expect(error).toEqual({
      code: 'validation',
      reason: 'input.credential_characters',
      field: 'password',
      params: { field: 'password' },
    });
  });

  it('says the limit of a text too short or too long', () => {
    expect(refusal(z.object({ passphrase: z.string().min(8) }), { passphrase: 'short' })).toMatchObject({
      reason: 'input.too_short',
      params: { field: 'passphrase', min: 8 },
    });
    expect(refusal(z.object({ label: z.string().max(3) }), { label: 'long' })).toMatchObject({
      reason: 'input.too_long',
      params: { max: 3 },
    });
  });

  it('says the limit a refinement names with its length rule', () => {
    const schema = z.object({ passphrase: z.string() }).refine((args) => args.passphrase.length >= 10, {
      path: ['passphrase'],
      params: { reason: 'input.too_short', min: 10 },
    });
    expect(refusal(schema, { passphrase: 'short' })).toMatchObject({
      reason: 'input.too_short',
      params: { field: 'passphrase', min: 10 },
    });
  });

  it('falls back to input.invalid and never carries zod’s English', () => {
    const error = refusal(z.object({ theme: z.enum(['light', 'dark']) }), { theme: 'purple' });
    expect(error).toEqual({ code: 'validation', reason: 'input.invalid', field: 'theme', params: { field: 'theme' } });
    expect(JSON.stringify(error)).not.toMatch(/Invalid option|expected one of/);
  });
});

describe('feature errors convert themselves through the one converter', () => {
  it('answers each feature’s refusal with its code and reason, never internal, and logs nothing', () => {
    const { log, lines } = memoryLogger();
    expect(toAppError(new RemoteError('unauthorized', 401), log)).toEqual({
      code: 'auth.unauthorized',
      reason: 'sync.unauthorized',
      params: { status: 401 },
    });
    expect(toAppError(new SyncCryptoError('wrong_passphrase'), log)).toEqual({
      code: 'validation',
      reason: 'sync.wrong_passphrase',
    });
    expect(toAppError(new VaultRefusedError('vault.wrong_passphrase'), log)).toEqual({
      code: 'vault.locked',
      reason: 'vault.wrong_passphrase',
    });
    expect(toAppError(new BackupFormatError('too_large'), log)).toEqual({
      code: 'validation',
      reason: 'backup.too_large',
      params: { kilobytes: 512 },
    });
    expect(lines).toEqual([]);
  });
});
