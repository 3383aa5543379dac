// Main's naming of the base-address rules (src-shared/rules/url-rules.ts, shared with the account form): the same
// check, with the refusal as a reason the renderer words in the user's language.
import type { ErrorReason } from '../../../src-shared/contract';
import { checkBaseUrl, type UrlProblem, type UrlSuffix } from '../../../src-shared/rules/url-rules';

/** A refusal names its reason; the renderer words it. */
export type UrlCheck =
  | { readonly ok: true; readonly url: string }
  | { readonly ok: false; readonly reason: ErrorReason & `address.${string}` };

const REASONS: Readonly<Record<UrlProblem, ErrorReason & `address.${string}`>> = {
  empty: 'address.empty',
  format: 'address.not_web',
  protocol: 'address.scheme',
  credentials: 'address.credentials',
  query: 'address.query',
  tooLong: 'address.too_long',
  characters: 'address.characters',
};

export function normaliseBaseUrl(input: string, strip: UrlSuffix): UrlCheck {
  const checked = checkBaseUrl(input, strip);
  return checked.ok ? checked : { ok: false, reason: REASONS[checked.problem] };
}
