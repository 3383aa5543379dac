// How hard a backup passphrase is to guess, roughly: its length times the bits of the kinds of characters in it,
// less for a passphrase made of one repeated character or a run. A hint under the field, not a rule: main refuses
// only what is shorter than MIN_BACKUP_PASSPHRASE.
import { MIN_BACKUP_PASSPHRASE } from '../../../../src-shared/contract';

export type PassphraseStrength = 'too_short' | 'weak' | 'fair' | 'strong';

/** Estimated bits: what an attacker trying this kind of passphrase blindly would face, at best. */
const graphemes = (text: string): string[] => Array.from(new Intl.Segmenter().segment(text), (part) => part.segment);

export function passphraseBits(text: string): number {
  const chars = graphemes(text);
  let pool = 0;
  if (/[a-z]/.test(text)) pool += 26;
  if (/[A-Z]/.test(text)) pool += 26;
  if (/[0-9]/.test(text)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(text)) pool += 33;
  // Anything beyond ASCII (Chinese, for one) draws on a far larger set; counted modestly.
  if (/[^\p{ASCII}]/u.test(text)) pool += 100;
  const distinct = new Set(chars).size;
  // "aaaaaaaaaaaa" or "abcabcabcabc": only the distinct characters carry surprise.
  const effective = Math.min(chars.length, distinct * 2);
  return pool === 0 ? 0 : effective * Math.log2(pool);
}

export function passphraseStrength(text: string): PassphraseStrength {
  if (graphemes(text).length < MIN_BACKUP_PASSPHRASE) return 'too_short';
  const bits = passphraseBits(text);
  if (bits < 50) return 'weak';
  if (bits < 75) return 'fair';
  return 'strong';
}
