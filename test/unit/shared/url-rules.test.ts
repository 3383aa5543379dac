// The shared base-address rules: what is refused and why, what an accepted address becomes (idempotent, without
// the suffix the client appends), and main's wording of each problem, unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '../../../src-main/features/accounts/url-rules';
import { checkBaseUrl, looksLikeApiAddress, type UrlProblem } from '../../../src-shared/rules/url-rules';

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

  it('accepts what the shared rule accepts, with the same address', () => {
    fc.assert(
      fc.property(address, strip, (text, suffix) => {
        const shared = checkBaseUrl(text, suffix);
        const main = normaliseBaseUrl(text, suffix);
        expect(main.ok).toBe(shared.ok);
        if (main.ok && shared.ok) expect(main.url).toBe(shared.url);
      }),
      { numRuns: 1000 },
    );
  });
});
