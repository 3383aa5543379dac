// Signs the update feeds of a release: for every latest*.yml in a folder, sets the staged rollout's
// stagingPercentage, checks the file still reads as a feed, and writes `<name>.sig` (Ed25519, the format
// src-main/features/updates/feed-signature.ts verifies). Run by the release workflow after the installers are uploaded:
//   FEED_SIGNING_KEY=<PEM> npx tsx scripts/sign-feeds.ts <folder> [--rollout N]
// FEED_SIGNING_KEY_NEXT (optional) adds a second signature line while the release key is being rotated.
// --dry-run without FEED_SIGNING_KEY signs with a throwaway key, to show in CI that the step runs (no secrets there).
import { generateKeyPairSync, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseFeedDocument } from '../src-main/features/updates/feed-document';
import { FEED_PUBLIC_KEYS } from '../src-main/features/updates/feed-keys';
import {
  SIGNATURE_SUFFIX,
  feedPrivateKey,
  feedPublicKey,
  feedSigner,
  keyFingerprint,
  signFeed,
} from '../src-main/features/updates/feed-signature';

/** The feed with `stagingPercentage` set to `rollout` (removed at 100: every install is offered the release). */
export function withRollout(text: string, rollout: number): string {
  const kept = text.replace(/^stagingPercentage:.*(?:\r?\n|$)/gm, '');
  if (rollout >= 100) return kept;
  return `${kept.endsWith('\n') ? kept : `${kept}\n`}stagingPercentage: ${rollout}\n`;
}

export interface SignedFeedFile {
  readonly file: string;
  readonly version: string;
  readonly keys: readonly string[];
}

/** Signs every latest*.yml in `folder` with `keys`; answers what it signed. Throws on anything it cannot sign. */
export function signFeedsIn(folder: string, keys: readonly KeyObject[], rollout: number): SignedFeedFile[] {
  const feeds = readdirSync(folder).filter((name) => /^latest(-[a-z0-9-]+)?\.yml$/.test(name));
  if (feeds.length === 0) throw new Error(`no latest*.yml in ${folder}`);
  return feeds.map((file) => {
    const path = join(folder, file);
    const text = withRollout(readFileSync(path, 'utf8'), rollout);
    const release = parseFeedDocument(text); // the app would refuse what does not parse: so does the release
    const bytes = Buffer.from(text, 'utf8');
    const lines = keys.map((key) => signFeed(file, bytes, key));
    const publicKeys = keys.map((key) => createPublicKey(key));
    if (feedSigner(file, bytes, lines.join('\n'), publicKeys) === null)
      throw new Error(`${file}: signature does not verify`);
    writeFileSync(path, text);
    writeFileSync(`${path}${SIGNATURE_SUFFIX}`, `${lines.join('\n')}\n`);
    return { file, version: release.version, keys: publicKeys.map(keyFingerprint) };
  });
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { rollout: { type: 'string', default: '100' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const folder = positionals[0];
  const rollout = Number(values.rollout === '' ? '100' : values.rollout);
  if (!folder) throw new Error('usage: sign-feeds.ts <folder> [--rollout N] [--dry-run]');
  if (!Number.isInteger(rollout) || rollout < 1 || rollout > 100)
    throw new Error('--rollout is a whole percentage, 1 to 100');
  const pems = [process.env.FEED_SIGNING_KEY ?? '', process.env.FEED_SIGNING_KEY_NEXT ?? ''].filter((pem) =>
    pem.trim(),
  );
  let keys: KeyObject[];
  if (pems.length === 0) {
    if (!values['dry-run'])
      throw new Error('FEED_SIGNING_KEY is not set: the release would publish feeds no Keydesk accepts');
    keys = [generateKeyPairSync('ed25519').privateKey];
    console.log('Dry run: FEED_SIGNING_KEY is not set, so a throwaway key signs; a release signs with the secret.');
  } else {
    keys = pems.map(feedPrivateKey);
    // A secret that is not the key the app carries would publish feeds every install refuses: stop the release.
    const trusted = new Set(FEED_PUBLIC_KEYS.map((key) => keyFingerprint(feedPublicKey(key))));
    const known = keys.map((key) => keyFingerprint(createPublicKey(key))).filter((print) => trusted.has(print));
    if (known.length === 0) throw new Error('FEED_SIGNING_KEY matches none of the public keys in feed-keys.ts');
  }
  for (const signed of signFeedsIn(folder, keys, rollout)) {
    console.log(`Signed ${signed.file} (${signed.version}, rollout ${rollout} %) with key ${signed.keys.join(', ')}`);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  try {
    main();
  } catch (error) {
    console.error(`sign-feeds: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
