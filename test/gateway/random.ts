// Cryptographically random [0-9a-zA-Z] strings for keys, tokens, session ids and secrets.
import { randomBytes } from 'node:crypto';

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Uniform [0-9a-zA-Z] string from a cryptographic source (rejection sampling avoids modulo bias). */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALNUM.charAt(b % 62);
    }
  }
  return out;
}
