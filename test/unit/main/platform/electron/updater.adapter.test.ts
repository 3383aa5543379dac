// electron-updater in the desktop app is handed the feed Keydesk verified, through a provider of its own built on
// electron-updater's real generic provider: the release it reports is the verified text's, its files resolve under
// the address that served the feed, and it never reads the feed again (it has no way to: no HTTP executor here).
import { describe, expect, it } from 'vitest';
import { loadProviderParts, verifiedFeedProvider } from '../../../../../src-main/platform/electron/updater.adapter';
import { feedYaml } from '../../features/updates/fakes';

describe('the verified feed provider', () => {
  it('answers the verified feed text and resolves its files under the address that served it', async () => {
    const { GenericProvider, parseUpdateInfo } = await loadProviderParts();
    const feedText = feedYaml('1.2.0');
    const Provider = verifiedFeedProvider(GenericProvider, parseUpdateInfo, {
      feedUrl: 'https://mirror.example.cn/keydesk/',
      feedFile: 'latest.yml',
      feedText,
      version: '1.2.0',
    });
    const runtime = { isUseMultipleRangeRequest: false, platform: 'win32', executor: null };
    const provider = new (Provider as unknown as new (...args: unknown[]) => InstanceType<typeof GenericProvider>)(
      { provider: 'custom', url: 'https://mirror.example.cn/keydesk/' },
      { channel: null, isAddNoCacheQuery: false },
      runtime,
    );
    const info = await provider.getLatestVersion();
    expect(info.version).toBe('1.2.0');
    expect(info.files[0]?.sha512).toBe(/sha512: (\S+)/.exec(feedText)?.[1]);
    expect(provider.resolveFiles(info).map((file) => file.url.href)).toEqual([
      'https://mirror.example.cn/keydesk/Keydesk-Setup-1.2.0.exe',
    ]);
  });
});
