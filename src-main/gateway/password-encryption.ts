// Password encryption at login where the site asks for it (new-api rc.4x, common/password_crypto.go): the site's RSA
// public key is read before every login (never cached: the site replaces it on restart, and a stale key id is refused),
// and the password goes as RSA-OAEP (SHA-256) ciphertext in standard base64 instead of in clear.
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { z } from 'zod';
import { GatewayError, whereSupported } from './errors';
import type { ManagementSession } from './management.session';

// Bounded like every answer: a key id is a short token, a 4096-bit PEM key under 1 KB; anything larger is not a key.
const keyAnswerSchema = z.union([
  z.looseObject({
    enabled: z.literal(true),
    kid: z.string().min(1).max(128),
    public_key: z.string().min(1).max(8192),
  }),
  z.looseObject({ enabled: z.literal(false) }),
]);

/** What a login body carries for the password. */
export type PasswordFields =
  { readonly password: string } | { readonly password_encrypted: string; readonly encryption_key_id: string };

/** Reads the site's login key (GET /api/user/login/encryption-key) and encrypts the password with it when it is on. */
export async function passwordFields(session: ManagementSession, password: string): Promise<PasswordFields> {
  let answer: z.infer<typeof keyAnswerSchema>;
  try {
    answer = await whereSupported(
      'password_encryption',
      () =>
        session.call({
          method: 'GET',
          path: '/api/user/login/encryption-key',
          schema: keyAnswerSchema,
          what: 'password encryption key',
          scope: 'login',
          // A refusal in the envelope ("database error") is no outage: it falls back like a missing route.
          businessFailure: 'validation',
          isAnonymous: true,
        }),
      true,
    );
  } catch (error) {
    // Any refusal of the key read means "no password encryption here": an era or a proxy without the route (a 404 of
    // any kind), or one that guards it, or answers something else. The login then sends the password as every older
    // site expects; a site that does require encryption refuses that in its own words. What may pass (no network, a
    // 5xx, a rate limit) fails the login instead, as the login itself would.
    if (error instanceof GatewayError && error.toAppError().retryable !== true) return { password };
    throw error;
  }
  if (!answer.enabled) return { password };
  return { password_encrypted: encryptPassword(password, answer.public_key), encryption_key_id: answer.kid };
}

/** RSA-OAEP with SHA-256 (for the label hash and MGF1 alike, as Go's rsa.DecryptOAEP(sha256)) in standard base64. */
export function encryptPassword(password: string, publicKeyPem: string): string {
  let key;
  try {
    key = createPublicKey({ key: publicKeyPem, format: 'pem' });
  } catch {
    throw new GatewayError('protocol', '', { reason: 'protocol.shape' });
  }
  if (key.asymmetricKeyType !== 'rsa') throw new GatewayError('protocol', '', { reason: 'protocol.shape' });
  const plain = Buffer.from(password, 'utf8');
  // OAEP with SHA-256 carries at most the key's bytes less 66: 190 bytes of password on a 2048-bit key.
  const max = Math.floor((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8) - 2 * 32 - 2;
  if (plain.length > max) {
    throw new GatewayError('validation', '', {
      reason: 'input.too_long',
      params: { field: 'password', max: Math.max(0, max) },
      field: 'password',
    });
  }
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, plain).toString(
    'base64',
  );
}
