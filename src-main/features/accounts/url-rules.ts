// Main's wording of the base-address rules (src-shared/rules/url-rules.ts, shared with the account form): the same
// check, with the refusal as the sentence main's validation error carries today.
import { checkBaseUrl, type UrlProblem, type UrlSuffix } from '../../../src-shared/rules/url-rules';

export type UrlCheck =
  | { readonly ok: true; readonly url: string }
  | { readonly ok: false; readonly problem: UrlProblem; readonly reason: string };

const REASONS: Readonly<Record<UrlProblem, string>> = {
  empty: 'Enter the address, for example https://gateway.example.com',
  format: 'Not a web address: it must start with https:// (or http://)',
  protocol: 'Only http:// and https:// addresses are supported',
  credentials: 'Leave the user name and password out of the address',
  query: 'Leave ? and # parts out of the address',
};

export function normaliseBaseUrl(input: string, strip: UrlSuffix): UrlCheck {
  const checked = checkBaseUrl(input, strip);
  return checked.ok ? checked : { ok: false, problem: checked.problem, reason: REASONS[checked.problem] };
}
