// The shared base-address rules: what is refused and why, what an accepted address becomes (idempotent, without
// the suffix the client appends, as an independent reading of the rule says), and main's wording of each problem.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '../../../../src-main/features/accounts/url-rules';
import { checkBaseUrl, looksLikeApiAddress, type UrlProblem } from '../../../../src-shared/rules/url-rules';

const strip = fc.constantFrom('/api' as const, '/v1' as const);
const part = fc.constantFrom('', '/', '/api', '/API/', '/v1', '/V1//', '/x', '//', '?q=1', '#h', ' ', '%20', 'é');
const address = fc.oneof(
  fc.string(),
  fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'ftp://', '', 'HTTPS://', 'https://u:p@', ' http://'),
      fc.constantFrom('gw.example.com', '127.0.0.1:8080', '[::1]', 'xn--fsq.com', '', 'GW.Example.com'),
      fc.array(part, { maxLength: 4 }),
    )
    .map(([scheme, host, parts]) => `${scheme}${host}${parts.join('')}`),
);

// An address built from known parts, so what the rule should make of it can be said from the parts alone, without
// the URL parser the rule itself uses: a comparison with an independent reading, not with the code under test.
interface Parts {
  readonly pad: string;
  readonly scheme: string;
  readonly userinfo: string;
  readonly host: string;
  readonly segments: readonly string[];
  readonly trailing: string;
  readonly tail: string;
}
const composed = fc.record({
  pad: fc.constantFrom('', ' ', '  '),
  scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', 'Http://', 'ftp://', ''),
  userinfo: fc.constantFrom('', '', '', 'u:p@', 'u@'),
  host: fc.constantFrom('gw.example.com', 'GW.Example.COM', '127.0.0.1:8080', '[::1]', 'relay.example.net:3000'),
  segments: fc.array(fc.constantFrom('api', 'API', 'v1', 'V1', 'proxy', 'x'), { maxLength: 4 }),
  trailing: fc.constantFrom('', '/', '//'),
  tail: fc.constantFrom('', '', '', '?q=1', '#h'),
});
const spell = (p: Parts): string => {
  // Without a scheme a user part would read as one (`u:p@…`): the oracle leaves it out there.
  const userinfo = p.scheme === '' ? '' : p.userinfo;
  const path = p.segments.length > 0 ? `/${p.segments.join('/')}${p.trailing}` : p.trailing;
  return `${p.pad}${p.scheme}${userinfo}${p.host}${path}${p.tail}${p.pad}`;
};
type Expected = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly problems: UrlProblem[] };
function oracle(p: Parts, suffix: '/api' | '/v1'): Expected {
  // Without a scheme the text is no address; a host with a port (`relay.example.net:3000`) reads as an unknown scheme.
  if (p.scheme === '') return { ok: false, problems: ['format', 'protocol'] };
  if (p.scheme === 'ftp://') return { ok: false, problems: ['protocol'] };
  if (p.userinfo !== '') return { ok: false, problems: ['credentials'] };
  if (p.tail !== '') return { ok: false, problems: ['query'] };
  let path = p.segments.map((segment) => `/${segment}`).join('');
  // The client appends the suffix itself: the last one typed goes, once, in any case.
  if (path.toLowerCase().endsWith(suffix)) path = path.slice(0, -suffix.length);
  return { ok: true, url: `${p.scheme.toLowerCase()}${p.host.toLowerCase()}${path}` };
}
const REASON: Readonly<Record<UrlProblem, string>> = {
  empty: 'address.empty',
  format: 'address.not_web',
  protocol: 'address.scheme',
  credentials: 'address.credentials',
  query: 'address.query',
  tooLong: 'address.too_long',
  characters: 'address.characters',
};

describe('checkBaseUrl', () => {
  it.each([
    ['https://gw.example.com', '/api', 'https://gw.example.com'],
    ['  https://gw.example.com/api/  ', '/api', 'https://gw.example.com'],
    ['https://gw.example.com/v1', '/v1', 'https://gw.example.com'],
    ['https://gw.example.com/v1', '/api', 'https://gw.example.com/v1'],
    ['https://gw.example.com/proxy/V1//', '/v1', 'https://gw.example.com/proxy'],
    ['https://gw.example.com/api/api', '/api', 'https://gw.example.com/api'],
    ['http://127.0.0.1:3000/', '/api', 'http://127.0.0.1:3000'],
  ] as const)('%s (strip %s) → %s', (input, suffix, url) => {
    expect(checkBaseUrl(input, suffix)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['gw.example.com', 'format'],
    ['ftp://gw.example.com', 'protocol'],
    ['https://user:pw@gw.example.com', 'credentials'],
    ['https://gw.example.com/?a=1', 'query'],
    ['https://gw.example.com/#x', 'query'],
  ] as const)('refuses %j as %s', (input, problem) => {
    expect(checkBaseUrl(input, '/api')).toEqual({ ok: false, problem });
  });

  it('gives an address that is http(s), has no trailing slash, and reads back as itself', () => {
    fc.assert(
      fc.property(address, strip, (text, suffix) => {
        const checked = checkBaseUrl(text, suffix);
        if (!checked.ok) return;
        expect(checked.url).toMatch(/^https?:\/\/[^/?#]+/);
        expect(checked.url.endsWith('/')).toBe(false);
        // One suffix is removed, not every one: `/api/api` keeps the first (the site may really live under /api).
        if (!checked.url.toLowerCase().endsWith(suffix)) expect(checkBaseUrl(checked.url, suffix)).toEqual(checked);
      }),
      { numRuns: 2000 },
    );
  });

  it('spots an API address pasted as the base address', () => {
    expect(looksLikeApiAddress('https://gw.example.com/v1')).toBe(true);
    expect(looksLikeApiAddress('https://gw.example.com/V1/ ')).toBe(true);
    expect(looksLikeApiAddress('https://gw.example.com/v1x')).toBe(false);
    expect(looksLikeApiAddress('https://gw.example.com')).toBe(false);
  });
});

describe("main's naming of the URL rules", () => {
  it.each<[string, UrlProblem, string]>([
    ['', 'empty', 'address.empty'],
    ['gw.example.com', 'format', 'address.not_web'],
    ['ftp://gw.example.com', 'protocol', 'address.scheme'],
    ['https://u:p@gw.example.com', 'credentials', 'address.credentials'],
    ['https://gw.example.com?x', 'query', 'address.query'],
  ])('%j is refused as %s with its reason', (input, problem, reason) => {
    expect(checkBaseUrl(input, '/api')).toMatchObject({ ok: false, problem });
    expect(normaliseBaseUrl(input, '/api')).toEqual({ ok: false, reason });
  });

  it('accepts and refuses as an independent reading of the rule would, naming each refusal', () => {
    fc.assert(
      fc.property(composed, strip, (parts, suffix) => {
        const expected = oracle(parts, suffix);
        const text = spell(parts);
        const shared = checkBaseUrl(text, suffix);
        const main = normaliseBaseUrl(text, suffix);
        if (expected.ok) {
          expect(shared).toEqual(expected);
          expect(main).toEqual(expected);
        } else {
          expect(shared.ok).toBe(false);
          if (!shared.ok) expect(expected.problems).toContain(shared.problem);
          expect(main).toEqual({ ok: false, reason: shared.ok ? null : REASON[shared.problem] });
        }
      }),
      { numRuns: 2000 },
    );
  });
});
