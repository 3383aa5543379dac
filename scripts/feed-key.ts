// Makes a new release key pair for update feeds: the private key (PEM) into a file readable by you only, for the
// repository secret FEED_SIGNING_KEY; the public key printed, for src-main/features/updates/feed-keys.ts.
//   npx tsx scripts/feed-key.ts <private-key-file>
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { keyFingerprint } from '../src-main/features/updates/feed-signature';

const target = process.argv[2];
if (!target) throw new Error('usage: feed-key.ts <private-key-file>');
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
// 'wx': never overwrite an existing key.
writeFileSync(target, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
console.log(
  `Public key (add to feed-keys.ts): ${publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`,
);
console.log(
  `Fingerprint: ${keyFingerprint(publicKey)}. Put ${target} into the secret FEED_SIGNING_KEY, then delete it.`,
);
