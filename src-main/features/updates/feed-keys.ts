// The public keys an update feed must be signed with (Ed25519, base64 SPKI DER). The private half of each lives only
// in the release workflow's secret FEED_SIGNING_KEY. To rotate: `npx tsx scripts/feed-key.ts` makes a new pair; add
// the new public key here, release once signed by both keys (the workflow's FEED_SIGNING_KEY_NEXT), then drop the old.
import type { KeyObject } from 'node:crypto';
import { feedPublicKey } from './feed-signature';

export const FEED_PUBLIC_KEYS: readonly string[] = ['MCowBQYDK2VwAyEAF+5gW7Wd6mpPchFT9In70o+VzOjtrvzrI2WB/vLMMGQ='];

export function trustedFeedKeys(): readonly KeyObject[] {
  return FEED_PUBLIC_KEYS.map(feedPublicKey);
}
