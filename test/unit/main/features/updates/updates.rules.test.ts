// The updater's pure rules: semantic version precedence, which installs update themselves, which feed file a
// build reads, the GitHub repository from app-update.yml, the feed document's shape, and electron-updater's
// failures sorted into the kinds Settings explains.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FeedDocumentError,
  MAX_FEED_BYTES,
  feedText,
  parseFeedDocument,
  plainNotes,
} from '../../../../../src-main/features/updates/feed-document';
import { FEED_PUBLIC_KEYS, trustedFeedKeys } from '../../../../../src-main/features/updates/feed-keys';
import { feedSigner, keyFingerprint, signFeed } from '../../../../../src-main/features/updates/feed-signature';
import { isInRollout } from '../../../../../src-main/features/updates/rollout';
import {
  feedFileName,
  githubFeedUrl,
  githubRepositoryFromAppUpdateYml,
  installSupport,
  isAcceptableFeedHop,
  normaliseFeedUrl,
  type InstallFacts,
} from '../../../../../src-main/features/updates/update-support';
import { compareVersions, isNewerOffer, parseVersion } from '../../../../../src-main/features/updates/version';
import { classifyUpdaterError } from '../../../../../src-main/platform/electron/updater.adapter';
import { OTHER_FEED_KEY, TEST_FEED_KEY, feedYaml, sha512 } from './fakes';

const v = (text: string) => {
  const parsed = parseVersion(text);
  if (!parsed) throw new Error(`bad version ${text}`);
  return parsed;
};

describe('versions', () => {
  it('orders versions as semver 2.0.0 says', () => {
    const ordered = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.2.0',
      '1.10.0',
      '2.0.0',
    ];
    for (let index = 1; index < ordered.length; index += 1) {
      expect(compareVersions(v(ordered[index - 1] ?? ''), v(ordered[index] ?? ''))).toBe(-1);
      expect(compareVersions(v(ordered[index] ?? ''), v(ordered[index - 1] ?? ''))).toBe(1);
    }
    expect(compareVersions(v('1.0.0+build.5'), v('v1.0.0'))).toBe(0);
  });

  it('is antisymmetric on any two core versions', () => {
    const part = fc.integer({ min: 0, max: 50 });
    fc.assert(
      fc.property(part, part, part, part, part, part, (a, b, c, d, e, f) => {
        const left = v(`${a}.${b}.${c}`);
        const right = v(`${d}.${e}.${f}`);
        // By sign, so two equal versions (0 one way, -0 negated) count as antisymmetric too.
        expect(Math.sign(compareVersions(left, right)) + Math.sign(compareVersions(right, left))).toBe(0);
      }),
    );
  });

  it('refuses what is not a version', () => {
    for (const text of ['', '1', '1.2', '01.2.3', '1.2.3-', '1.2.3-01', 'latest', `1.2.${'9'.repeat(20)}`]) {
      expect(parseVersion(text)).toBeNull();
    }
  });

  it('offers pre-releases only to pre-release users', () => {
    expect(isNewerOffer(v('1.0.0'), v('1.1.0-beta.1'))).toBe(false);
    expect(isNewerOffer(v('1.1.0-beta.1'), v('1.1.0-beta.2'))).toBe(true);
    expect(isNewerOffer(v('1.1.0-beta.1'), v('1.1.0'))).toBe(true);
    expect(isNewerOffer(v('1.1.0'), v('1.1.0'))).toBe(false);
  });
});

describe('install support', () => {
  const facts = (overrides: Partial<InstallFacts>): InstallFacts => ({
    mode: 'electron',
    isPackaged: true,
    platform: 'linux',
    arch: 'x64',
    appImagePath: undefined,
    packageType: null,
    ...overrides,
  });

  it('updates AppImage, NSIS and macOS builds; not deb/rpm, browser mode or development', () => {
    expect(installSupport(facts({ appImagePath: '/home/u/Keydesk.AppImage' })).support).toBe('supported');
    expect(installSupport(facts({ platform: 'win32' })).support).toBe('supported');
    expect(installSupport(facts({ platform: 'darwin' })).support).toBe('supported');
    expect(installSupport(facts({ packageType: 'deb\n' }))).toEqual({
      support: 'package_manager',
      packageFormat: 'deb',
    });
    expect(installSupport(facts({ packageType: 'rpm' }))).toEqual({ support: 'package_manager', packageFormat: 'rpm' });
    expect(installSupport(facts({}))).toEqual({ support: 'package_manager', packageFormat: null });
    expect(installSupport(facts({ mode: 'browser' })).support).toBe('browser_mode');
    expect(installSupport(facts({ isPackaged: false, platform: 'win32' })).support).toBe('development');
  });

  it('names the feed file electron-builder publishes for each platform', () => {
    expect(feedFileName('win32', 'x64')).toBe('latest.yml');
    expect(feedFileName('win32', 'arm64')).toBe('latest.yml');
    expect(feedFileName('darwin', 'arm64')).toBe('latest-mac.yml');
    expect(feedFileName('linux', 'x64')).toBe('latest-linux.yml');
    expect(feedFileName('linux', 'arm64')).toBe('latest-linux-arm64.yml');
  });

  it('reads the GitHub repository from app-update.yml', () => {
    const text =
      'owner: someone\nrepo: keydesk\nprovider: github\nreleaseType: draft\nupdaterCacheDirName: keydesk-updater\n';
    const repository = githubRepositoryFromAppUpdateYml(text);
    expect(repository).toEqual({ owner: 'someone', repo: 'keydesk' });
    expect(repository && githubFeedUrl(repository)).toBe(
      'https://github.com/someone/keydesk/releases/latest/download/',
    );
    expect(githubRepositoryFromAppUpdateYml('provider: generic\nurl: https://x/\n')).toBeNull();
    expect(githubRepositoryFromAppUpdateYml('provider: github\nowner: a/../b\nrepo: k\n')).toBeNull();
  });

  it('accepts https mirrors and loopback http only', () => {
    expect(normaliseFeedUrl('https://dl.example.cn/keydesk')).toBe('https://dl.example.cn/keydesk/');
    expect(normaliseFeedUrl('http://127.0.0.1:8080/feed/')).toBe('http://127.0.0.1:8080/feed/');
    for (const bad of [
      'http://dl.example.cn/',
      'https://a:b@dl.example.cn/',
      'https://dl.example.cn/?x=1',
      'file:///etc/',
    ]) {
      expect(normaliseFeedUrl(bad)).toBeNull();
    }
  });
});

describe('redirects of a feed address', () => {
  it('follows https anywhere and http only from this machine to this machine', () => {
    expect(isAcceptableFeedHop('https://mirror.example.cn/k/latest.yml', 'https://cdn.example.net/x.yml')).toBe(true);
    expect(isAcceptableFeedHop('http://127.0.0.1:9/latest.yml', 'http://127.0.0.1:9/other.yml')).toBe(true);
    expect(isAcceptableFeedHop('https://mirror.example.cn/latest.yml', 'http://cdn.example.net/x.yml')).toBe(false);
    expect(isAcceptableFeedHop('https://mirror.example.cn/latest.yml', 'http://127.0.0.1:80/x.yml')).toBe(false);
    expect(isAcceptableFeedHop('http://127.0.0.1:9/latest.yml', 'http://cdn.example.net/x.yml')).toBe(false);
    expect(isAcceptableFeedHop('https://a.example/', 'https://user:pw@b.example/x.yml')).toBe(false);
    expect(isAcceptableFeedHop('https://a.example/', 'file:///etc/passwd')).toBe(false);
  });
});

describe('feed signatures', () => {
  const bytes = Buffer.from(feedYaml('1.4.2'), 'utf8');
  const keys = [TEST_FEED_KEY.publicKey];

  it('names the trusted key that signed these bytes under this file name, and nothing else', () => {
    const line = signFeed('latest.yml', bytes, TEST_FEED_KEY.privateKey);
    expect(feedSigner('latest.yml', bytes, line, keys)).toBe(keyFingerprint(TEST_FEED_KEY.publicKey));
    expect(feedSigner('latest-mac.yml', bytes, line, keys)).toBeNull();
    expect(feedSigner('latest.yml', Buffer.concat([bytes, Buffer.from(' ')]), line, keys)).toBeNull();
    expect(feedSigner('latest.yml', bytes, signFeed('latest.yml', bytes, OTHER_FEED_KEY.privateKey), keys)).toBeNull();
    expect(feedSigner('latest.yml', bytes, `garbage\n${line}\n`, keys)).not.toBeNull(); // one line per key
    const lastChar = line.at(-3) === 'A' ? 'Q' : 'A'; // another last byte of the signature
    expect(feedSigner('latest.yml', bytes, `${line.slice(0, -3)}${lastChar}==`, keys)).toBeNull();
  });

  it('carries Ed25519 release keys, each readable', () => {
    expect(FEED_PUBLIC_KEYS.length).toBeGreaterThan(0);
    for (const key of trustedFeedKeys()) expect(key.asymmetricKeyType).toBe('ed25519');
  });
});

describe('staged rollout', () => {
  it('takes part by a fixed draw: in at a percentage stays in at every higher one', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 0, max: 100 }), (raw, pct) => {
        const id = Buffer.from(raw).toString('hex');
        if (isInRollout(id, pct)) expect(isInRollout(id, Math.min(100, pct + 1))).toBe(true);
        expect(isInRollout(id, 0)).toBe(false);
        expect(isInRollout(id, 100)).toBe(true);
        expect(isInRollout(id, null)).toBe(true);
      }),
    );
  });
});

describe('feed document', () => {
  it('reads what electron-builder writes', () => {
    const release = parseFeedDocument(
      feedYaml('1.4.2', { size: 1234, notes: '<h2>New</h2><ul><li>A &amp; B</li></ul>' }),
    );
    expect(release).toMatchObject({
      version: '1.4.2',
      files: [{ url: 'Keydesk-Setup-1.4.2.exe', sizeBytes: 1234 }],
      releaseDate: '2026-11-20T08:00:00.000Z',
      notes: 'New\n• A & B',
    });
  });

  it('reads notes given per version', () => {
    const text = `${feedYaml('1.4.2')}releaseNotes:\n  - version: 1.4.2\n    note: Fixed the tray\n  - version: 1.4.1\n    note: null\n`;
    expect(parseFeedDocument(text).notes).toBe('1.4.2\nFixed the tray\n\n1.4.1');
  });

  it('refuses a document without a version or a file, and what is not YAML', () => {
    expect(() => parseFeedDocument('files: []\n')).toThrow(FeedDocumentError);
    expect(() => parseFeedDocument('version: 1.2.3\n')).toThrow(/no file/);
    const digest = sha512(Buffer.from('x'));
    expect(() => parseFeedDocument(`version: banana\npath: a.exe\nsha512: ${digest}\n`)).toThrow(/not a version/);
    expect(() => parseFeedDocument('version: 1.2.3\npath: a.exe\nsha512: x\n')).toThrow(/unexpected shape/);
    expect(() => parseFeedDocument('{{{')).toThrow(FeedDocumentError);
    expect(() => parseFeedDocument('<html><body>Sign in to the Wi-Fi</body></html>')).toThrow(FeedDocumentError);
  });

  it('names why a feed is refused as a reason the renderer words, keeping only raw words as the detail', () => {
    const refusal = (read: () => unknown): unknown => {
      try {
        read();
      } catch (error) {
        return error instanceof FeedDocumentError ? { why: error.why, detail: error.detail } : error;
      }
      return 'accepted';
    };
    const digest = sha512(Buffer.from('x'));
    expect(refusal(() => parseFeedDocument('version: 1.2.3\n'))).toEqual({ why: { reason: 'feed_no_file' } });
    expect(refusal(() => parseFeedDocument(`version: banana\npath: a.exe\nsha512: ${digest}\n`))).toEqual({
      why: { reason: 'feed_not_version', params: { version: 'banana' } },
    });
    expect(refusal(() => parseFeedDocument('version: 1.2.3\npath: a.exe\nsha512: x\n'))).toEqual({
      why: { reason: 'feed_shape', params: { field: 'sha512' } },
    });
    expect(refusal(() => feedText(new Uint8Array([0x76, 0xff])))).toEqual({ why: { reason: 'feed_not_text' } });
    expect(refusal(() => feedText(new Uint8Array(MAX_FEED_BYTES + 1)))).toEqual({
      why: { reason: 'feed_too_large', params: { bytes: MAX_FEED_BYTES } },
    });
    expect(refusal(() => parseFeedDocument('{{{'))).toMatchObject({ why: { reason: 'feed_not_yaml' } });
  });

  it('refuses any YAML alias before building anything from it, so a small file cannot expand into a large one', () => {
    // 176 KB: one anchored line of notes, then thousands of lists each naming it many times.
    const line = `[${Array.from({ length: 40 }, () => '*n').join(', ')}]`;
    const bomb = `${feedYaml('1.4.2')}anchor: &n "${'x'.repeat(1000)}"\nreleaseNotes:\n${Array.from(
      { length: 1060 },
      () => `  - ${line}\n`,
    ).join('')}`;
    expect(bomb.length).toBeGreaterThan(170_000);
    expect(() => parseFeedDocument(bomb)).toThrow(/not YAML: .*[Aa]lias/);
    expect(() => parseFeedDocument(`${feedYaml('1.4.2')}x: &a 1\ny: *a\n`)).toThrow(FeedDocumentError);
  });

  it('refuses a key given twice, a custom tag, and text that is not UTF-8', () => {
    expect(() => parseFeedDocument(`${feedYaml('1.4.2')}version: 9.9.9\n`)).toThrow(FeedDocumentError);
    expect(() => parseFeedDocument(`${feedYaml('1.4.2')}x: !!js/function 'f'\n`)).toThrow(FeedDocumentError);
    expect(() => feedText(new Uint8Array([0x76, 0xff, 0xfe]))).toThrow(/UTF-8/);
  });

  it('reads the rollout percentage the release workflow sets', () => {
    expect(parseFeedDocument(feedYaml('1.4.2', { stagingPercentage: 25 })).stagingPercentage).toBe(25);
    expect(parseFeedDocument(feedYaml('1.4.2')).stagingPercentage).toBeNull();
  });

  it('keeps no markup in notes', () => {
    expect(plainNotes('<script>alert(1)</script><p>ok</p>')).toBe('alert(1)ok');
  });
});

describe("electron-updater's failures", () => {
  it.each([
    [
      Object.assign(new Error('New version 1.2.0 is not signed by the application owner'), {
        code: 'ERR_UPDATER_INVALID_SIGNATURE',
      }),
      'signature',
    ],
    [new Error('sha512 checksum mismatch, expected abc, got def'), 'signature'],
    [new Error('net::ERR_INTERNET_DISCONNECTED'), 'offline'],
    [new Error('getaddrinfo ENOTFOUND github.com'), 'offline'],
    [new Error('net::ERR_TIMED_OUT'), 'timeout'],
    [new Error('HttpError: 404 Not Found'), 'server'],
    [new Error('something else'), 'unknown'],
  ])('%s → %s', (error, kind) => {
    expect(classifyUpdaterError(error).kind).toBe(kind);
  });
});
