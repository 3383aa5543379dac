// Ed25519 signatures of the update feed. The release workflow signs each `latest*.yml` with the private key held
// only in its secrets (scripts/sign-feeds.ts); the app checks the signature against the public keys built into it
// (feed-keys.ts) before it trusts a byte of the feed, so the sha512 of each download comes from Keydesk's release,
// never from whoever serves the files.
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** `latest.yml` is signed in `latest.yml.sig` beside it. */
export const SIGNATURE_SUFFIX = '.sig';
/** A signature file holds a line or two of base64 (one per signing key while keys are rotated). */
export const MAX_SIGNATURE_BYTES = 4 * 1024;

// What is signed: a fixed label, the feed file's name and its exact bytes. The name is inside so a feed signed for
// one platform (latest-mac.yml) cannot be served as another's (latest.yml).
const LABEL = 'keydesk-update-feed/1';

export function signedMessage(feedFile: string, bytes: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${LABEL}\n${feedFile}\n`, 'utf8'), bytes]);
}

/** A public key from its base64 SPKI DER form, as feed-keys.ts holds it; throws unless it is an Ed25519 key. */
export function feedPublicKey(spkiBase64: string): KeyObject {
  const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 public key');
  return key;
}

/** A private key from PEM (PKCS #8) text, as the release workflow's secret holds it. */
export function feedPrivateKey(pem: string): KeyObject {
  const key = createPrivateKey({ key: pem, format: 'pem' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 private key');
  return key;
}

/** A short, stable name of a public key for Settings and logs: the first 16 hex digits of its SPKI's SHA-256. */
export function keyFingerprint(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);
}

/** The signature line for a feed file (base64 of 64 bytes). */
export function signFeed(feedFile: string, bytes: Uint8Array, privateKey: KeyObject): string {
  return sign(null, signedMessage(feedFile, bytes), privateKey).toString('base64');
}

/**
 * The fingerprint of the trusted key that signed these bytes under this file name, or null when no line of the
 * signature file verifies with any trusted key.
 */
export function feedSigner(
  feedFile: string,
  bytes: Uint8Array,
  signatureText: string,
  trustedKeys: readonly KeyObject[],
): string | null {
  const message = signedMessage(feedFile, bytes);
  for (const line of signatureText.split(/\r?\n/).slice(0, 8)) {
    const text = line.trim();
    // Exactly the canonical base64 of 64 bytes: Node's decoder would skip stray characters.
    if (!/^[A-Za-z0-9+/]{86}==$/.test(text)) continue;
    const signature = Buffer.from(text, 'base64');
    for (const key of trustedKeys) {
      if (verify(null, message, key, signature)) return keyFingerprint(key);
    }
  }
  return null;
}
