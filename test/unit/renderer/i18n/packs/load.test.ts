// Language packs, their date locales and the dark theme load on demand: each pack holds its language's messages and
// Naive UI locale (its date locale comes apart), a pack is loaded once however often it is asked for, and the dark
// theme arrives only when asked.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../../src-shared/contract';
import { messages } from '../../../../../src-renderer/src/i18n';
import {
  loadDateLocale,
  loadPack,
  loadedDateLocales,
  loadedPacks,
} from '../../../../../src-renderer/src/i18n/packs/load';
import { darkTheme, loadDarkTheme } from '../../../../../src-renderer/src/theme/dark-theme';

describe('language packs', () => {
  it.each(LANGUAGES)('%s carries its own messages and Naive UI locales', async (language) => {
    const pack = await loadPack(language);
    expect(pack.messages).toBe(messages[language]);
    expect(pack.naive.name).toBe(language);
    expect(loadedPacks.get(language)).toBe(pack);
  });

  it.each(LANGUAGES)('%s has its Naive UI date locale apart, loaded once when asked for', async (language) => {
    expect(loadedDateLocales.has(language)).toBe(false);
    const [a, b] = await Promise.all([loadDateLocale(language), loadDateLocale(language)]);
    expect(a.name).toBe(language);
    expect(b).toBe(a);
    expect(loadedDateLocales.get(language)).toBe(a);
  });

  it('loads a pack once, however often and however concurrently it is asked for', async () => {
    const [a, b] = await Promise.all([loadPack('zh-CN'), loadPack('zh-CN')]);
    expect(a).toBe(b);
    expect(await loadPack('zh-CN')).toBe(a);
  });
});

describe('dark theme', () => {
  it('is absent until asked for, then the Naive UI dark theme', async () => {
    expect(darkTheme.value).toBeNull();
    const theme = await loadDarkTheme();
    expect(theme.name).toBe('dark');
    expect(darkTheme.value).toBe(theme);
  });
});
