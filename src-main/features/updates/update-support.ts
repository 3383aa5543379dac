// Facts about this install the updater depends on, as pure functions: whether it may update itself (deb and rpm
// installs may not: their package manager does), which feed file names its build, where GitHub Releases serves
// the feed, and which mirror addresses are acceptable.
import type { InstallSupport } from '../../platform/ports';

export interface InstallFacts {
  readonly mode: 'electron' | 'browser';
  readonly isPackaged: boolean;
  /** process.platform */
  readonly platform: string;
  /** process.arch */
  readonly arch: string;
  /** Set by the AppImage runtime to the image's path; absent for every other Linux install. */
  readonly appImagePath: string | undefined;
  /** Contents of `<resources>/package-type`, which electron-builder writes into deb, rpm and pacman packages. */
  readonly packageType: string | null;
}

export function installSupport(facts: InstallFacts): InstallSupport {
  if (facts.mode === 'browser') return { support: 'browser_mode', packageFormat: null };
  if (!facts.isPackaged) return { support: 'development', packageFormat: null };
  if (facts.platform === 'linux' && !facts.appImagePath) {
    // Anything on Linux but the AppImage was installed by a package manager (or unpacked by hand): replacing its
    // files behind the package manager's back would break the next system upgrade.
    const format = facts.packageType?.trim().toLowerCase() ?? '';
    return { support: 'package_manager', packageFormat: /^[a-z0-9-]{1,20}$/.test(format) ? format : null };
  }
  return { support: 'supported', packageFormat: null };
}

/** The feed file electron-builder publishes for this platform and architecture. */
export function feedFileName(platform: string, arch: string): string {
  if (platform === 'darwin') return 'latest-mac.yml';
  if (platform === 'linux') return arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${arch}.yml`;
  return 'latest.yml';
}

export interface GithubRepository {
  readonly owner: string;
  readonly repo: string;
}

const GITHUB_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Owner and repository from the `app-update.yml` electron-builder writes into the packaged app (its `publish`
 * settings, taken from the release build's git remote). null when the file names no GitHub repository.
 */
export function githubRepositoryFromAppUpdateYml(text: string): GithubRepository | null {
  const field = (name: string): string | null => {
    const match = new RegExp(`^${name}:\\s*['"]?([^'"\\s#]+)['"]?\\s*$`, 'm').exec(text);
    return match?.[1] ?? null;
  };
  if (field('provider') !== 'github') return null;
  const owner = field('owner');
  const repo = field('repo');
  if (!owner || !repo || !GITHUB_NAME.test(owner) || !GITHUB_NAME.test(repo)) return null;
  return { owner, repo };
}

/** GitHub serves the newest published release's files under one fixed address: a generic feed. */
export function githubFeedUrl({ owner, repo }: GithubRepository): string {
  return `https://github.com/${owner}/${repo}/releases/latest/download/`;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const isLoopback = (url: URL): boolean => LOOPBACK_HOSTS.has(url.hostname);

/** https anywhere, http only on this machine's loopback (a local test feed); never a user name or password. */
function isAcceptableFeedAddress(url: URL): boolean {
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
}

/**
 * A mirror address as stored: https (http only on this machine's loopback, for a local test feed), no
 * credentials, no query or fragment; ends with `/` so file names resolve under it. null when unacceptable.
 */
export function normaliseFeedUrl(input: string): string | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!isAcceptableFeedAddress(url) || url.search || url.hash) return null;
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.href;
}

/**
 * Whether a redirect from `from` to `to` may be followed: the target passes the mirror rules, and plain http is
 * reached only from an address on this machine (a remote mirror cannot send Keydesk to a local http service).
 */
export function isAcceptableFeedHop(from: string, to: string): boolean {
  let target: URL;
  try {
    target = new URL(to);
  } catch {
    return false;
  }
  if (to.length > 4096 || !isAcceptableFeedAddress(target)) return false;
  return target.protocol === 'https:' || isLoopback(new URL(from));
}
