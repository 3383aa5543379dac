// The updater's pure rules: semantic version precedence, which installs update themselves, which feed file a
// build reads, the GitHub repository from app-update.yml, the feed document's shape, and electron-updater's
// failures sorted into the kinds Settings explains.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeedDocumentError, parseFeedDocument, plainNotes } from '../../../../src-main/features/updates/feed-document';
import {
  feedFileName,
  githubFeedUrl,
  githubRepositoryFromAppUpdateYml,
  installSupport,
  normaliseFeedUrl,
  type InstallFacts,
} from '../../../../src-main/features/updates/update-support';
import { compareVersions, isNewerOffer, parseVersion } from '../../../../src-main/features/updates/version';
import { classifyUpdaterError } from '../../../../src-main/platform/electron/updater.adapter';
import { feedYaml } from './fakes';

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
    expect(() => parseFeedDocument('version: banana\npath: a.exe\nsha512: x\n')).toThrow(/not a version/);
    expect(() => parseFeedDocument('{{{')).toThrow(FeedDocumentError);
    expect(() => parseFeedDocument('<html><body>Sign in to the Wi-Fi</body></html>')).toThrow(FeedDocumentError);
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
