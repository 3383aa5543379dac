// Schemas for text that becomes part of an HTTP request to a gateway (passwords, tokens, keys, usernames):
// control characters and lone surrogates are refused as a validation error here, at the bridge, instead of
// surfacing later as a confusing "gateway unreachable" when fetch refuses the header or body.
import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasForbiddenCharacters = (text: string): boolean => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** A credential or username of 1..max characters with no control character and no lone surrogate. */
export const credentialText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !hasForbiddenCharacters(text), {
      // A reason the renderer words (errors.ts validationError), not a sentence.
      params: { reason: 'input.credential_characters' },
    });
